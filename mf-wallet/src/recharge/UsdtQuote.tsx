import { useTranslation } from '@invest/runtime';
import { rateAmount, usdtAmount, usdtCentsFor } from '../lib/money';
import w from '../components/wallet.module.css';
import s from './recharge.module.css';

/** The preview's row for a TRC-USDT recharge: how much USDT covers the amount at the operator's rate. */
export function UsdtToSend({ minor, rate }: { minor: number | null; rate: number }) {
  const { t } = useTranslation('wallet');
  return (
    <div className={w.kv}>
      <dt>{t('recharge.youSend')}</dt>
      <dd className="num" data-testid="usdt-to-send">
        {minor ? t('recharge.usdtAmount', { amount: usdtAmount(usdtCentsFor(minor, rate)) }) : '--'}
      </dd>
    </div>
  );
}

/** Where that figure comes from: the operator's rate, said to be theirs; without one, that there is none yet. */
export function UsdtRate({ rate, currency }: { rate: number | null; currency: string }) {
  const { t } = useTranslation('wallet');
  return (
    <p className={s.rate} data-testid="usdt-rate">
      {rate ? t('recharge.usdtRate', { rate: rateAmount(rate, currency) }) : t('recharge.usdtNoRate')}
    </p>
  );
}

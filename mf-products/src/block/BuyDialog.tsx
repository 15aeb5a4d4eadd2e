import { useEffect, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  calls,
  Dialog,
  digitsOnly,
  errorKeyOf,
  failureKey,
  formatPrice,
  formatPriceIn,
  invalidateWallet,
  LinkButton,
  stripExchangeSuffix,
  TextField,
  toast,
  useCall,
  useCallMutation,
  useQueryClient,
  type Offer,
} from '@invest/shared';
import { BLOCK_MIN_COUNT_DEFAULT, blockCostOf, blockMaxCount } from '@invest/shared/values/offers';
import { money } from '../components/money';
import s from '../components/products.module.css';

/** Spec §5: the minimum hint appears once the quantity has been left alone for 3 s. */
export const MIN_HINT_IDLE_MS = 3000;

/** Where the transaction password is set (the settings screen's row opens its dialog). */
export const TRADE_PASSWORD_HREF = '/settings';

/**
 * The buy of a block or QIP offer: quantity (digits only, at least the offer's minimum; by default the most the
 * available balance pays for, margin included), a step control that never goes below the minimum, a max button, the
 * transaction code (the user's transaction password) and the total in the deployment currency.
 */
export function BuyDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation('products');
  const min = offer.count > 0 ? offer.count : BLOCK_MIN_COUNT_DEFAULT;
  const balance = useCall(calls.balance).data?.balance;
  const password = useCall(calls.tradePasswordState).data;
  // The balance of now when known, else what the list computed; a missing rate affords nothing.
  const most = offer.fx_rate !== null && balance !== undefined ? blockMaxCount(balance, offer.price, offer.fx_rate) : offer.max_count;
  const [text, setText] = useState<string | null>(null);
  const quantity = text ?? String(most >= min ? most : min);
  const count = quantity === '' ? 0 : Number(quantity);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  // The quantity that has been left alone for 3 s: the hint shows while the field still holds it.
  const [idleAt, setIdleAt] = useState<string | null>(null);
  const idle = idleAt === quantity;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setIdleAt(quantity), MIN_HINT_IDLE_MS);
    return () => clearTimeout(timer);
  }, [quantity]);

  const client = useQueryClient();
  const buy = useCallMutation(calls.dealBuy, {
    onSuccess: () => {
      toast(t('block.success'), 'success');
      onClose();
    },
    // Said in the dialog, which stays open for another try: a toast too would say it twice, over the dialog's
    // buttons, and outlive the try that succeeds.
    onError: (e) => {
      setFailed(t(failureKey(e, 'block.failed')));
      // Set elsewhere meanwhile, or never: the password's state is read again, and the dialog follows it.
      if (errorKeyOf(e) === 'tradePasswordNotSet') void client.invalidateQueries({ queryKey: [calls.tradePasswordState.path] });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [calls.offerList.path] });
      void client.invalidateQueries({ queryKey: [calls.dealList.path] });
      void client.invalidateQueries({ queryKey: [calls.positions.path] });
      void invalidateWallet(client);
    },
  });

  const set = (n: number) => {
    setTouched(true);
    setFailed(null);
    setText(String(n));
  };
  const missing = quantity === '' || code.trim() === '';
  const belowMin = quantity !== '' && count < min;
  const total = offer.fx_rate !== null && count > 0 ? blockCostOf(count, offer.price, offer.fx_rate) : null;
  const mustSetPassword = password?.is_set === false;
  const submit = () => {
    if (missing || belowMin) return;
    buy.mutate({ tag: offer.tag, count, price: offer.price, mold: offer.mold, id: offer.id, stock_password: code.trim() });
  };

  return (
    <Dialog open onClose={() => !buy.isPending && onClose()} title={t('block.buyTitle', { code: stripExchangeSuffix(offer.tag) })}>
      <p className={s.hint}>
        {offer.name} · {t('block.blockPrice')}{' '}
        <span className="num">{formatPriceIn(offer.price, offer.currency, 2)}</span>
      </p>
      <label className={s.fieldLabel} htmlFor="block-quantity">
        {t('block.quantity')}
      </label>
      <div className={s.qty}>
        <button type="button" className={s.step} aria-label={t('block.less')} disabled={count <= min} onClick={() => set(Math.max(min, count - 1))}>
          −
        </button>
        <input
          id="block-quantity"
          className={s.qtyInput}
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          aria-invalid={belowMin || undefined}
          aria-describedby={idle ? 'block-min-hint' : undefined}
          onChange={(e) => {
            setTouched(true);
            setFailed(null);
            setText(digitsOnly(e.target.value));
          }}
        />
        <button type="button" className={s.step} aria-label={t('block.more')} onClick={() => set(Math.max(min, count + 1))}>
          +
        </button>
        <button type="button" className={s.step} onClick={() => set(Math.max(min, most))} disabled={most < min}>
          {t('block.max')}
        </button>
      </div>
      {idle && (
        <p id="block-min-hint" className={belowMin ? s.searchMessage : s.hint} role={belowMin ? 'alert' : undefined} data-testid="min-hint">
          {t('block.minHint', { min: formatPrice(min, 0) })}
        </p>
      )}
      {most < min && <p className={s.hint}>{t('block.cannotAfford', { min: formatPrice(min, 0) })}</p>}
      {password?.locked_until && (
        <p className={s.alert} data-testid="password-locked">
          {t('hint.tradePasswordLocked')}
        </p>
      )}
      {mustSetPassword ? (
        <div className={s.warn} data-testid="set-password">
          <p className={s.hint}>{t('block.setPassword')}</p>
          <LinkButton to={TRADE_PASSWORD_HREF}>{t('block.setPasswordLink')}</LinkButton>
        </div>
      ) : (
        <TextField
          label={t('block.code')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={64}
          value={code}
          onChange={(v) => {
            setTouched(true);
            setFailed(null);
            setCode(v);
          }}
        />
      )}
      <div className={s.total}>
        <span>{t('block.total')}</span>
        <strong className="num" data-testid="block-total">
          {total === null ? '--' : money(total, offer.settle_currency)}
        </strong>
      </div>
      <p className={s.note}>{offer.fx_rate === null ? t('hint.exchangeRateStale') : t('block.marginNote', { margin: formatPrice(offer.margin_bps / 100, 2) })}</p>
      {failed && (
        <p className={s.alert} role="alert" data-testid="buy-failed">
          {failed}
        </p>
      )}
      {/* Spec §5: the code and the quantity are required; said once the user has started, not on opening. */}
      {touched && missing && (
        <p className={s.searchMessage} data-testid="required">
          {t('hint.blockFieldsRequired')}
        </p>
      )}
      <div className={s.actions}>
        <Button variant="secondary" disabled={buy.isPending} onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button busy={buy.isPending} disabled={mustSetPassword || missing || belowMin} onClick={submit}>
          {t('block.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

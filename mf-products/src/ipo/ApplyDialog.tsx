import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  calls,
  Dialog,
  digitsOnly,
  failureKey,
  invalidateWallet,
  toast,
  useCallMutation,
  useQueryClient,
  type Ipo,
} from '@invest/shared';
import { clampIpoQuantity, IPO_QUANTITY_STEP, ipoCode, stepIpoQuantity } from '@invest/shared/values/ipo';
import { shares, sharePrice } from './ipoDisplay';
import s from '../components/products.module.css';

/**
 * An application's quantity: digits only, kept within the issue's min..max (typing past max stops at max; a number
 * under min becomes min once the field is left or the application sent), steps of a lot (100), min and max buttons.
 * The total is held from the balance, not debited, until the allotment.
 */
export function ApplyDialog({ ipo, onClose }: { ipo: Ipo; onClose: () => void }) {
  const { t } = useTranslation('products');
  const [text, setText] = useState(String(ipo.min));
  const count = clampIpoQuantity(text, ipo);
  const client = useQueryClient();
  const apply = useCallMutation(calls.ipoBuy, {
    onSuccess: () => {
      toast(t('ipo.success'), 'success');
      onClose();
    },
    onError: (e) => toast(t(failureKey(e, 'ipo.failed')), 'error'),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [calls.ipoList.path] });
      void client.invalidateQueries({ queryKey: [calls.ipoOrders.path] });
      void invalidateWallet(client);
    },
  });
  const set = (n: number) => setText(String(n));
  const lot = ipo.lot || IPO_QUANTITY_STEP;

  return (
    <Dialog open onClose={() => !apply.isPending && onClose()} title={t('ipo.applyTitle', { code: ipoCode(ipo.symbol) })}>
      <p className={s.hint}>
        {ipo.company_name} · {t('ipo.issuePrice')} <span className="num">{sharePrice(ipo.issue_price, ipo.currency)}</span>
      </p>
      <label className={s.fieldLabel} htmlFor="ipo-quantity">
        {t('ipo.quantity')}
      </label>
      <div className={s.qty}>
        <button type="button" className={s.step} aria-label={t('ipo.less', { step: lot })} disabled={count <= ipo.min} onClick={() => set(stepIpoQuantity(count, -1, ipo))}>
          −{lot}
        </button>
        <input
          id="ipo-quantity"
          className={s.qtyInput}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            const digits = digitsOnly(e.target.value);
            // Past the maximum it stops at the maximum; below the minimum it may still be on its way (typing 250).
            setText(digits !== '' && Number(digits) > ipo.max ? String(ipo.max) : digits);
          }}
          onBlur={() => set(count)}
        />
        <button type="button" className={s.step} aria-label={t('ipo.more', { step: lot })} disabled={count >= ipo.max} onClick={() => set(stepIpoQuantity(count, 1, ipo))}>
          +{lot}
        </button>
      </div>
      <div className={s.quick}>
        <Button variant="secondary" onClick={() => set(ipo.min)}>
          {t('ipo.min', { n: shares(ipo.min) })}
        </Button>
        <Button variant="secondary" onClick={() => set(ipo.max)}>
          {t('ipo.max', { n: shares(ipo.max) })}
        </Button>
      </div>
      <div className={s.total}>
        <span>{t('ipo.total')}</span>
        <strong className="num" data-testid="ipo-total">
          {sharePrice(count * ipo.issue_price, ipo.currency)}
        </strong>
      </div>
      <p className={s.warn} data-testid="hold-note">
        {t('ipo.holdNote')}
      </p>
      <div className={s.actions}>
        <Button variant="secondary" disabled={apply.isPending} onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          busy={apply.isPending}
          onClick={() => {
            set(count);
            apply.mutate({ id: ipo.id, tag: ipo.symbol, count, price: ipo.issue_price });
          }}
        >
          {t('ipo.apply')}
        </Button>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useNavigate } from 'react-router-dom';
import { Button, calls, type Deployment, Dialog, failureKey, IconButton, RECHARGE_MIN, type RechargeMethod, type RechargeMethodInfo, type RechargeRecord, TextField, toast, useCall, useCallMutation, useDeployment, WithDeployment, QueryState, SkeletonRows } from '@invest/shared';
import { AmountField, FormAlert, issueMessage, MoneyForm, useMoneyForm } from '../components/MoneyForm';
import { WalletPage } from '../components/WalletPage';
import { limitAmount, requestAmount, toMinor } from '../lib/money';
import { useWalletRefresh } from '../lib/refresh';
import { rechargeInput, rechargeIssue } from '../lib/rules';
import { UsdtRate, UsdtToSend } from './UsdtQuote';
import w from '../components/wallet.module.css';
import s from './recharge.module.css';

export const RECHARGE_RECORDS_PATH = '/recharge-records/recharge';
/** Quick picks: common deposit sizes, all above the minimum. */
const QUICK_AMOUNTS = [5000, 10000, 50000, 100000];

export function RechargePage() {
  return (
    <WalletPage title="titles.recharge" link={{ to: RECHARGE_RECORDS_PATH, label: 'recordsLink' }}>
      <WithDeployment>{(d) => <RechargeForm deployment={d} />}</WithDeployment>
    </WalletPage>
  );
}

function RechargeForm({ deployment }: { deployment: Deployment }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const refresh = useWalletRefresh();
  const methods = useCall(calls.rechargeMethods);
  // The settings again as the form opens: the USDT rate it quotes is the operator's current one.
  useDeployment({ current: true });
  const enabled = (methods.data ?? []).filter((m) => m.enabled);
  const [picked, setPicked] = useState<RechargeMethod | null>(null);
  // The first available method until the user picks one.
  const method = picked ?? enabled[0]?.method ?? null;
  const info = enabled.find((m) => m.method === method);
  const { amount, setAmount, failed, setFailed, send, online } = useMoneyForm();
  const [paymentRef, setPaymentRef] = useState('');
  const [done, setDone] = useState<RechargeRecord | null>(null);

  const fields = { amount, method, paymentRef };
  const issue = rechargeIssue(fields);
  const currency = deployment.currency;
  const minor = amount ? toMinor(Number(amount)) : null;
  const tooLow = issue?.key === 'hint.rechargeAmountTooLow';
  const add = useCallMutation(calls.rechargeAdd, {
    onSuccess: (record) => {
      setDone(record);
      setAmount('');
      setPaymentRef('');
      void refresh();
    },
    onError: (e) => setFailed(t(failureKey(e, 'recharge.failed'))),
  });
  const submit = () => send(issue !== null, add, rechargeInput(fields));

  return (
    <div className={w.body}>
      <QueryState query={methods} skeleton={<SkeletonRows rows={2} />} errorTitle={t('recharge.methodsFailed')}>
        {enabled.length === 0 ? (
          <p className={w.muted} data-testid="no-methods">
            {t('recharge.noMethods')}
          </p>
        ) : (
          <MoneyForm onSubmit={submit}>
            <fieldset className={w.choices}>
              <legend className={w.legend}>{t('recharge.method')}</legend>
              {(methods.data ?? []).map((m) => (
                <label key={m.method} className={w.choice}>
                  <input type="radio" name="recharge-method" value={m.method} checked={method === m.method} disabled={!m.enabled} onChange={() => setPicked(m.method)} />
                  <span className={w.dot} aria-hidden="true" />
                  <span className={w.choiceText}>
                    <span className={w.choiceTitle}>{t(`recharge.methods.${m.method}`)}</span>
                    <span className={w.choiceSub}>{m.enabled ? t(`recharge.methodHints.${m.method}`) : t('recharge.unavailable')}</span>
                  </span>
                </label>
              ))}
            </fieldset>

            {info && <PayTo info={info} currency={currency} />}

            <AmountField
              label={t('recharge.amount', { symbol: deployment.symbol })}
              value={amount}
              onChange={setAmount}
              placeholder={t('recharge.amountPlaceholder', { amount: limitAmount(RECHARGE_MIN, currency) })}
              error={amount && tooLow ? t('hint.rechargeAmountTooLow') : null}
              testId="recharge-amount"
            />
            <p className={amount && tooLow ? w.hintBad : w.hint} data-testid="recharge-min">
              {t('recharge.minAmount', { amount: limitAmount(RECHARGE_MIN, currency) })}
            </p>
            <div className={s.quick} role="group" aria-label={t('quickAmounts')}>
              {QUICK_AMOUNTS.map((n) => (
                <button key={n} type="button" className={s.quickButton} aria-pressed={amount === String(n)} onClick={() => setAmount(String(n))}>
                  {limitAmount(n, currency)}
                </button>
              ))}
            </div>

            <TextField
              label={t(`recharge.paymentRef.${method ?? 'bank'}`)}
              value={paymentRef}
              onChange={(v) => setPaymentRef(v.slice(0, 128))}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('recharge.optional')}
              maxLength={128}
            />

            <section className={w.card} aria-label={t('preview')} data-testid="recharge-preview">
              <h2 className={w.cardTitle}>{t('preview')}</h2>
              <dl className={w.dl}>
                <div className={w.kv}>
                  <dt>{t('recharge.method')}</dt>
                  <dd>{method ? t(`recharge.methods.${method}`) : '--'}</dd>
                </div>
                {method === 'usdt' ? (
                  deployment.usdtRate !== null && <UsdtToSend minor={minor} rate={deployment.usdtRate} />
                ) : (
                  <div className={w.kv}>
                    <dt>{t('recharge.youPay')}</dt>
                    <dd className="num">{minor ? requestAmount(minor, currency) : '--'}</dd>
                  </div>
                )}
                <div className={w.kv}>
                  <dt>{t('recharge.credited')}</dt>
                  <dd className="num">{minor ? requestAmount(minor, currency) : '--'}</dd>
                </div>
              </dl>
              {method === 'usdt' && <UsdtRate rate={deployment.usdtRate} currency={currency} />}
            </section>

            <FormAlert message={failed} />
            <Button type="submit" className={w.submit} disabled={issue !== null || !online} busy={add.isPending} data-testid="recharge-submit">
              {t('recharge.submit')}
            </Button>
            {issue && amount && !tooLow && (
              <p className={w.hint} style={{ marginTop: 8 }}>
                {issueMessage(t, issue, currency)}
              </p>
            )}
            <ul className={w.tips} aria-label={t('tips')}>
              <li>{t('recharge.tipCredit')}</li>
              <li>{t('recharge.tipReference')}</li>
              <li>{t('recharge.tipOwnAccount')}</li>
            </ul>
          </MoneyForm>
        )}
      </QueryState>

      <Dialog open={done !== null} onClose={() => setDone(null)} title={t('recharge.success')}>
        {done && (
          <div data-testid="recharge-success">
            <p className={w.dialogText}>{t('recharge.successBody', { amount: requestAmount(done.count, currency) })}</p>
            <p className={w.dialogText}>{t('recharge.yourReference')}</p>
            <p className={w.code} data-testid="recharge-reference">
              {done.reference}
            </p>
            <p className={w.dialogText} style={{ marginTop: 12 }}>
              {t('recharge.tipCredit')}
            </p>
            <div className={w.dialogActions}>
              <Button onClick={() => navigate(RECHARGE_RECORDS_PATH)}>{t('recharge.viewRecords')}</Button>
              <Button variant="secondary" onClick={() => setDone(null)}>
                {t('common.close')}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}

/** Where to send the money: the receiving bank account, or the TRC-20 address with its network warning. */
function PayTo({ info, currency }: { info: RechargeMethodInfo; currency: string }) {
  const { t } = useTranslation('wallet');
  const fields = info.method === 'bank' ? (['account_name', 'bank', 'account_number', currency === 'MXN' ? 'clabe' : 'ifsc'] as const) : (['network', 'address'] as const);
  return (
    <section className={w.card} aria-label={t('recharge.payTo')} data-testid="pay-to">
      <h2 className={w.cardTitle}>{t('recharge.payTo')}</h2>
      <dl className={w.dl}>
        {fields.map((f) => {
          const value = info.details[f] ?? '';
          const label = t(`recharge.details.${f}`);
          return (
            <div key={f} className={`${w.kv} ${s.detail}`}>
              <dt>{label}</dt>
              <dd className={s.detailValue}>
                <span className={f === 'address' || f === 'account_number' || f === 'ifsc' || f === 'clabe' ? 'num' : undefined}>{value}</span>
                {f !== 'network' && value && <CopyButton value={value} label={t('copy', { field: label })} />}
              </dd>
            </div>
          );
        })}
      </dl>
      {info.method === 'usdt' && (
        <p className={s.warning} role="note" data-testid="network-warning">
          {t('recharge.networkWarning')}
        </p>
      )}
    </section>
  );
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('wallet');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(t('copied'), 'success');
    } catch {
      toast(t('copyFailed'), 'error');
    }
  };
  return (
    <IconButton label={label} className={s.copy} onClick={() => void copy()}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h8" />
      </svg>
    </IconButton>
  );
}

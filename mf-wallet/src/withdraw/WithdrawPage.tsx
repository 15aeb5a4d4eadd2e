import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link, useNavigate } from 'react-router-dom';
import { type BankCard, Button, calls, type Deployment, failureKey, Icon, toast, useCall, useCallMutation, WithDeployment, QueryState, SkeletonRows, EmptyState, LinkButton } from '@invest/shared';
import { AmountField, FormAlert, issueMessage, MoneyForm, useMoneyForm } from '../components/MoneyForm';
import { RealNameGate } from '../components/RealNameGate';
import { WalletPage } from '../components/WalletPage';
import { useWalletPoll } from '../lib/live';
import { ledgerAmount, limitAmount, requestAmount, toMinor, wholeUnitsIn } from '../lib/money';
import { useWalletRefresh } from '../lib/refresh';
import { withdrawIssue, withdrawMinimum } from '../lib/rules';
import w from '../components/wallet.module.css';
import s from './withdraw.module.css';

export const WITHDRAW_RECORDS_PATH = '/withdraw-records';
// The bank-cards screen (mf-account) brings the user back here after adding a card.
export const BANK_CARDS_PATH = `/settings/bank-cards?from=${encodeURIComponent('/withdraw')}`;

export function WithdrawPage() {
  return (
    <WalletPage title="titles.withdraw" link={{ to: WITHDRAW_RECORDS_PATH, label: 'recordsLink' }}>
      <RealNameGate action="withdraw">
        <WithDeployment>{(d) => <WithdrawForm deployment={d} />}</WithDeployment>
      </RealNameGate>
    </WalletPage>
  );
}

/** Cards a withdrawal can go to: status 1 (usable). */
const usable = (c: BankCard) => c.status === 1;
const last4 = (n: string) => n.replace(/\D/g, '').slice(-4) || n.slice(-4);

function WithdrawForm({ deployment }: { deployment: Deployment }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const refresh = useWalletRefresh();
  const poll = useWalletPoll();
  const cards = useCall(calls.bankList, { type: 'bank' });
  const info = useCall(calls.userInfo, undefined, { refetchInterval: poll });
  const [picked, setPicked] = useState<number | null>(null);
  const { amount, setAmount, failed, setFailed, send: sendOnce, online } = useMoneyForm();
  const list = cards.data ?? [];
  const cardId = picked ?? list.find(usable)?.id ?? null;
  const currency = deployment.currency;
  const available = info.data?.money;
  const floor = withdrawMinimum(deployment.minWithdraw).limit;
  const issue = withdrawIssue({ amount, cardId, minWithdraw: deployment.minWithdraw, available });

  const send = useCallMutation(calls.withdraw, {
    onSuccess: () => {
      toast(t('withdraw.success'), 'success');
      void refresh();
      navigate(WITHDRAW_RECORDS_PATH);
    },
    onError: (e) => {
      const message = t(failureKey(e, 'withdraw.failed'));
      setFailed(message);
      toast(message, 'error');
      // A refusal may mean the balance moved: show the current one.
      void refresh();
    },
  });
  const submit = () => {
    if (cardId !== null) sendOnce(issue !== null, send, { bank_id: cardId, count: toMinor(Number(amount)) });
  };

  return (
    <div className={w.body}>
      <QueryState query={cards} skeleton={<SkeletonRows rows={2} />} errorTitle={t('withdraw.cardsFailed')}>
        {list.filter(usable).length === 0 ? (
          <EmptyState
            testId="no-cards"
            icon={<Icon name="card" size={36} />}
            title={t('withdraw.noCards')}
            text={t('withdraw.noCardsHint')}
            action={<LinkButton to={BANK_CARDS_PATH}>{t('withdraw.addCard')}</LinkButton>}
          />
        ) : (
          <MoneyForm onSubmit={submit}>
            <fieldset className={w.choices}>
              <legend className={w.legend}>{t('withdraw.card')}</legend>
              {list.map((c) => (
                <label key={c.id} className={w.choice}>
                  <input type="radio" name="withdraw-card" value={c.id} checked={cardId === c.id} disabled={!usable(c)} onChange={() => setPicked(c.id)} />
                  <span className={w.dot} aria-hidden="true" />
                  <span className={w.choiceText}>
                    <span className={w.choiceTitle}>{c.bank}</span>
                    <span className={`${w.choiceSub} num`}>
                      {t('withdraw.cardLine', { last4: last4(c.bank_card), name: c.bank_user })}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            <Link to={BANK_CARDS_PATH} className={s.manage}>
              {t('withdraw.manageCards')}
            </Link>

            <AmountField
              label={t('withdraw.amount', { symbol: deployment.symbol })}
              value={amount}
              onChange={(v) => {
                setAmount(v);
                setFailed(null);
              }}
              placeholder={t('withdraw.amountPlaceholder', { amount: limitAmount(floor, currency) })}
              error={amount && issue ? issueMessage(t, issue, currency) : null}
              testId="withdraw-amount"
              addon={
                available !== undefined && wholeUnitsIn(available) > 0 ? (
                  <button type="button" className={s.all} onClick={() => setAmount(String(wholeUnitsIn(available)))}>
                    {t('withdraw.all')}
                  </button>
                ) : undefined
              }
            />
            <p className={w.hint}>
              <span data-testid="withdraw-available">{t('withdraw.available', { amount: available !== undefined ? ledgerAmount(available, currency) : '--' })}</span>
              {' · '}
              <span data-testid="withdraw-min">{t('withdraw.minHint', { amount: limitAmount(floor, currency) })}</span>
            </p>

            {amount && !issue && (
              <section className={w.card} aria-label={t('preview')} data-testid="withdraw-preview">
                <dl className={w.dl}>
                  <div className={w.kv}>
                    <dt>{t('withdraw.youReceive')}</dt>
                    <dd className="num">{requestAmount(toMinor(Number(amount)), currency)}</dd>
                  </div>
                  {available !== undefined && (
                    <div className={w.kv}>
                      <dt>{t('withdraw.balanceAfter')}</dt>
                      <dd className="num">{ledgerAmount(available - toMinor(Number(amount)), currency)}</dd>
                    </div>
                  )}
                </dl>
              </section>
            )}

            <FormAlert message={failed} testId="withdraw-failed" />
            <Button type="submit" className={w.submit} disabled={issue !== null || !online} busy={send.isPending} data-testid="withdraw-submit">
              {t('withdraw.submit')}
            </Button>
            <ul className={w.tips} aria-label={t('tips')}>
              <li>{t('withdraw.tipCredit')}</li>
              <li>{t('withdraw.tipHold')}</li>
            </ul>
          </MoneyForm>
        )}
      </QueryState>
    </div>
  );
}

import { useTranslation } from '@invest/runtime';
import { Link, useNavigate } from 'react-router-dom';
import { Button, calls, changeClass, type Deployment, Dialog, failureKey, LOAN_MIN, type LoanData, QueryState, SkeletonRows, toast, useCall, useCallMutation, WithDeployment } from '@invest/shared';
import { CREDIT_SCORE_POSITIVE } from '@invest/shared/values/loans';
import { AmountField, FormAlert, issueMessage, MoneyForm, useMoneyForm } from '../components/MoneyForm';
import { RealNameGate } from '../components/RealNameGate';
import { WalletPage } from '../components/WalletPage';
import { useWalletPoll } from '../lib/live';
import { limitAmount, requestAmount, toMinor, wholeUnitsIn } from '../lib/money';
import { useWalletRefresh } from '../lib/refresh';
import { loanIssue } from '../lib/rules';
import w from '../components/wallet.module.css';
import s from './loan.module.css';

export const LOAN_RECORDS_PATH = '/loan-records';
export const LOAN_APPLICATION_PATH = '/LoanApplication';

/** /loan, and /LoanApplication: the same screen with the application dialog open. */
export function LoanPage({ applying = false }: { applying?: boolean }) {
  return (
    <WalletPage title="titles.loan" link={{ to: LOAN_RECORDS_PATH, label: 'recordsLink' }}>
      <RealNameGate action="loan">
        <WithDeployment>{(d) => <Loan deployment={d} applying={applying} />}</WithDeployment>
      </RealNameGate>
    </WalletPage>
  );
}

/** /LoanApplication as a screen of its own (a lazily loaded screen takes no props). */
export const LoanApplicationPage = () => <LoanPage applying />;

const percent = (bps: number) => `${(bps / 100).toLocaleString(undefined, { maximumFractionDigits: 2 })}%`;

function Loan({ deployment, applying }: { deployment: Deployment; applying: boolean }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const poll = useWalletPoll();
  const q = useCall(calls.loanData, undefined, { refetchInterval: poll });
  const data = q.data;
  const currency = deployment.currency;
  const canApply = data !== undefined && data.remainingAmount >= toMinor(LOAN_MIN);
  return (
    <div className={w.body}>
      <QueryState query={q} skeleton={<SkeletonRows rows={3} />} errorTitle={t('loadFailed')}>
        {data && (
          <>
            <section className={s.hero} aria-label={t('loan.summary')}>
              <span className={s.heroLabel}>{t('loan.amountDue')}</span>
              <span className={`${s.heroValue} num`} data-testid="loan-due">
                {requestAmount(data.amountDue, currency)}
              </span>
              <div className={s.stats}>
                <div className={s.stat}>
                  <span className={s.statLabel}>{t('loan.creditScore')}</span>
                  <span className={`${s.statValue} num ${changeClass(data.creditScore >= CREDIT_SCORE_POSITIVE ? 1 : -1)}`} data-testid="credit-score" data-positive={data.creditScore >= CREDIT_SCORE_POSITIVE}>
                    {data.creditScore}
                  </span>
                  <span className={s.statNote}>{t(data.creditScore >= CREDIT_SCORE_POSITIVE ? 'loan.scoreGood' : 'loan.scoreLow')}</span>
                </div>
                <div className={s.stat}>
                  <span className={s.statLabel}>{t('loan.remaining')}</span>
                  <span className={`${s.statValue} num`} data-testid="loan-remaining">
                    {requestAmount(data.remainingAmount, currency)}
                  </span>
                </div>
              </div>
            </section>
            <section className={w.card} aria-label={t('loan.terms')}>
              <h2 className={w.cardTitle}>{t('loan.terms')}</h2>
              <dl className={w.dl}>
                <div className={w.kv}>
                  <dt>{t('loan.interest')}</dt>
                  <dd className="num">{percent(data.interestBps)}</dd>
                </div>
                <div className={w.kv}>
                  <dt>{t('loan.term')}</dt>
                  <dd>{t('loan.days', { count: data.termDays })}</dd>
                </div>
                <div className={w.kv}>
                  <dt>{t('loan.minimum')}</dt>
                  <dd className="num">{limitAmount(LOAN_MIN, currency)}</dd>
                </div>
              </dl>
            </section>
            <Button onClick={() => navigate(LOAN_APPLICATION_PATH)} disabled={!canApply} data-testid="loan-apply">
              {t('loan.apply')}
            </Button>
            {!canApply && <p className={w.hint} style={{ marginTop: 8 }}>{t('loan.noCredit')}</p>}
            <Link to={LOAN_RECORDS_PATH} className={w.secondaryLink}>
              {t('loan.viewRecords')}
            </Link>
            <ul className={w.tips} aria-label={t('tips')}>
              <li>{t('loan.tipReview')}</li>
              <li>{t('loan.tipRepay')}</li>
            </ul>
          </>
        )}
      </QueryState>
      {applying && data && <ApplyDialog data={data} deployment={deployment} onClose={() => navigate('/loan', { replace: true })} />}
    </div>
  );
}

function ApplyDialog({ data, deployment, onClose }: { data: LoanData; deployment: Deployment; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const refresh = useWalletRefresh();
  const { amount, setAmount, failed, setFailed, send, online } = useMoneyForm();
  const currency = deployment.currency;
  const issue = loanIssue({ amount, remaining: data.remainingAmount });
  const add = useCallMutation(calls.loanAdd, {
    onSuccess: () => {
      toast(t('loan.success'), 'success');
      void refresh();
      navigate(LOAN_RECORDS_PATH);
    },
    onError: (e) => setFailed(t(failureKey(e, 'loan.failed'))),
  });
  const principal = amount ? toMinor(Number(amount)) : 0;
  const interest = Math.round((principal * data.interestBps) / 10_000);
  const submit = () => send(issue !== null, add, { count: principal });
  return (
    <Dialog open onClose={() => !add.isPending && onClose()} title={t('titles.loanApplication')}>
      <MoneyForm onSubmit={submit}>
        <AmountField
          label={t('loan.amount', { symbol: deployment.symbol })}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setFailed(null);
          }}
          autoFocus
          placeholder={t('loan.amountPlaceholder', { amount: limitAmount(LOAN_MIN, currency) })}
          error={amount && issue ? issueMessage(t, issue, currency) : null}
          testId="loan-amount"
        />
        <p className={w.hint} data-testid="loan-limits">
          {t('loan.limits', { min: limitAmount(LOAN_MIN, currency), max: limitAmount(wholeUnitsIn(data.remainingAmount), currency) })}
        </p>
        {amount && !issue && (
          <dl className={`${w.dl} ${s.preview}`} data-testid="loan-preview">
            <div className={w.kv}>
              <dt>{t('loan.interest')}</dt>
              <dd className="num">{requestAmount(interest, currency)}</dd>
            </div>
            <div className={w.kv}>
              <dt>{t('loan.toRepay')}</dt>
              <dd className="num">{requestAmount(principal + interest, currency)}</dd>
            </div>
          </dl>
        )}
        <FormAlert message={failed} />
        <div className={w.dialogActions}>
          <Button type="submit" disabled={issue !== null || !online} busy={add.isPending} data-testid="loan-confirm">
            {t('common.confirm')}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            {t('common.cancel')}
          </Button>
        </div>
      </MoneyForm>
    </Dialog>
  );
}

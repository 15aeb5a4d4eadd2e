import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { calls, ConfirmDialog, EmptyState, failureKey, keepPreviousData, LinkButton, type LoanRecord, PagedList, toast, useCall, useCallMutation, WithDeployment } from '@invest/shared';
import { LOAN_STATE } from '@invest/shared/values/loans';
import { RecordStatus } from '../components/common';
import { WalletPage } from '../components/WalletPage';
import { useWalletPoll } from '../lib/live';
import { requestAmount } from '../lib/money';
import { usePageParam } from '../lib/paging';
import { useWalletRefresh } from '../lib/refresh';
import { loanStatus } from '../lib/status';
import { formatDate, formatTime } from '@invest/shared';
import w from '../components/wallet.module.css';
import s from './loan.module.css';

export const LOAN_PAGE_SIZE = 20;

/** /loan-records: type, amount, state, repayment time and created time; an unpaid loan can be repaid here. */
export function LoanRecordsPage() {
  return (
    <WalletPage title="titles.loanRecords" link={{ to: '/loan', label: 'titles.loan' }}>
      <WithDeployment>{(d) => <LoanRecords currency={d.currency} />}</WithDeployment>
    </WalletPage>
  );
}

function LoanRecords({ currency }: { currency: string }) {
  const { t } = useTranslation('wallet');
  const poll = useWalletPoll();
  const refresh = useWalletRefresh();
  const [page, setPage] = usePageParam();
  const [repaying, setRepaying] = useState<LoanRecord | null>(null);
  const q = useCall(calls.loanRecords, { page, limit: LOAN_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: repaying ? false : poll });
  const repay = useCallMutation(calls.loanRepay, {
    onSuccess: () => {
      setRepaying(null);
      toast(t('loan.repaid'), 'success');
      void refresh();
    },
    onError: (e) => {
      setRepaying(null);
      toast(t(failureKey(e, 'loan.repayFailed')), 'error');
      void refresh();
    },
  });

  return (
    <>
      <PagedList
        query={q}
        errorTitle={t('loadFailed')}
        skeletonRows={4}
        label={t('titles.loanRecords')}
        empty={<EmptyState testId="loans-empty" title={t('loan.empty')} action={<LinkButton to="/loan">{t('loan.apply')}</LinkButton>} />}
        page={page}
        size={LOAN_PAGE_SIZE}
        onPage={setPage}
      >
        {q.data?.rows.map((r) => {
          const status = loanStatus(r.state);
          return (
            <li key={r.id} className={s.loanRow} data-testid="loan-row">
              <div className={w.rowMain}>
                <span className={w.rowTitle}>
                  {t('loan.type')}
                  <RecordStatus status={status} />
                </span>
                <span className={w.rowSub}>
                  {t('loan.created', { time: formatTime(r.created_at) })}
                </span>
                <span className={w.rowSub} data-testid="loan-repayment">
                  {t('loan.repaymentTime', { time: r.repayment_time ? formatDate(r.repayment_time) : '--' })}
                </span>
                {r.interest > 0 && <span className={`${w.note} num`}>{t('loan.interestLine', { amount: requestAmount(r.interest, currency) })}</span>}
                {r.state === LOAN_STATE.rejected && r.reject_reason && (
                  <span className={w.noteFailed}>{t('records.reason', { reason: r.reject_reason })}</span>
                )}
              </div>
              <div className={w.rowSide}>
                <span className={`${w.amount} num`}>{requestAmount(r.count, currency)}</span>
                {r.state === LOAN_STATE.unpaid && (
                  <button
                    type="button"
                    className={s.repay}
                    aria-label={t('loan.repayOne', { amount: requestAmount(r.count, currency) })}
                    disabled={repay.isPending}
                    onClick={() => setRepaying(r)}
                  >
                    {t('loan.repay')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </PagedList>
      <ConfirmDialog
        open={repaying !== null}
        title={t('loan.repayTitle')}
        message={
          repaying
            ? t('loan.repayConfirm', {
                total: requestAmount(repaying.count + repaying.interest, currency),
                principal: requestAmount(repaying.count, currency),
                interest: requestAmount(repaying.interest, currency),
              })
            : ''
        }
        confirmLabel={t('loan.repay')}
        busy={repay.isPending}
        onConfirm={() => repaying && repay.mutate({ id: repaying.id })}
        onCancel={() => !repay.isPending && setRepaying(null)}
      />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  calls,
  ConfirmDialog,
  DataState,
  keepPreviousData,
  LOAN_STATE,
  PageHeader,
  Pager,
  SkeletonRows,
  toast,
  troubleOf,
  useCall,
  useCallMutation,
  type LoanRecord,
} from '@invest/shared';
import { failureKey, StatusBadge, WithDeployment } from '../components/common';
import { useWalletPoll } from '../lib/live';
import { money1 } from '../lib/money';
import { useWalletRefresh } from '../lib/refresh';
import { loanStatus } from '../lib/status';
import { formatDate, formatTime } from '../lib/time';
import { usePageParam } from '../records/RecordsList';
import w from '../components/wallet.module.css';
import s from './loan.module.css';

export const LOAN_PAGE_SIZE = 20;

/** /loan-records: type, amount, state, repayment time and created time; an unpaid loan can be repaid here. */
export function LoanRecordsPage() {
  const { t } = useTranslation();
  return (
    <div className={w.page}>
      <PageHeader
        title={t('titles.loanRecords')}
        back
        right={
          <Link to="/loan" className={w.headerLink}>
            {t('titles.loan')}
          </Link>
        }
      />
      <WithDeployment>{(d) => <LoanRecords currency={d.currency} />}</WithDeployment>
    </div>
  );
}

function LoanRecords({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const poll = useWalletPoll();
  const refresh = useWalletRefresh();
  const [page, setPage] = usePageParam();
  const [repaying, setRepaying] = useState<LoanRecord | null>(null);
  const q = useCall(calls.loanRecords, { page, limit: LOAN_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: repaying ? false : poll });
  const rows = q.data?.rows ?? [];
  const repay = useCallMutation(calls.loanRepay, {
    onSuccess: () => {
      setRepaying(null);
      toast(t('wallet.loan.repaid'), 'success');
      void refresh();
    },
    onError: (e) => {
      setRepaying(null);
      toast(t(failureKey(e, 'wallet.loan.repayFailed')), 'error');
      void refresh();
    },
  });

  return (
    <>
      <DataState
        ready={q.data !== undefined}
        trouble={troubleOf(q)}
        since={q.dataUpdatedAt}
        onRetry={() => void q.refetch()}
        busy={q.isFetching}
        skeleton={<SkeletonRows rows={4} />}
        errorTitle={t('wallet.loadFailed')}
        prices={false}
      >
        {rows.length === 0 ? (
          <div className={w.empty} data-testid="loans-empty">
            <p className={w.emptyTitle}>{t('wallet.loan.empty')}</p>
            <Link to="/loan" className={w.linkButton}>
              {t('wallet.loan.apply')}
            </Link>
          </div>
        ) : (
          <>
            <ul className={w.rows} aria-label={t('titles.loanRecords')} style={q.isPlaceholderData ? { opacity: 0.55 } : undefined}>
              {rows.map((r) => {
                const status = loanStatus(r.state);
                return (
                  <li key={r.id} className={s.loanRow} data-testid="loan-row">
                    <div className={w.rowMain}>
                      <span className={w.rowTitle}>
                        {t('wallet.loan.type')}
                        <StatusBadge status={status} />
                      </span>
                      <span className={w.rowSub}>
                        {t('wallet.loan.created', { time: formatTime(r.created_at) })}
                      </span>
                      <span className={w.rowSub} data-testid="loan-repayment">
                        {t('wallet.loan.repaymentTime', { time: r.repayment_time ? formatDate(r.repayment_time) : '--' })}
                      </span>
                      {r.interest > 0 && <span className={`${w.note} num`}>{t('wallet.loan.interestLine', { amount: money1(r.interest, currency) })}</span>}
                      {r.state === LOAN_STATE.rejected && r.reject_reason && (
                        <span className={w.noteFailed}>{t('wallet.records.reason', { reason: r.reject_reason })}</span>
                      )}
                    </div>
                    <div className={w.rowSide}>
                      <span className={`${w.amount} num`}>{money1(r.count, currency)}</span>
                      {r.state === LOAN_STATE.unpaid && (
                        <button
                          type="button"
                          className={s.repay}
                          aria-label={t('wallet.loan.repayOne', { amount: money1(r.count, currency) })}
                          disabled={repay.isPending}
                          onClick={() => setRepaying(r)}
                        >
                          {t('wallet.loan.repay')}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className={w.pager}>
              <Pager page={page} count={q.data?.count ?? 0} size={LOAN_PAGE_SIZE} busy={q.isPlaceholderData} onPage={setPage} />
            </div>
          </>
        )}
      </DataState>
      <ConfirmDialog
        open={repaying !== null}
        title={t('wallet.loan.repayTitle')}
        message={
          repaying
            ? t('wallet.loan.repayConfirm', {
                total: money1(repaying.count + repaying.interest, currency),
                principal: money1(repaying.count, currency),
                interest: money1(repaying.interest, currency),
              })
            : ''
        }
        confirmLabel={t('wallet.loan.repay')}
        busy={repay.isPending}
        onConfirm={() => repaying && repay.mutate({ id: repaying.id })}
        onCancel={() => !repay.isPending && setRepaying(null)}
      />
    </>
  );
}

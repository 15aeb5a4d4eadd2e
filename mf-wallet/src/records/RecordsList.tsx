import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  calls,
  DataState,
  keepPreviousData,
  Pager,
  SkeletonRows,
  troubleOf,
  useCall,
  type RechargeRecord,
  type WithdrawRecord,
} from '@invest/shared';
import { StatusBadge } from '../components/common';
import { useWalletPoll } from '../lib/live';
import { money1 } from '../lib/money';
import { rechargeStatus, withdrawStatus } from '../lib/status';
import { formatTime } from '../lib/time';
import w from '../components/wallet.module.css';

export const RECORDS_PAGE_SIZE = 20;
export type RecordKind = 'recharge' | 'withdraw';
export const RECORD_KINDS: readonly RecordKind[] = ['recharge', 'withdraw'];
export const isRecordKind = (v: unknown): v is RecordKind => v === 'recharge' || v === 'withdraw';

/** Where a record's details open; the row hands its record over so they show at once. */
export const recordHref = (kind: RecordKind, id: number) => `/account/recharge-withdraw/${id}?type=${kind}`;

/** The page of the list, from the URL (so back from a detail returns to it). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next, { replace: true });
  };
  return [page, set];
}

/** Recharge or withdraw records, newest first, paged, with their states; failures name their reason. */
export function RecordsList({ kind, currency, page, onPage }: { kind: RecordKind; currency: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const poll = useWalletPoll();
  const def = kind === 'recharge' ? calls.rechargeRecords : calls.withdrawRecords;
  const q = useCall(def, { page, limit: RECORDS_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: poll });
  const rows = q.data?.rows ?? [];
  const changing = q.isPlaceholderData;
  return (
    <DataState
      ready={q.data !== undefined}
      trouble={troubleOf(q)}
      since={q.dataUpdatedAt}
      onRetry={() => void q.refetch()}
      busy={q.isFetching}
      skeleton={<SkeletonRows rows={5} />}
      errorTitle={t('wallet.loadFailed')}
      prices={false}
    >
      {rows.length === 0 ? (
        <div className={w.empty} data-testid="records-empty">
          <p className={w.emptyTitle}>{t(`wallet.records.empty.${kind}`)}</p>
          <Link to={kind === 'recharge' ? '/recharge' : '/withdraw'} className={w.linkButton}>
            {t(kind === 'recharge' ? 'wallet.recharge.action' : 'wallet.withdraw.action')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={w.rows} aria-busy={changing || undefined} aria-label={t(`wallet.records.list.${kind}`)} style={changing ? { opacity: 0.55 } : undefined}>
            {kind === 'recharge'
              ? (rows as RechargeRecord[]).map((r) => <RechargeRow key={r.id} record={r} currency={currency} />)
              : (rows as WithdrawRecord[]).map((r) => <WithdrawRow key={r.id} record={r} currency={currency} />)}
          </ul>
          <div className={w.pager}>
            <Pager page={page} count={q.data?.count ?? 0} size={RECORDS_PAGE_SIZE} busy={changing} onPage={onPage} />
          </div>
        </>
      )}
    </DataState>
  );
}

function RechargeRow({ record: r, currency }: { record: RechargeRecord; currency: string }) {
  const { t } = useTranslation();
  const status = rechargeStatus(r.status);
  return (
    <li>
      <Link to={recordHref('recharge', r.id)} state={{ record: r, kind: 'recharge' }} className={w.row} data-testid="record-row">
        <div className={w.rowMain}>
          <span className={w.rowTitle}>
            {t(`wallet.recharge.methods.${r.method}`, { defaultValue: r.method })}
            <StatusBadge status={status} />
          </span>
          <span className={w.rowSub}>
            <time dateTime={r.created_at}>{formatTime(r.created_at)}</time> · {t('wallet.records.ref', { ref: r.reference })}
          </span>
          {status.tone === 'failed' && r.fail_reason && (
            <span className={w.noteFailed} data-testid="fail-reason">
              {t('wallet.records.reason', { reason: r.fail_reason })}
            </span>
          )}
        </div>
        <div className={w.rowSide}>
          <span className={`${w.amount} num`}>{money1(r.count, currency)}</span>
        </div>
      </Link>
    </li>
  );
}

function WithdrawRow({ record: r, currency }: { record: WithdrawRecord; currency: string }) {
  const { t } = useTranslation();
  const status = withdrawStatus(r.status);
  return (
    <li>
      <Link to={recordHref('withdraw', r.id)} state={{ record: r, kind: 'withdraw' }} className={w.row} data-testid="record-row">
        <div className={w.rowMain}>
          <span className={w.rowTitle}>
            {t('wallet.records.toCard', { bank: r.bank, last4: r.bank_card.slice(-4) })}
            <StatusBadge status={status} />
          </span>
          <span className={w.rowSub}>
            <time dateTime={r.created_at}>{formatTime(r.created_at)}</time>
          </span>
          {status.tone === 'failed' && (
            <span className={w.noteFailed} data-testid="fail-reason">
              {r.fail_reason ? `${t('wallet.records.reason', { reason: r.fail_reason })} · ` : ''}
              {t('wallet.records.refunded', { amount: money1(r.count, currency) })}
            </span>
          )}
        </div>
        <div className={w.rowSide}>
          <span className={`${w.amount} num`}>{money1(r.count, currency)}</span>
        </div>
      </Link>
    </li>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { calls, EmptyState, formatTime, keepPreviousData, LinkButton, PagedList, type RechargeRecord, Tabs, useCall, type WithdrawRecord } from '@invest/shared';
import { RecordStatus } from '../components/common';
import { useWalletPoll } from '../lib/live';
import { requestAmount } from '../lib/money';
import { rechargeStatus, withdrawStatus, type StatusView } from '../lib/status';
import w from '../components/wallet.module.css';

export const RECORDS_PAGE_SIZE = 20;
export type RecordKind = 'recharge' | 'withdraw';
export const RECORD_KINDS: readonly RecordKind[] = ['recharge', 'withdraw'];
export const isRecordKind = (v: unknown): v is RecordKind => v === 'recharge' || v === 'withdraw';

/** Where a record's details open; the row hands its record over so they show at once. */
export const recordHref = (kind: RecordKind, id: number) => `/account/recharge-withdraw/${id}?type=${kind}`;

/** The recharge / withdraw tabs above the records and the details; where a tab leads is the screen's. */
export function RecordKindTabs({ kind, onChange }: { kind: RecordKind; onChange: (kind: RecordKind) => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Tabs
      label={t('records.kind')}
      fill
      className={w.tabs}
      items={RECORD_KINDS.map((k) => ({ value: k, label: t(`records.tabs.${k}`) }))}
      value={kind}
      onChange={onChange}
    />
  );
}

/** Recharge or withdraw records, newest first, paged, with their states; failures name their reason. */
export function RecordsList({ kind, currency, page, onPage }: { kind: RecordKind; currency: string; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('wallet');
  const poll = useWalletPoll();
  const def = kind === 'recharge' ? calls.rechargeRecords : calls.withdrawRecords;
  const q = useCall(def, { page, limit: RECORDS_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: poll });
  const rows = q.data?.rows ?? [];
  return (
    <PagedList
      query={q}
      errorTitle={t('loadFailed')}
      skeletonRows={5}
      label={t(`records.list.${kind}`)}
      empty={
        <EmptyState
          testId="records-empty"
          title={t(`records.empty.${kind}`)}
          action={<LinkButton to={kind === 'recharge' ? '/recharge' : '/withdraw'}>{t(kind === 'recharge' ? 'recharge.action' : 'withdraw.action')}</LinkButton>}
        />
      }
      page={page}
      size={RECORDS_PAGE_SIZE}
      onPage={onPage}
    >
      {kind === 'recharge'
        ? (rows as RechargeRecord[]).map((r) => <RechargeRow key={r.id} record={r} currency={currency} />)
        : (rows as WithdrawRecord[]).map((r) => <WithdrawRow key={r.id} record={r} currency={currency} />)}
    </PagedList>
  );
}

/** One row of either list: a link to the record's details (handing the record over), its state and its amount. */
function RecordRow({ kind, record: r, currency, status, title, sub, failNote }: { kind: RecordKind; record: RechargeRecord | WithdrawRecord; currency: string; status: StatusView; title: ReactNode; sub: ReactNode; failNote: ReactNode }) {
  return (
    <li>
      <Link to={recordHref(kind, r.id)} state={{ record: r, kind }} className={w.row} data-testid="record-row">
        <div className={w.rowMain}>
          <span className={w.rowTitle}>
            {title}
            <RecordStatus status={status} />
          </span>
          <span className={w.rowSub}>
            <time dateTime={r.created_at}>{formatTime(r.created_at)}</time>
            {sub}
          </span>
          {failNote && (
            <span className={w.noteFailed} data-testid="fail-reason">
              {failNote}
            </span>
          )}
        </div>
        <div className={w.rowSide}>
          <span className={`${w.amount} num`}>{requestAmount(r.count, currency)}</span>
        </div>
      </Link>
    </li>
  );
}

function RechargeRow({ record: r, currency }: { record: RechargeRecord; currency: string }) {
  const { t } = useTranslation('wallet');
  const status = rechargeStatus(r.status);
  return (
    <RecordRow
      kind="recharge"
      record={r}
      currency={currency}
      status={status}
      title={t(`recharge.methods.${r.method}`, { defaultValue: r.method })}
      sub={<> · {t('records.ref', { ref: r.reference })}</>}
      failNote={status.tone === 'failed' && r.fail_reason && t('records.reason', { reason: r.fail_reason })}
    />
  );
}

function WithdrawRow({ record: r, currency }: { record: WithdrawRecord; currency: string }) {
  const { t } = useTranslation('wallet');
  const status = withdrawStatus(r.status);
  return (
    <RecordRow
      kind="withdraw"
      record={r}
      currency={currency}
      status={status}
      title={t('records.toCard', { bank: r.bank, last4: r.bank_card.slice(-4) })}
      sub={null}
      failNote={
        status.tone === 'failed' && (
          <>
            {r.fail_reason ? `${t('records.reason', { reason: r.fail_reason })} · ` : ''}
            {t('records.refunded', { amount: requestAmount(r.count, currency) })}
          </>
        )
      }
    />
  );
}

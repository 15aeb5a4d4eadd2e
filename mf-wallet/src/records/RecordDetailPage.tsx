import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  callQuery,
  calls,
  NotFoundState,
  troubleOf,
  useQuery,
  useQueryClient,
  type RechargeRecord,
  type WithdrawRecord,
  WithDeployment,
  QueryState,
  SkeletonRows,
  formatTime,
} from '@invest/shared';
import { RecordStatus } from '../components/common';
import { WalletPage } from '../components/WalletPage';
import { useWalletPoll } from '../lib/live';
import { requestAmount } from '../lib/money';
import { rechargeStatus, withdrawStatus } from '../lib/status';
import { isRecordKind, RecordKindTabs, type RecordKind } from './RecordsList';
import { TabbedRecords } from './RecordsPages';
import w from '../components/wallet.module.css';

const SEARCH_LIMIT = 100;
const SEARCH_PAGES = 20;

type AnyRecord = RechargeRecord | WithdrawRecord;

/**
 * /account/recharge-withdraw/:id — the details of one recharge or withdrawal (`?type=`; the tabs switch between the
 * two, whose ids are separate). `:id` of `recharge` or `withdraw` shows both lists under the same tabs instead.
 */
export function RecordDetailPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  if (isRecordKind(id)) return <TabbedRecords kind={id} base="/account/recharge-withdraw" />;
  const kind: RecordKind = isRecordKind(params.get('type')) ? (params.get('type') as RecordKind) : 'recharge';
  return <RecordDetail id={/^\d{1,10}$/.test(id ?? '') ? Number(id) : NaN} kind={kind} />;
}

/** The record: what the list row handed over at once, then the current one from the records (it may have moved on). */
function useRecord(kind: RecordKind, id: number) {
  const client = useQueryClient();
  const poll = useWalletPoll();
  const handed = (useLocation().state as { record?: AnyRecord; kind?: RecordKind } | null) ?? null;
  const initial = handed?.kind === kind && handed.record?.id === id ? handed.record : undefined;
  const def = kind === 'recharge' ? calls.rechargeRecords : calls.withdrawRecords;
  return useQuery<AnyRecord, ApiError>({
    // Under the list's path: a wallet refresh after any money movement refetches it too.
    queryKey: [def.path, 'record', id],
    queryFn: async () => {
      if (!(id > 0)) throw new ApiError(404, 'notFound');
      for (let page = 1; page <= SEARCH_PAGES; page++) {
        const answer = await client.fetchQuery(callQuery(def, { page, limit: SEARCH_LIMIT }));
        const hit = (answer.rows as AnyRecord[]).find((r) => r.id === id);
        if (hit) return hit;
        if (page * SEARCH_LIMIT >= answer.count) break;
      }
      throw new ApiError(404, 'notFound');
    },
    initialData: initial,
    initialDataUpdatedAt: 0,
    retry: (n, e) => e.status !== 404 && n < 2,
    refetchInterval: (q) => (q.state.error?.status === 404 ? false : poll),
  });
}

function RecordDetail({ id, kind }: { id: number; kind: RecordKind }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const q = useRecord(kind, id);
  return (
    <WalletPage title="titles.rechargeWithdrawDetail">
      <RecordKindTabs kind={kind} onChange={(k) => navigate(`/account/recharge-withdraw/${k}`)} />
      <div className={w.body}>
        {troubleOf(q) === 'notFound' ? (
          <NotFoundState title={t('records.notFound')} />
        ) : (
          <WithDeployment>
            {(d) => (
              <QueryState query={q} skeleton={<SkeletonRows rows={3} />} errorTitle={t('loadFailed')}>
                {q.data && <Detail kind={kind} record={q.data} currency={d.currency} />}
              </QueryState>
            )}
          </WithDeployment>
        )}
      </div>
    </WalletPage>
  );
}

function Detail({ kind, record, currency }: { kind: RecordKind; record: AnyRecord; currency: string }) {
  const { t } = useTranslation('wallet');
  const recharge = kind === 'recharge' ? (record as RechargeRecord) : null;
  const out = kind === 'withdraw' ? (record as WithdrawRecord) : null;
  const status = recharge ? rechargeStatus(recharge.status) : withdrawStatus(out!.status);
  // What reached its destination: all of it once completed, nothing yet while in progress, nothing when failed.
  const received = status.tone === 'done' ? requestAmount(record.count, currency) : status.tone === 'failed' ? requestAmount(0, currency) : '--';
  const rows: [string, ReactNode][] = [
    ['detail.amount', <span className="num">{requestAmount(record.count, currency)}</span>],
    ['detail.received', <span className="num" data-testid="detail-received">{received}</span>],
    [
      'detail.type',
      recharge
        ? `${t('records.tabs.recharge')} · ${t(`recharge.methods.${recharge.method}`, { defaultValue: recharge.method })}`
        : t('records.toCard', { bank: out!.bank, last4: out!.bank_card.slice(-4) }),
    ],
    ['detail.status', <RecordStatus status={status} />],
    ['detail.time', <time dateTime={record.created_at}>{formatTime(record.created_at)}</time>],
  ];
  if (recharge) {
    rows.push(['detail.reference', <span className="num" data-testid="detail-reference">{recharge.reference}</span>]);
    if (recharge.payment_ref) rows.push(['detail.paymentRef', <span className="num">{recharge.payment_ref}</span>]);
  }
  if (status.tone === 'failed' && record.fail_reason) rows.push(['detail.failReason', record.fail_reason]);
  if (out && status.tone === 'failed') rows.push(['detail.refund', t('records.refunded', { amount: requestAmount(out.count, currency) })]);
  return (
    <section className={w.card} data-testid="record-detail" aria-label={t(`records.tabs.${kind}`)}>
      <dl className={w.dl}>
        {rows.map(([label, value]) => (
          <div key={label} className={w.kv}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

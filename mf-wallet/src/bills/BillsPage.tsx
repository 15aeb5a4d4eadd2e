import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  BILL_TYPES,
  calls,
  DataState,
  keepPreviousData,
  PageHeader,
  Pager,
  SkeletonRows,
  Tabs,
  troubleOf,
  useCall,
  type Bill,
  type Deployment,
} from '@invest/shared';
import { WithDeployment } from '../components/common';
import { useWalletPoll } from '../lib/live';
import { money2 } from '../lib/money';
import { formatTime } from '../lib/time';
import w from '../components/wallet.module.css';
import s from './bills.module.css';

export const BILLS_PAGE_SIZE = 20;
type BillType = (typeof BILL_TYPES)[number];
const isBillType = (v: string | null): v is BillType => (BILL_TYPES as readonly (string | null)[]).includes(v);

/** The bill list (spec §2): every change of the wallet, newest first, by all / income / expense. */
export function BillsPage() {
  const { t } = useTranslation();
  return (
    <div className={w.page}>
      <PageHeader title={t('titles.bills')} back />
      <WithDeployment>{(d) => <Bills deployment={d} />}</WithDeployment>
    </div>
  );
}

function Bills({ deployment }: { deployment: Deployment }) {
  const { t } = useTranslation();
  const poll = useWalletPoll();
  // Tab and page live in the URL: back from a detail returns to the same place.
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: BillType = isBillType(raw) ? raw : 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const go = (next: { type?: BillType; page?: number }) => {
    const p = new URLSearchParams();
    const nt = next.type ?? type;
    if (nt !== 'all') p.set('type', nt);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const info = useCall(calls.userInfo, undefined, { refetchInterval: poll });
  const q = useCall(calls.bills, { type, page, limit: BILLS_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: page === 1 ? poll : false });
  const rows = q.data?.rows ?? [];
  const changing = q.isPlaceholderData;

  return (
    <>
      <section className={s.summary} aria-label={t('wallet.bills.balance')}>
        <span className={s.summaryLabel}>{t('wallet.bills.balance')}</span>
        <span className={`${s.summaryValue} num`} data-testid="bills-balance">
          {info.data ? money2(info.data.money, deployment.currency) : '--'}
        </span>
      </section>
      <Tabs
        label={t('wallet.bills.filter')}
        fill
        className={w.tabs}
        items={BILL_TYPES.map((v) => ({ value: v, label: t(`wallet.bills.types.${v}`) }))}
        value={type}
        onChange={(v) => go({ type: v })}
      />
      <DataState
        ready={q.data !== undefined}
        trouble={troubleOf(q)}
        since={q.dataUpdatedAt}
        onRetry={() => void q.refetch()}
        busy={q.isFetching}
        skeleton={<SkeletonRows rows={6} />}
        errorTitle={t('wallet.loadFailed')}
        prices={false}
      >
        {rows.length === 0 ? (
          <div className={w.empty} data-testid="bills-empty">
            <p className={w.emptyTitle}>{t(`wallet.bills.empty.${type}`)}</p>
            <p className={w.emptyText}>{t('wallet.bills.emptyHint')}</p>
            <Link to="/recharge" className={w.linkButton}>
              {t('wallet.recharge.action')}
            </Link>
          </div>
        ) : (
          <>
            <ul className={`${w.rows} ${changing ? s.stale : ''}`} aria-busy={changing || undefined} aria-label={t('titles.bills')}>
              {rows.map((b) => (
                <BillRow key={b.id} bill={b} currency={deployment.currency} />
              ))}
            </ul>
            <div className={w.pager}>
              <Pager page={page} count={q.data?.count ?? 0} size={BILLS_PAGE_SIZE} busy={changing} onPage={(p) => go({ page: p })} />
            </div>
          </>
        )}
      </DataState>
    </>
  );
}

function BillRow({ bill, currency }: { bill: Bill; currency: string }) {
  const { t } = useTranslation();
  const income = bill.type === 'income';
  return (
    <li className={w.row} data-testid="bill-row" data-reason={bill.reason}>
      <div className={w.rowMain}>
        <span className={w.rowTitle}>{t(`wallet.reasons.${bill.reason}`)}</span>
        <span className={w.rowSub}>
          {t(`wallet.bills.types.${bill.type}`)} · <time dateTime={bill.created_at}>{formatTime(bill.created_at)}</time>
        </span>
      </div>
      <div className={w.rowSide}>
        <span className={`${w.amount} ${income ? w.up : w.down} num`} data-testid="bill-amount">
          {income ? '+' : '-'}
          {money2(bill.amount, currency)}
        </span>
        <span className={`${w.note} num`}>{t('wallet.bills.balanceAfter', { amount: money2(bill.balance, currency) })}</span>
      </div>
    </li>
  );
}

import { useTranslation } from '@invest/runtime';
import { useSearchParams } from 'react-router-dom';
import { type Bill, BILL_TYPES, calls, changeClass, type Deployment, EmptyState, formatTime, keepPreviousData, LinkButton, PagedList, Tabs, useCall, WithDeployment } from '@invest/shared';
import { WalletPage } from '../components/WalletPage';
import { useWalletPoll } from '../lib/live';
import { ledgerAmount } from '../lib/money';
import { pageOf } from '../lib/paging';
import w from '../components/wallet.module.css';
import s from './bills.module.css';

export const BILLS_PAGE_SIZE = 20;
type BillType = (typeof BILL_TYPES)[number];
const isBillType = (v: string | null): v is BillType => (BILL_TYPES as readonly (string | null)[]).includes(v);

/** The bill list (spec §2): every change of the wallet, newest first, by all / income / expense. */
export function BillsPage() {
  return (
    <WalletPage title="titles.bills">
      <WithDeployment>{(d) => <Bills deployment={d} />}</WithDeployment>
    </WalletPage>
  );
}

function Bills({ deployment }: { deployment: Deployment }) {
  const { t } = useTranslation('wallet');
  const poll = useWalletPoll();
  // Tab and page live in the URL: back from a detail returns to the same place.
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: BillType = isBillType(raw) ? raw : 'all';
  const page = pageOf(params);
  const go = (next: { type?: BillType; page?: number }) => {
    const p = new URLSearchParams();
    const nt = next.type ?? type;
    if (nt !== 'all') p.set('type', nt);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const info = useCall(calls.userInfo, undefined, { refetchInterval: poll });
  const q = useCall(calls.bills, { type, page, limit: BILLS_PAGE_SIZE }, { placeholderData: keepPreviousData, refetchInterval: page === 1 ? poll : false });

  return (
    <>
      <section className={s.summary} aria-label={t('bills.balance')}>
        <span className={s.summaryLabel}>{t('bills.balance')}</span>
        <span className={`${s.summaryValue} num`} data-testid="bills-balance">
          {info.data ? ledgerAmount(info.data.money, deployment.currency) : '--'}
        </span>
      </section>
      <Tabs
        label={t('bills.filter')}
        fill
        className={w.tabs}
        items={BILL_TYPES.map((v) => ({ value: v, label: t(`bills.types.${v}`) }))}
        value={type}
        onChange={(v) => go({ type: v })}
      />
      <PagedList
        query={q}
        errorTitle={t('loadFailed')}
        skeletonRows={6}
        label={t('titles.bills')}
        empty={<EmptyState testId="bills-empty" title={t(`bills.empty.${type}`)} text={t('bills.emptyHint')} action={<LinkButton to="/recharge">{t('recharge.action')}</LinkButton>} />}
        page={page}
        size={BILLS_PAGE_SIZE}
        onPage={(p) => go({ page: p })}
      >
        {q.data?.rows.map((b) => <BillRow key={b.id} bill={b} currency={deployment.currency} />)}
      </PagedList>
    </>
  );
}

function BillRow({ bill, currency }: { bill: Bill; currency: string }) {
  const { t } = useTranslation('wallet');
  const income = bill.type === 'income';
  return (
    <li className={w.row} data-testid="bill-row" data-reason={bill.reason}>
      <div className={w.rowMain}>
        <span className={w.rowTitle}>{t(`billReason.${bill.reason}`)}</span>
        <span className={w.rowSub}>
          {t(`bills.types.${bill.type}`)} · <time dateTime={bill.created_at}>{formatTime(bill.created_at)}</time>
        </span>
      </div>
      <div className={w.rowSide}>
        <span className={`${w.amount} ${changeClass(income ? 1 : -1)} num`} data-testid="bill-amount">
          {income ? '+' : '-'}
          {ledgerAmount(bill.amount, currency)}
        </span>
        <span className={`${w.note} num`}>{t('bills.balanceAfter', { amount: ledgerAmount(bill.balance, currency) })}</span>
      </div>
    </li>
  );
}

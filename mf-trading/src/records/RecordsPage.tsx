import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link, useSearchParams } from 'react-router-dom';
import { calls, changeClass, ConfirmDialog, type Deployment, EmptyState, failureKey, formatMoney, formatPriceIn, formatTime, keepPreviousData, LIST_POLL_MS, type Order, PageHeader, PagedList, precisionOf, stripExchangeSuffix, Tabs, toast, useCall, useCallMutation, useLiveQuotes, useQueryClient, WithDeployment } from '@invest/shared';
import { OrderStatus, Signed } from '../components/common';
import { refreshAfterTrade } from '../lib/refresh';
import { changeOf, detailPathOf, followsLivePrice, timeOf, totalOf, unitPriceOf } from './entries';
import s from './records.module.css';

export const RECORDS_PAGE_SIZE = 20;
export const RECORD_TABS = [
  { key: 'all', status: undefined },
  { key: 'pending', status: 0 },
  { key: 'success', status: 1 },
  { key: 'cancelled', status: 2 },
  { key: 'expired', status: 3 },
] as const;
type TabKey = (typeof RECORD_TABS)[number]['key'];

/** /records: the stock orders by status tab, paged; the tab and page are in the URL so back from a detail keeps them. */
export function RecordsPage() {
  const { t } = useTranslation('trading');
  const [params, setParams] = useSearchParams();
  const tab = RECORD_TABS.find((x) => x.key === params.get('tab')) ?? RECORD_TABS[0];
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const set = (next: { tab?: TabKey; page?: number }) => {
    const p = new URLSearchParams();
    const k = next.tab ?? tab.key;
    if (k !== 'all') p.set('tab', k);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return (
    <div className={s.page}>
      <PageHeader title={t('titles.records')} back />
      <Tabs
        label={t('records.filter')}
        className={s.tabs}
        items={RECORD_TABS.map((x) => ({ value: x.key as TabKey, label: t(`records.tabs.${x.key}`) }))}
        value={tab.key}
        onChange={(k) => set({ tab: k })}
      />
      <WithDeployment>
        {(d) => <OrderList key={tab.key} tab={tab.key} status={tab.status} page={page} onPage={(p) => set({ page: p })} deployment={d} />}
      </WithDeployment>
    </div>
  );
}

function OrderList({ tab, status, page, onPage, deployment }: { tab: TabKey; status: number | undefined; page: number; onPage: (p: number) => void; deployment: Deployment }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const q = useCall(
    calls.dealList,
    { ...(status !== undefined && { status }), page, limit: RECORDS_PAGE_SIZE },
    {
      placeholderData: keepPreviousData,
      // Pending orders change by themselves (a fill, an expiry): the list follows them.
      refetchInterval: (query) => (query.state.data?.rows.some((r) => r.status === 0) ? LIST_POLL_MS : false),
    },
  );
  const rows = useMemo(() => q.data?.rows ?? [], [q.data]);
  const symbols = useMemo(() => [...new Set(rows.filter(followsLivePrice).map((r) => r.tag))], [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS });
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const cancel = useCallMutation(calls.dealCancel, {
    onSuccess: () => {
      toast(t('records.cancelled'), 'success');
      setCancelling(null);
      void refreshAfterTrade(client);
    },
    onError: (e) => {
      setCancelling(null);
      toast(t(failureKey(e, 'ticket.submitFailed')), 'error');
    },
  });

  return (
    <>
      <PagedList
        query={q}
        skeletonRows={5}
        errorTitle={t('records.loadFailed')}
        label={t(`records.tabs.${tab}`)}
        empty={<EmptyState testId="records-empty" title={t(`records.empty.${tab}`)} />}
        page={page}
        size={RECORDS_PAGE_SIZE}
        onPage={onPage}
      >
        {rows.map((o) => (
          <OrderRow key={`${o.no}:${o.state}`} order={o} live={quotes[o.tag]?.price} currency={deployment.currency} onCancel={() => setCancelling(o)} />
        ))}
      </PagedList>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('records.cancelTitle')}
        message={cancelling ? t('records.cancelBody', { no: cancelling.no }) : ''}
        confirmLabel={t('records.cancel')}
        danger
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ no: cancelling.no })}
        onCancel={() => setCancelling(null)}
      />
    </>
  );
}

function OrderRow({ order: o, live, currency, onCancel }: { order: Order; live: number | undefined; currency: string; onCancel: () => void }) {
  const { t } = useTranslation('trading');
  const precision = precisionOf({ market: o.market });
  const unit = (v: number) => formatPriceIn(v, o.currency, precision);
  const change = changeOf(o, live);
  const sale = o.state === 'sell';
  const total = totalOf(o);
  return (
    <li className={s.item} data-testid="order-row" data-no={o.no} data-side={o.state}>
      <Link to={detailPathOf(o)} className={s.row}>
        <span className={s.main}>
          <span className={s.title}>
            {o.name || stripExchangeSuffix(o.tag)}
            <span className={`${s.side} ${sale ? s.sell : s.buy}`} data-testid="order-side">
              {t(`records.side.${o.state}`)}
            </span>
          </span>
          <span className={s.sub}>{t('records.orderNo', { no: o.no })}</span>
          <span className={`${s.sub} num`} data-testid="order-time">
            {formatTime(timeOf(o))}
          </span>
        </span>
        <span className={s.figures}>
          <span className={`${s.amount} num`} data-testid="order-total">
            {formatMoney(total, currency)}
          </span>
          <OrderStatus label={o.status_label} />
        </span>
      </Link>
      <dl className={s.facts}>
        <div>
          <dt>{t('records.quantity')}</dt>
          <dd className="num">{o.count}</dd>
        </div>
        <div>
          <dt>{t(sale ? 'records.sellPrice' : 'records.price')}</dt>
          <dd className="num" data-testid="order-price">
            {unit(unitPriceOf(o))}
          </dd>
        </div>
        <div>
          <dt>{t(sale ? 'records.received' : 'records.total')}</dt>
          <dd className="num">{formatMoney(total, currency)}</dd>
        </div>
        {sale && o.realized_pnl !== null && (
          <div>
            <dt>{t('records.detail.realized')}</dt>
            <dd>
              <Signed value={o.realized_pnl} testId="order-realized">
                {formatMoney(o.realized_pnl, currency)}
              </Signed>
            </dd>
          </div>
        )}
        {change !== null && change !== 0 && (
          <div>
            <dt className={s.hiddenLabel}>{t('records.price')}</dt>
            <dd className={`num ${changeClass(change)}`} data-testid="price-change" data-direction={change > 0 ? 'up' : 'down'}>
              <span aria-hidden="true">{change > 0 ? '▲' : '▼'} </span>
              <span className={s.hiddenLabel}>{t(change > 0 ? 'records.up' : 'records.down', { change: unit(Math.abs(change)) })}</span>
              <span aria-hidden="true">{unit(Math.abs(change))}</span>
            </dd>
          </div>
        )}
      </dl>
      {o.status === 0 && (
        <div className={s.actions}>
          <button type="button" className={s.cancelButton} onClick={onCancel} aria-label={`${t('records.cancel')} ${o.no}`}>
            {t('records.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  calls,
  currencySymbol,
  type Deployment,
  formatMoney,
  formatPrice,
  formatTime,
  isOrderNo,
  NotFoundState,
  type Order,
  PageHeader,
  precisionOf,
  QueryState,
  SkeletonRows,
  stripExchangeSuffix,
  troubleOf,
  useCall,
  WithDeployment,
} from '@invest/shared';
import { OrderStatus, Signed } from '../components/common';
import s from './records.module.css';

/** StockRecordDetail, /records/:id with the order number as id. */
export function RecordDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <div className={s.page}>
      <PageHeader title={t('titles.recordDetail')} back />
      <WithDeployment>{(d) => <Detail no={id} deployment={d} />}</WithDeployment>
    </div>
  );
}

function Detail({ no, deployment }: { no: string; deployment: Deployment }) {
  const { t } = useTranslation();
  // A number that cannot be an order's is not asked for: it does not exist.
  const valid = isOrderNo(no);
  const q = useCall(calls.dealOrder, { no }, { enabled: valid });
  if (!valid || (!q.data && troubleOf(q) === 'notFound')) return <NotFoundState title={t('trading.records.detail.notFound')} />;
  return (
    <QueryState query={q} errorTitle={t('trading.records.loadFailed')} skeleton={<SkeletonRows rows={6} />}>
      {q.data && <Facts order={q.data} currency={deployment.currency} />}
    </QueryState>
  );
}

function Facts({ order: o, currency }: { order: Order; currency: string }) {
  const { t } = useTranslation();
  const precision = precisionOf({ market: o.market });
  const unit = (v: number) => `${currencySymbol(o.currency)}${formatPrice(v, precision)}`;
  const money = (v: number) => formatMoney(v, currency);
  const k = (key: string) => t(`trading.records.detail.${key}`);
  const rows: [string, ReactNode][] = [
    ['no', o.no],
    ['stock', `${o.name} (${stripExchangeSuffix(o.tag)})`],
    ['market', o.market],
    ['side', t(`trading.records.side.${o.state}`)],
    ['status', <OrderStatus key="s" label={o.status_label} />],
    ['kind', k(`kinds.${o.kind}`)],
    ...(o.kind === 'limit' ? ([['tif', k(`tifs.${o.tif}`)]] as [string, ReactNode][]) : []),
    ['count', o.count],
    ['price', unit(o.price)],
    ...(o.limit_price !== null ? ([['limitPrice', unit(o.limit_price)]] as [string, ReactNode][]) : []),
    ...(o.sell_price !== null ? ([['sellPrice', unit(o.sell_price)]] as [string, ReactNode][]) : []),
    ...(o.fx_rate !== null && o.fx_rate !== 1 ? ([['fxRate', formatPrice(o.fx_rate, 4)]] as [string, ReactNode][]) : []),
    ['amount', money(o.price_all)],
    ['fee', money(o.fee)],
    ['cost', money(o.cost)],
    ...(o.held > 0 ? ([['held', money(o.held)]] as [string, ReactNode][]) : []),
    ...(o.value !== null ? ([['value', money(o.value)]] as [string, ReactNode][]) : []),
    ...(o.unrealized_pnl !== null ? ([['unrealized', <Signed key="u" value={o.unrealized_pnl}>{money(o.unrealized_pnl)}</Signed>]] as [string, ReactNode][]) : []),
    ...(o.sell_amount !== null ? ([['sellAmount', money(o.sell_amount)]] as [string, ReactNode][]) : []),
    ...(o.sell_fee !== null ? ([['sellFee', money(o.sell_fee)]] as [string, ReactNode][]) : []),
    ...(o.realized_pnl !== null ? ([['realized', <Signed key="r" value={o.realized_pnl}>{money(o.realized_pnl)}</Signed>]] as [string, ReactNode][]) : []),
    ['created', formatTime(o.created_at)],
    ...(o.filled_at ? ([['filled', formatTime(o.filled_at)]] as [string, ReactNode][]) : []),
    ...(o.sold_at ? ([['soldAt', formatTime(o.sold_at)]] as [string, ReactNode][]) : []),
    ...(o.expires_at && o.status === 0 ? ([['expires', formatTime(o.expires_at)]] as [string, ReactNode][]) : []),
    ...(o.closed_at ? ([['closed', formatTime(o.closed_at)]] as [string, ReactNode][]) : []),
  ];
  return (
    <section className={s.card} data-testid="order-detail">
      <dl className={s.dl}>
        {rows.map(([key, value]) => (
          <div key={key} className={s.kv}>
            <dt>{k(key)}</dt>
            <dd className="num" data-testid={`detail-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import {
  calls,
  type Deployment,
  formatMoney,
  formatPrice,
  formatPriceIn,
  formatTime,
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
import { isOrderNo } from '@invest/shared/values/trading';
import { OrderStatus, Signed } from '../components/common';
import { detailPathOf, detailSideOf, totalOf } from './entries';
import s from './records.module.css';

/** StockRecordDetail, /records/:id with the order number as id. */
export function RecordDetailPage() {
  const { t } = useTranslation('trading');
  const { id = '' } = useParams();
  return (
    <div className={s.page}>
      <PageHeader title={t('titles.recordDetail')} back />
      <WithDeployment>{(d) => <Detail no={id} deployment={d} />}</WithDeployment>
    </div>
  );
}

function Detail({ no, deployment }: { no: string; deployment: Deployment }) {
  const { t } = useTranslation('trading');
  const [params] = useSearchParams();
  // A number that cannot be an order's is not asked for: it does not exist.
  const valid = isOrderNo(no);
  const q = useCall(calls.dealOrder, { no }, { enabled: valid });
  if (!valid || (!q.data && troubleOf(q) === 'notFound')) return <NotFoundState title={t('records.detail.notFound')} />;
  return (
    <QueryState query={q} errorTitle={t('records.loadFailed')} skeleton={<SkeletonRows rows={6} />}>
      {q.data && <Facts order={q.data} side={detailSideOf(q.data, params.get('side'))} currency={deployment.currency} />}
    </QueryState>
  );
}

type Row = [key: string, value: ReactNode];
const row = (key: string, value: ReactNode): Row[] => [[key, value]];

/** An order seen as one of its trades: its buy (as placed and filled), or a sold lot's sale. */
function Facts({ order: o, side, currency }: { order: Order; side: 'buy' | 'sell'; currency: string }) {
  const { t } = useTranslation('trading');
  const precision = precisionOf({ market: o.market });
  const unit = (v: number) => formatPriceIn(v, o.currency, precision);
  const money = (v: number) => formatMoney(v, currency);
  const rate = (v: number | null) => (v !== null && v !== 1 ? row('fxRate', formatPrice(v, 4)) : []);
  const k = (key: string) => t(`records.detail.${key}`);
  const head: Row[] = [
    ['no', o.no],
    ['stock', `${o.name} (${stripExchangeSuffix(o.tag)})`],
    ['market', o.market],
    ['side', t(`records.side.${side}`)],
    ['status', <OrderStatus label={o.status_label} />],
  ];
  const rows: Row[] =
    side === 'sell'
      ? [
          ...head,
          ['count', o.count],
          ...(o.sell_price !== null ? row('sellPrice', unit(o.sell_price)) : []),
          ...rate(o.sell_fx_rate),
          ...(o.sell_amount !== null ? row('sellAmount', money(o.sell_amount)) : []),
          ...(o.sell_fee !== null ? row('sellFee', money(o.sell_fee)) : []),
          ...(o.sell_amount !== null ? row('received', money(totalOf(o))) : []),
          ...(o.realized_pnl !== null ? row('realized', <Signed value={o.realized_pnl}>{money(o.realized_pnl)}</Signed>) : []),
          ...(o.sold_at !== null ? row('soldAt', formatTime(o.sold_at)) : []),
          ['buyPrice', unit(o.price)],
          ['cost', money(o.cost)],
        ]
      : [
          ...head,
          ['kind', k(`kinds.${o.kind}`)],
          ...(o.kind === 'limit' ? row('tif', k(`tifs.${o.tif}`)) : []),
          ['count', o.count],
          ['price', unit(o.price)],
          ...(o.limit_price !== null ? row('limitPrice', unit(o.limit_price)) : []),
          ...rate(o.fx_rate),
          ['amount', money(o.price_all)],
          ['fee', money(o.fee)],
          ['cost', money(o.cost)],
          ...(o.held > 0 ? row('held', money(o.held)) : []),
          ...(o.value !== null ? row('value', money(o.value)) : []),
          ...(o.unrealized_pnl !== null ? row('unrealized', <Signed value={o.unrealized_pnl}>{money(o.unrealized_pnl)}</Signed>) : []),
          ['created', formatTime(o.created_at)],
          ...(o.filled_at !== null ? row('filled', formatTime(o.filled_at)) : []),
          ...(o.expires_at !== null && o.status === 0 ? row('expires', formatTime(o.expires_at)) : []),
          ...(o.closed_at !== null ? row('closed', formatTime(o.closed_at)) : []),
        ];
  // The other trade of a sold lot is a record of its own: one tap away.
  const other = o.state === 'sell' ? (side === 'sell' ? 'buy' : 'sell') : null;
  return (
    <>
      <section className={s.card} data-testid="order-detail" data-side={side}>
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
      {other && (
        <Link to={detailPathOf({ ...o, state: other })} className={s.related}>
          {k(other === 'buy' ? 'viewBuy' : 'viewSale')}
        </Link>
      )}
    </>
  );
}

import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import {
  calls,
  EmptyState,
  formatTime,
  type IpoOrder,
  keepPreviousData,
  LinkButton,
  PagedList,
  StatusBadge,
  type StatusTone,
  Tabs,
  useCall,
  WithDeployment,
} from '@invest/shared';
import { IPO_APPLICATION_STATUS, IPO_ORDER_TABS, IPO_SALE_STATUS, ipoCode } from '@invest/shared/values/ipo';
import { ProductPage } from '../components/ProductPage';
import { money } from '../components/money';
import { useListParams } from '../components/useListParams';
import { shares, sharePrice } from './ipoDisplay';
import s from '../components/products.module.css';

const TABS = ['applications', 'sales'] as const;
type Tab = (typeof TABS)[number];
export const IPO_ORDERS_PAGE_SIZE = 20;

/** Spec §4: applications 1 pending, 2 success, 3 failed; sales 1 success, anything else failed. */
function statusOf(tab: Tab, status: number): { key: string; tone: StatusTone } {
  if (tab === 'sales') return status === IPO_SALE_STATUS.success ? { key: 'success', tone: 'done' } : { key: 'failed', tone: 'failed' };
  if (status === IPO_APPLICATION_STATUS.pending) return { key: 'pending', tone: 'pending' };
  if (status === IPO_APPLICATION_STATUS.success) return { key: 'success', tone: 'done' };
  if (status === IPO_APPLICATION_STATUS.failed) return { key: 'failed', tone: 'failed' };
  return { key: 'unknown', tone: 'muted' };
}

/** Application Records and Sales Record; a row opens the stock's detail. */
export function IpoOrdersPage() {
  const { t } = useTranslation('products');
  const { tab, page, setTab, setPage } = useListParams<Tab>(TABS, 'applications');
  return (
    <ProductPage title="titles.ipoOrders" link={{ to: '/ipo', label: 'ipo.browse' }}>
      <Tabs label={t('ipo.recordTabs')} fill className={s.tabs} items={TABS.map((v) => ({ value: v, label: t(`ipo.tabs.${v}`) }))} value={tab} onChange={setTab} />
      <WithDeployment>{(d) => <Records key={tab} tab={tab} page={page} onPage={setPage} currency={d.currency} />}</WithDeployment>
    </ProductPage>
  );
}

function Records({ tab, page, onPage, currency }: { tab: Tab; page: number; onPage: (p: number) => void; currency: string }) {
  const { t } = useTranslation('products');
  const q = useCall(calls.ipoOrders, { tab: IPO_ORDER_TABS[tab], page, limit: IPO_ORDERS_PAGE_SIZE }, { placeholderData: keepPreviousData });
  return (
    <PagedList
      query={q}
      skeletonRows={5}
      errorTitle={t('ipo.ordersFailed')}
      label={t(`ipo.tabs.${tab}`)}
      empty={<EmptyState testId="orders-empty" title={t(`ipo.noRecords.${tab}`)} action={<LinkButton to="/ipo">{t('ipo.browse')}</LinkButton>} />}
      page={page}
      size={IPO_ORDERS_PAGE_SIZE}
      onPage={onPage}
    >
      {q.data?.rows.map((o) => (
        <OrderRow key={o.id} tab={tab} order={o} currency={currency} />
      ))}
    </PagedList>
  );
}

function OrderRow({ tab, order: o, currency }: { tab: Tab; order: IpoOrder; currency: string }) {
  const { t } = useTranslation('products');
  const status = statusOf(tab, o.status);
  const code = ipoCode(o.tag);
  const sell = o.state === 'sell';
  // Spec §2: quantity and total for status 0 and 2.
  const counted = o.status === 0 || o.status === 2;
  return (
    <li>
      <Link to={`/stock/v2/${encodeURIComponent(o.tag)}/${encodeURIComponent(o.tag)}`} className={s.row} data-testid="ipo-order">
        <div className={s.rowMain}>
          <span className={s.rowTitle}>
            <span className={s.series}>{o.market}</span>
            <span className="num">{code}</span>
            <span className={`${s.side} ${sell ? s.sideSell : s.sideBuy}`}>{t(sell ? 'ipo.sell' : 'ipo.buy')}</span>
            <StatusBadge tone={status.tone} label={t(`ipo.orderStatus.${status.key}`)} />
          </span>
          <span className={s.rowSub}>
            {t('ipo.orderNo', { no: o.no })} · <time dateTime={o.created_at}>{formatTime(o.created_at)}</time>
          </span>
          <span className={s.rowSub}>
            {counted && <>{t('ipo.qtyValue', { n: shares(o.count) })} · </>}
            {t('ipo.priceValue', { price: sharePrice(o.price, o.currency) })}
            {sell && o.sell_price !== null && <> · {t('ipo.sellPriceValue', { price: sharePrice(o.sell_price, o.currency) })}</>}
          </span>
          {!sell && o.status === IPO_APPLICATION_STATUS.pending && o.held > 0 && (
            <span className={s.rowSub} data-testid="ipo-held">
              {t('ipo.held', { amount: money(o.held, currency) })}
            </span>
          )}
          {!sell && o.released > 0 && o.status !== IPO_APPLICATION_STATUS.pending && (
            <span className={s.rowSub} data-testid="ipo-released">
              {t('ipo.released', { amount: money(o.released, currency) })}
            </span>
          )}
        </div>
        <div className={s.rowSide}>
          {(counted || sell) && (
            <span className={`${s.amount} num`} data-testid="ipo-total">
              {money(o.price_all, currency)}
            </span>
          )}
          {sell && o.pnl !== null && (
            <span className={`num ${o.pnl > 0 ? s.up : o.pnl < 0 ? s.down : ''}`} data-testid="ipo-pnl">
              {t('ipo.pnl', { amount: `${o.pnl > 0 ? '+' : ''}${money(o.pnl, currency)}` })}
            </span>
          )}
        </div>
      </Link>
    </li>
  );
}

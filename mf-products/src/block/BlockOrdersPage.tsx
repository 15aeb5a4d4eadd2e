import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import {
  type BlockMold,
  calls,
  EmptyState,
  formatPrice,
  formatPriceIn,
  formatTime,
  keepPreviousData,
  LinkButton,
  type Order,
  PagedList,
  StatusBadge,
  stockHref,
  stripExchangeSuffix,
  Tabs,
  useCall,
  WithDeployment,
} from '@invest/shared';
import { BLOCK_ORDER_FILTER, isBlockOrderSuccess } from '@invest/shared/values/offers';
import { ProductPage } from '../components/ProductPage';
import { money } from '../components/money';
import { useListParams } from '../components/useListParams';
import { MOLD_PAGES } from './molds';
import s from '../components/products.module.css';

// Spec §2: the tabs read All, Failed, Success (filter values 0, 2, 1).
const TABS = ['all', 'failed', 'success'] as const;
type Tab = (typeof TABS)[number];
export const BLOCK_ORDERS_PAGE_SIZE = 20;

/** The caller's block or QIP orders (deal/list with the mold); a row opens the stock's detail. */
function BlockOrders({ mold }: { mold: BlockMold }) {
  const { t } = useTranslation('products');
  const page = MOLD_PAGES[mold];
  const list = useListParams<Tab>(TABS, 'all');
  return (
    <ProductPage title={page.ordersTitle} link={{ to: page.base, label: 'block.offers' }}>
      <Tabs label={t('block.statusTabs')} fill className={s.tabs} items={TABS.map((v) => ({ value: v, label: t(`block.tabs.${v}`) }))} value={list.tab} onChange={list.setTab} />
      <WithDeployment>{(d) => <Orders key={list.tab} mold={mold} tab={list.tab} page={list.page} onPage={list.setPage} currency={d.currency} />}</WithDeployment>
    </ProductPage>
  );
}

function Orders({ mold, tab, page, onPage, currency }: { mold: BlockMold; tab: Tab; page: number; onPage: (p: number) => void; currency: string }) {
  const { t } = useTranslation('products');
  const q = useCall(calls.dealList, { mold, status: BLOCK_ORDER_FILTER[tab], page, limit: BLOCK_ORDERS_PAGE_SIZE }, { placeholderData: keepPreviousData });
  return (
    <PagedList
      query={q}
      skeletonRows={5}
      errorTitle={t('block.ordersFailed')}
      label={t(MOLD_PAGES[mold].ordersTitle)}
      empty={<EmptyState testId="orders-empty" title={t('block.noOrders')} action={<LinkButton to={MOLD_PAGES[mold].base}>{t('block.offers')}</LinkButton>} />}
      page={page}
      size={BLOCK_ORDERS_PAGE_SIZE}
      onPage={onPage}
    >
      {q.data?.rows.map((o) => (
        <OrderRow key={`${o.no}-${o.state}`} order={o} currency={currency} />
      ))}
    </PagedList>
  );
}

function OrderRow({ order: o, currency }: { order: Order; currency: string }) {
  const { t } = useTranslation('products');
  const ok = isBlockOrderSuccess(o.status);
  const sell = o.state === 'sell';
  return (
    <li>
      <Link to={stockHref(o.tag, o.name)} className={s.row} data-testid="block-order">
        <div className={s.rowMain}>
          <span className={s.rowTitle}>
            <span>{o.name}</span>
            <span className={`${s.side} ${sell ? s.sideSell : s.sideBuy}`}>{t(sell ? 'ipo.sell' : 'ipo.buy')}</span>
            <StatusBadge tone={ok ? 'done' : 'failed'} label={t(ok ? 'block.status.success' : 'block.status.failed')} />
          </span>
          <span className={s.rowSub}>
            <span className="num">{stripExchangeSuffix(o.tag)}</span> · {t('ipo.orderNo', { no: o.no })} · <time dateTime={o.created_at}>{formatTime(o.created_at)}</time>
          </span>
          <span className={s.rowSub}>
            {t('ipo.qtyValue', { n: formatPrice(o.count, 0) })} · {t('ipo.priceValue', { price: formatPriceIn(sell && o.sell_price !== null ? o.sell_price : o.price, o.currency, 2) })}
          </span>
        </div>
        <div className={s.rowSide}>
          <span className={`${s.amount} num`}>{money(sell && o.sell_amount !== null ? o.sell_amount : o.price_all, currency)}</span>
        </div>
      </Link>
    </li>
  );
}

export function BlockOrdersPage() {
  return <BlockOrders mold="bulk" />;
}

export function QipOrdersPage() {
  return <BlockOrders mold="finalize" />;
}

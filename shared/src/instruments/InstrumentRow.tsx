import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPriceIn, precisionOf, PriceChange, stripExchangeSuffix, type Quote, type StockRow, type WatchEntry } from '@invest/shared';
import s from './InstrumentRow.module.css';

export interface InstrumentRowView {
  code: string;
  name: string;
  market: string;
  exchange: string;
  /** Shown as a tag before the exchange (the watchlist shows the market name). */
  marketTag?: string;
  price: number;
  /** Previous close: the change is price minus it. */
  prevClose: number;
  percent: number;
  precision: number;
}

/**
 * One instrument in a list: name, code without .BO/.NS, exchange; price with the market's currency symbol;
 * change and percent in the market's colours. A link to the detail unless `href` is null (the watchlist in
 * edit mode), then `action` sits on the right instead.
 */
export function InstrumentRow({ row, href, action }: { row: InstrumentRowView; href: string | null; action?: ReactNode }) {
  const change = row.price - row.prevClose;
  const body = (
    <>
      <span className={s.who}>
        <span className={s.name}>{row.name}</span>
        <span className={s.meta}>
          {row.marketTag && <span className={s.tag}>{row.marketTag}</span>}
          <span className={s.exchange}>{row.exchange}</span>
          <span className={`${s.code} num`}>{stripExchangeSuffix(row.code)}</span>
        </span>
      </span>
      <span className={s.figures}>
        <span className={`${s.price} num`}>{formatPriceIn(row.price, row.market, row.precision)}</span>
        <PriceChange change={change} percent={row.percent} precision={row.precision} show="change" className={s.delta} />
      </span>
      <PriceChange change={change} percent={row.percent} show="percent" badge className={s.badge} />
    </>
  );
  return href === null ? (
    // Not a link while editing; no aria-disabled here, it would disable the row's own delete button for assistive tech.
    <div className={`${s.row} ${s.static}`} data-testid="stock-row">
      {body}
      {action}
    </div>
  ) : (
    <Link to={href} className={s.row} data-testid="stock-row">
      {body}
    </Link>
  );
}

/** The column captions above a list. */
export function InstrumentListHead({ name, price, change }: { name: string; price: string; change: string }) {
  return (
    <div className={s.head} aria-hidden="true">
      <span>{name}</span>
      <span className={s.headPrice}>{price}</span>
      <span className={s.headChange}>{change}</span>
    </div>
  );
}

/** A list row of the API (stock list, search) as a view, with a pushed quote laid over it when there is one. */
export function instrumentRowView(r: StockRow, live?: Quote): InstrumentRowView {
  return {
    code: r.stock,
    name: r.name,
    market: r.market,
    exchange: r.exchange_name,
    price: live?.price ?? r.prasent,
    prevClose: live?.prevClose ?? r.close_prices,
    percent: live?.changePercent ?? r.percent_change,
    precision: precisionOf(r),
  };
}

/** A watchlist entry as a view (the market shown as a tag), with its pushed quote when there is one. */
export function watchEntryRowView(e: WatchEntry, live?: Quote): InstrumentRowView {
  const d = e.stock_detail;
  return {
    code: e.stock_code,
    name: e.stock_name,
    market: d.market,
    marketTag: d.market,
    exchange: d.exchange_name,
    price: live?.price ?? d.prasent,
    prevClose: live?.prevClose ?? d.close_prices,
    percent: live?.changePercent ?? d.percent_change,
    precision: precisionOf(d),
  };
}

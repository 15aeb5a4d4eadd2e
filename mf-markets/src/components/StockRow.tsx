import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { currencySymbol, formatPrice, PriceChange, stripExchangeSuffix } from '@invest/shared';
import s from './StockRow.module.css';

export interface StockRowView {
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
export function StockRow({ row, href, action }: { row: StockRowView; href: string | null; action?: ReactNode }) {
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
        <span className={`${s.price} num`}>
          {currencySymbol(row.market)}
          {formatPrice(row.price, row.precision)}
        </span>
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
export function StockListHead({ name, price, change }: { name: string; price: string; change: string }) {
  return (
    <div className={s.head} aria-hidden="true">
      <span>{name}</span>
      <span className={s.headPrice}>{price}</span>
      <span className={s.headChange}>{change}</span>
    </div>
  );
}

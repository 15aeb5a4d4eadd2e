import type { Order } from '@invest/shared';

/*
 * An entry of the records is one trade (deal/list): an order's buy, or a sold lot's sale with state `sell`. A sold
 * lot's buy entry has state `buy` and the lot's sold_at set; its detail is the same order seen as its buy.
 */

const isSale = (o: Order) => o.state === 'sell';
/** A sold lot's buy entry: the lot's result belongs to its sale, not here. */
const isSoldBuy = (o: Order) => !isSale(o) && o.sold_at !== null;

/** When the trade happened: a sale when it sold, anything else when it was placed. */
export const timeOf = (o: Order): string => (isSale(o) ? (o.sold_at ?? o.created_at) : o.created_at);

/** The price per unit the trade was made at (quote currency). */
export const unitPriceOf = (o: Order): number => (isSale(o) ? (o.sell_price ?? o.price) : o.price);

/**
 * The money of the trade, minor units: a sale what it brought in less its fee; a filled buy what it cost; a resting
 * one the money held for it (its estimate and fee); a closed one its estimate.
 */
export function totalOf(o: Order): number {
  if (isSale(o) && o.sell_amount !== null) return o.sell_amount - (o.sell_fee ?? 0);
  return o.status === 1 ? o.cost : o.status === 0 ? o.held : o.price_all + o.fee;
}

/** Whether a live price moves the entry: only an open lot's (a resting order's price is its limit, not a gain). */
export const followsLivePrice = (o: Order): boolean => o.status === 1 && !isSale(o) && !isSoldBuy(o);

/** The price change an entry shows: a sale against its buy price; an open lot against the live price. */
export function changeOf(o: Order, live: number | undefined): number | null {
  if (isSale(o) && o.sell_price !== null) return o.sell_price - o.price;
  if (live !== undefined && followsLivePrice(o)) return live - o.price;
  return null;
}

/** The detail of an entry: the order by its number; a sold lot as its sale unless the entry is its buy. */
export const detailPathOf = (o: Order): string => `/records/${encodeURIComponent(o.no)}${isSoldBuy(o) ? '?side=buy' : ''}`;

/** Which trade of an order its detail shows: its sale once sold, unless the buy is asked for. */
export const detailSideOf = (o: Order, asked: string | null): 'buy' | 'sell' => (isSale(o) && asked !== 'buy' ? 'sell' : 'buy');

import { stripExchangeSuffix } from '@invest/shared';

/**
 * The stock detail's name: the route's name segment, or, when that is the literal `undefined` (or missing),
 * the symbol without its .BO / .NS suffix (spec §2).
 */
export function displayName(name: string | undefined, symbol: string): string {
  const n = (name ?? '').trim();
  return n && n !== 'undefined' && n !== 'null' ? n : stripExchangeSuffix(symbol);
}

const seg = (v: string) => encodeURIComponent(v);

/** /stock/v2/{code}/{name}: the detail as reached from search, lists and the watchlist. */
export function stockHref(code: string, name?: string): string {
  return `/stock/v2/${seg(code)}/${seg(name || 'undefined')}`;
}

/** The trading screen (mf-trading) for a side. */
export function tradingHref(symbol: string, market: string, name: string, type: 'buy' | 'sell'): string {
  return `/stock/trading/${seg(symbol)}/${seg(market)}/${seg(name)}?type=${type}`;
}

/** Display decimals: what the row says, else 2 (forex 4). */
export function precisionOf(row: { precision?: number; market?: string }): number {
  if (typeof row.precision === 'number' && row.precision >= 0 && row.precision <= 8) return row.precision;
  return row.market === 'FOREX' ? 4 : 2;
}

/** Logs a list that failed to load; the caller empties the list without a message (spec §8). */
export function logListError(what: string, e: unknown): void {
  console.warn(`[mf-markets] ${what} failed to load`, e);
}

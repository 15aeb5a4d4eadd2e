/** URLs one app links to in another (remotes never import each other; they share these). */
const seg = (v: string) => encodeURIComponent(v);

/** /stock/v2/{code}/{name}: the stock detail as reached from search, lists, the watchlist and the account. */
export function stockHref(code: string, name?: string): string {
  return `/stock/v2/${seg(code)}/${seg(name || 'undefined')}`;
}

/** The trading screen (mf-trading) for a side. */
export function tradingHref(symbol: string, market: string, name: string, type: 'buy' | 'sell'): string {
  return `/stock/trading/${seg(symbol)}/${seg(market)}/${seg(name)}?type=${type}`;
}

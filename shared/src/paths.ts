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

/** An address no real origin has: a path resolved against it stays on it unless it names another site. */
const HERE = 'https://app.invalid';

/**
 * A return path given in a URL (`?next=`, `?from=`) when it is a path of this app, else null: it starts with exactly
 * one "/" (not "//host" or "/\host"), has no scheme, and still names this app once the browser has read it (a tab
 * or line break inside it, which browsers drop, cannot turn it into "//host"). Never an open redirect.
 */
export function sameAppPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  try {
    const url = new URL(path, HERE);
    return url.origin === HERE ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

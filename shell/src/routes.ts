/**
 * The spec's route table (section 2): every route mapped to the app that owns it and to its shell flags.
 * Order matters where routes overlap: the first match wins, so specific routes come before general ones
 * (/account/changes before /account, /stock/v2/... before /stock/:symbol/...). Patterns are react-router's and are
 * matched as its matchPath does with its defaults (see matcherOf), so the shell routes a URL exactly as the owner's
 * <Routes> will.
 */
import manifest from '../../apps.json';

/** A remote's name: its folder in apps.json (mf-markets). */
export type AppName = string;
export type Owner = AppName | 'shell';

export interface RouteDef {
  pattern: string;
  owner: Owner;
  /** Reachable without a login. */
  public?: boolean;
  /** Bottom nav shown. */
  nav?: boolean;
  /** Floating customer-service button shown. */
  service?: boolean;
}

export const ROUTES: readonly RouteDef[] = [
  { pattern: '/login', owner: 'shell', public: true },
  { pattern: '/register', owner: 'shell', public: true },
  { pattern: '/forgot-password', owner: 'shell', public: true },

  { pattern: '/', owner: 'mf-markets', nav: true, service: true },
  { pattern: '/markets', owner: 'mf-markets', nav: true },
  { pattern: '/watchlists', owner: 'mf-markets', nav: true },
  { pattern: '/news', owner: 'mf-markets' },
  { pattern: '/news/:id', owner: 'mf-markets' },
  { pattern: '/stock/trading/:symbol/:market/:name', owner: 'mf-trading' },
  { pattern: '/stock/v2/:code/:name', owner: 'mf-markets' },
  { pattern: '/stock/:symbol/:market/:name', owner: 'mf-markets' },

  { pattern: '/trade', owner: 'mf-trading', nav: true },
  { pattern: '/trade-no-nav/:type/:buck?', owner: 'mf-trading' },
  { pattern: '/trading/:code', owner: 'mf-trading' },
  { pattern: '/records', owner: 'mf-trading' },
  { pattern: '/records/:id', owner: 'mf-trading' },

  { pattern: '/account/changes', owner: 'mf-wallet' },
  { pattern: '/account/recharge-withdraw/:id', owner: 'mf-wallet' },
  { pattern: '/recharge', owner: 'mf-wallet' },
  { pattern: '/withdraw', owner: 'mf-wallet' },
  { pattern: '/withdraw-records', owner: 'mf-wallet' },
  { pattern: '/recharge-records/:type?', owner: 'mf-wallet' },
  { pattern: '/loan', owner: 'mf-wallet' },
  { pattern: '/LoanApplication', owner: 'mf-wallet' },
  { pattern: '/loan-records', owner: 'mf-wallet' },

  { pattern: '/block-trading', owner: 'mf-products' },
  { pattern: '/block-trading/orders', owner: 'mf-products' },
  { pattern: '/qip', owner: 'mf-products' },
  { pattern: '/qip/orders', owner: 'mf-products' },
  { pattern: '/ipo', owner: 'mf-products' },
  { pattern: '/ipo/orders', owner: 'mf-products' },
  { pattern: '/fund-investment', owner: 'mf-products' },
  { pattern: '/fund-investment/orders', owner: 'mf-products' },
  { pattern: '/forex', owner: 'mf-products' },
  { pattern: '/futures', owner: 'mf-products' },
  { pattern: '/treasury-debt', owner: 'mf-products' },

  { pattern: '/account', owner: 'mf-account', nav: true },
  { pattern: '/settings', owner: 'mf-account' },
  { pattern: '/settings/login-password', owner: 'mf-account' },
  { pattern: '/settings/real-name', owner: 'mf-account' },
  { pattern: '/settings/bank-cards', owner: 'mf-account' },
  { pattern: '/customer-service', owner: 'mf-account' },
];

/** The remotes of apps.json (every app but the shell, which is the first). */
export const APP_NAMES: readonly AppName[] = manifest.apps.filter((a) => 'short' in a).map((a) => a.dir);

/**
 * react-router's matchPath for the pattern forms ROUTES uses (static segments, `:param`, `:param?`), with its
 * defaults: case-insensitive, trailing slashes allowed, params decoded. Written out so that the login screen loads
 * without the router; test/remote-routes.test.tsx checks it against matchPath on every route.
 */
function matcherOf(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
      names.push(name);
      return optional ? '(?:/([^/]*))?' : '/([^/]+)';
    });
  return { regex: new RegExp(`^${source}/*$`, 'i'), names };
}

const decoded = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

const MATCHERS = new Map(ROUTES.map((route) => [route.pattern, { route, ...matcherOf(route.pattern) }]));

/** The params of `pathname` under one of ROUTES' patterns (an optional one missing is absent), or null when it does not match. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const m = MATCHERS.get(pattern) ?? { ...matcherOf(pattern), route: null };
  const found = m.regex.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  m.names.forEach((name, i) => {
    const v = found[i + 1];
    if (v !== undefined) params[name] = decoded(v);
  });
  return params;
}

export function routeFor(pathname: string): RouteDef | null {
  for (const m of MATCHERS.values()) if (m.regex.test(pathname)) return m.route;
  return null;
}

/**
 * The login screen, asked to return to `path` (a route's path and query) after the login: a deep link or the page an
 * expired session was on. Home, the public screens and unknown paths need no way back.
 */
export function loginPathBackTo(path: string): string {
  const route = routeFor(path.split(/[?#]/)[0]!);
  return !route || route.public || route.pattern === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}

/** Where the auth guard sends a visitor at `path` (pathname and query), or null to stay (spec section 2). */
export function guardRedirect(path: string, loggedIn: boolean): string | null {
  const pathname = path.split(/[?#]/)[0]!;
  const route = routeFor(pathname);
  if (loggedIn && pathname === '/login') return '/';
  if (!loggedIn && !route?.public) return loginPathBackTo(path);
  return null;
}

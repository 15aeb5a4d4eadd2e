/**
 * The spec's route table (section 2): every route mapped to the app that owns it and to its shell flags.
 * Order matters where routes overlap: the first match wins, so specific routes come before general ones
 * (/account/changes before /account, /stock/trading/* before /stock/*).
 */
export type AppName = 'mf-markets' | 'mf-trading' | 'mf-wallet' | 'mf-products' | 'mf-account';
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

export const APP_NAMES: readonly AppName[] = ['mf-markets', 'mf-trading', 'mf-wallet', 'mf-products', 'mf-account'];

/** Whether `pathname` fits `pattern` (`:param` one segment, `:param?` an optional last segment). */
export function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (have.length > want.length) return false;
  return want.every((seg, i) => {
    const part = have[i];
    if (seg.endsWith('?')) return true;
    if (part === undefined) return false;
    return seg.startsWith(':') ? part.length > 0 : seg === part;
  });
}

export function routeFor(pathname: string): RouteDef | null {
  return ROUTES.find((r) => matches(r.pattern, pathname)) ?? null;
}

/** Where the auth guard sends a visitor, or null to stay (spec section 2). */
export function guardRedirect(pathname: string, loggedIn: boolean): string | null {
  const route = routeFor(pathname);
  if (loggedIn && pathname === '/login') return '/';
  if (!loggedIn && !route?.public) return '/login';
  return null;
}

import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

/** The front-end apps: the shell at /, each remote under /remotes/<short>/. */
export const WEB_APPS = [
  { dir: 'shell', container: 'shell', short: '' },
  { dir: 'mf-markets', container: 'mf_markets', short: 'markets' },
  { dir: 'mf-trading', container: 'mf_trading', short: 'trading' },
  { dir: 'mf-wallet', container: 'mf_wallet', short: 'wallet' },
  { dir: 'mf-products', container: 'mf_products', short: 'products' },
  { dir: 'mf-account', container: 'mf_account', short: 'account' },
] as const;

export type WebApp = (typeof WEB_APPS)[number];
export const REMOTES = WEB_APPS.filter((a) => a.short !== '');
export const distOf = (app: WebApp) => path.join(ROOT, app.dir, 'dist');

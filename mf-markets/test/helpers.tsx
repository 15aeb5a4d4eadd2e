// Markets test data; the generic screen helpers live in shared/test/screen-helpers.
import { appData, type Category } from '@invest/shared';

export { answer, inputsOf, setup, renderAt, collectToasts, deferred, type Handler } from '../../shared/test/screen-helpers';

export const CATEGORIES: Category[] = [
  {
    category_id: 1,
    category_code: 'IN',
    category_name: 'India',
    stocks: [
      { id: 1, stock_name: 'NIFTY 50', stock_code: '^NSEI' },
      { id: 2, stock_name: 'BSE SENSEX', stock_code: '^BSESN' },
    ],
  },
  { category_id: 2, category_code: 'US', category_name: 'United States', stocks: [{ id: 11, stock_name: 'S&P 500', stock_code: '^GSPC' }] },
];

export function withCategories(categories: Category[] = CATEGORIES): void {
  appData.set({ categories, initialized: true });
}

export function quote(symbol: string, over: Record<string, unknown> = {}) {
  return {
    symbol,
    name: symbol,
    market: 'IN',
    exchange_name: 'NSE',
    currency: 'INR',
    precision: 2,
    price: 100,
    change: 1,
    changePercent: 1.01,
    percent_change: 1.01,
    open: 99,
    high: 101,
    low: 98,
    prevClose: 99,
    volume: 1000,
    marketOpen: true,
    simulated: true,
    timezone: 'Asia/Kolkata',
    asOf: 1_700_000_000_000,
    ...over,
  };
}

export function chart(symbol: string, over: Record<string, unknown> = {}) {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    timestamp: 1_700_000_000_000 + i * 60_000,
    open: 100 + i,
    high: 102 + i,
    low: 99 + i,
    close: 101 + i,
    volume: 10 * i,
    change: 1,
  }));
  return { ...quote(symbol, over), rows, linePath: 'M0 20L100 10', areaPath: 'M0 20L100 10L100 40L0 40Z' };
}

export function stockRow(i: number, over: Record<string, unknown> = {}) {
  return {
    id: i,
    stock: `STOCK${i}.NS`,
    name: `Stock ${i}`,
    market: 'IN',
    market_name: 'India',
    exchange_name: 'NSE',
    prasent: 100 + i,
    close_prices: 100,
    percent_change: i,
    precision: 2,
    ...over,
  };
}


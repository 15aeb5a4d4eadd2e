// Contract-checked test data: every builder parses its result with the contract's schema, so a fixture that
// drifts from the contract fails where it is made.
import type { z } from 'zod';
import { categoryList, StockRow, WatchEntry, yahoo, type Category } from '../contract/market';
import type { CallOutput, Endpoint } from '../contract/route';
import { contractCall } from './contractCalls';

/** `value` as the call (an endpoint the apps hold, or the contract's own) answers it, or a test failure naming the fields that drifted. */
export function fixture<C extends Endpoint>(def: C, value: unknown): CallOutput<C> {
  const full = contractCall(def.method, def.path);
  if (!full) throw new Error(`fixture: no contract call is ${def.method} ${def.path}`);
  return parse(full.output, value, def.path) as CallOutput<C>;
}

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(`fixture ${what} drifts from the contract: ${r.error.message}`);
  return r.data;
}

export const CATEGORIES: Category[] = fixture(categoryList, {
  categories: [
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
  ],
}).categories;

let seeded: Category[] | null = null;

/** The app's market categories as if the shell had loaded them (in the clients renderAt makes, until the test ends). */
export function withCategories(categories: Category[] = CATEGORIES): void {
  seeded = categories;
}

/** What withCategories asked for, for a new test client. */
export const seededCategories = (): Category[] | null => seeded;

afterEach(() => {
  seeded = null;
});

const QuoteOnly = yahoo.output.omit({ rows: true, linePath: true, areaPath: true });

/** A quote as the stream pushes it. */
export function quote(symbol: string, over: Record<string, unknown> = {}) {
  return parse(
    QuoteOnly,
    {
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
    },
    'quote',
  );
}

/** GET /v2/yahoo's answer: the quote with 30 one-minute rows and sparkline paths. */
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
  return fixture(yahoo, { ...quote(symbol, over), rows, linePath: 'M0 20L100 10', areaPath: 'M0 20L100 10L100 40L0 40Z' });
}

/** A row of GET /v2/stock/list. */
export function stockRow(i: number, over: Record<string, unknown> = {}) {
  return parse(
    StockRow,
    {
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
    },
    'stock row',
  );
}

/** A favourite of GET /stock/success/collection/list. */
export function watchEntry(code: string, name: string, detail: Record<string, unknown> = {}) {
  return parse(
    WatchEntry,
    {
      stock_name: name,
      stock_code: code,
      stock_detail: { market: 'IN', prasent: 1500, close_prices: 1480, percent_change: 1.35, market_name: 'India', exchange_name: 'NSE', precision: 2, ...detail },
    },
    'watch entry',
  );
}

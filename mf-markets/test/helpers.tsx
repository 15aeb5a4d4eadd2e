// Test helpers: the API mocked by contract path, English texts, a router around the screens.
// Each test file mocks the package itself (jest.mock is hoisted per file):
//   jest.mock('@invest/shared', () => ({ ...jest.requireActual('@invest/shared'), call: jest.fn(), useDeploymentConfig: jest.fn() }));
import './polyfills';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, appData, bus, call, initI18n, type Category, type CallDef } from '@invest/shared';

export type Handler = (input: any) => unknown;

/** Answers each call by its contract path; a path without a handler rejects like a 404. */
export function answer(handlers: Record<string, Handler>): jest.Mock {
  const mock = call as unknown as jest.Mock;
  mock.mockImplementation(async (def: CallDef, input: unknown) => {
    const h = handlers[def.path];
    if (!h) throw new ApiError('notFound', 404);
    return h(input);
  });
  return mock;
}

/** The inputs every call of `path` was made with. */
export const inputsOf = (path: string): any[] =>
  (call as unknown as jest.Mock).mock.calls.filter(([def]) => (def as CallDef).path === path).map(([, input]) => input);

export async function setup(): Promise<void> {
  await initI18n();
}

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

export function renderAt(path: string, ui: ReactElement): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

/** Collects the toasts published while a test runs. */
export function collectToasts(): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const sub = bus.on('toast').subscribe((e) => messages.push(e.message));
  return { messages, stop: () => sub.unsubscribe() };
}

/** A promise with its resolve/reject handles. */
export function deferred<T = unknown>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

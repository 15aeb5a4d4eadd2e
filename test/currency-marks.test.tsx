/**
 * Pesos are never taken for dollars: every screen where a quote currency can meet the deployment's renders in both
 * deployments, and each amount carries its own mark (₹ or MX$ for the deployment's money, US$ for a US price); no
 * amount is a bare "$" followed by a figure, which in Mexico would read as pesos.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Ipo, type IpoOrder, type Offer, type Order } from '@invest/shared';
import { answer, chart, inputsOf, renderAt, setup, stockRow, watchEntry, withCategories, type Handler } from '@invest/shared/testing';
import { AppRoutes as AccountRoutes } from '../mf-account/src/App';
import { texts as accountTexts } from '../mf-account/src/i18n';
import { AppRoutes as MarketsRoutes } from '../mf-markets/src/App';
import { texts as marketsTexts } from '../mf-markets/src/i18n';
import { AppRoutes as ProductsRoutes } from '../mf-products/src/App';
import { texts as productsTexts } from '../mf-products/src/i18n';
import { AppRoutes as TradingRoutes } from '../mf-trading/src/App';
import { texts as tradingTexts } from '../mf-trading/src/i18n';
import { order } from '../mf-trading/test/fixtures';
import { AppRoutes as WalletRoutes } from '../mf-wallet/src/App';
import { texts as walletTexts } from '../mf-wallet/src/i18n';
import { bill, INFO } from '../mf-wallet/test/fixtures';

interface Deployment {
  currency: 'INR' | 'MXN';
  /** The mark of the deployment's money. */
  mark: string;
  /** Deployment currency per US dollar. */
  rate: number;
}
const DEPLOYMENTS: Deployment[] = [
  { currency: 'INR', mark: '₹', rate: 88 },
  { currency: 'MXN', mark: 'MX$', rate: 19 },
];

/** "$" with a figure after it (or a sign) and no letters before it: the mark a reader in Mexico takes for pesos. */
const BARE_DOLLAR = /(?<![A-Za-z])\$\s?[-+\d]/;

/** Everything the page says: its text and the names given to assistive technology. */
const said = () =>
  [document.body.textContent ?? '', ...[...document.querySelectorAll('[aria-label],[title],[placeholder]')].flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''))].join('\n');

// A US stock at US$283.49 and what 10 of them cost in the deployment's money.
const PRICE = 283.49;
const usLot = (d: Deployment, no: string, over: Partial<Order> = {}): Order => {
  const priceAll = Math.round(10 * PRICE * d.rate * 100);
  return order(no, {
    tag: 'AAPL',
    name: 'Apple',
    market: 'US',
    currency: 'USD',
    price: PRICE,
    fx_rate: d.rate,
    price_all: priceAll,
    fee: 100,
    cost: priceAll + 100,
    value: priceAll + 5_000,
    unrealized_pnl: 4_900,
    ...over,
  });
};
const usChart = (symbol: string) => chart(symbol, { name: 'Apple', market: 'US', exchange_name: 'NASDAQ', currency: 'USD', timezone: 'America/New_York', price: PRICE, high: 290, low: 280 });
/** The quote call: the US stock, and the dollar's rate in the deployment's currency. */
const quotes =
  (d: Deployment): Handler =>
  ({ symbol }) =>
    symbol === `USD${d.currency}` ? chart(symbol, { market: 'FOREX', currency: d.currency, price: d.rate, precision: 4 }) : usChart(symbol);

const offer = (d: Deployment): Offer => ({
  id: 2,
  tag: 'AAPL',
  name: 'Apple Inc.',
  mold: 'bulk',
  price: 200,
  count: 10,
  status: 1,
  type: 'US',
  currency: 'USD',
  windows: [{ open: '04:00', close: '20:00' }],
  time_zone: 'America/New_York',
  qualified_only: false,
  market_price: 210,
  open_now: true,
  next_open_at: null,
  qualified: false,
  settle_currency: d.currency,
  fx_rate: d.rate,
  margin_bps: 3,
  max_count: 50,
});

const ipo = (d: Deployment): Ipo => ({
  id: 1,
  series: 'NASDAQ',
  symbol: 'NEWCO',
  company_name: 'New Company',
  status: 'Forthcoming',
  issue_price: 25,
  min: 100,
  max: 1000,
  issue_start_date: '2026-11-25',
  issue_end_date: '2026-11-28',
  lot: 100,
  market: 'US',
  currency: 'USD',
  can_apply: false,
  mine: { no: 'IPO-1', count: 100, status: 1, allotted: 0, held: 2500 * d.rate * 100 },
  created_at: '2026-11-20T00:00:00.000Z',
});

const ipoRecord = (d: Deployment, over: Partial<IpoOrder> = {}): IpoOrder => ({
  id: 1,
  tag: 'NEWCO',
  no: 'IPO-1',
  market: 'US',
  type: 'stock',
  mold: 'ipo',
  state: 'buy',
  count: 100,
  price: 25,
  sell_price: null,
  price_all: 2500 * d.rate * 100,
  status: 2,
  created_at: '2026-11-26T09:00:00.000Z',
  ipo_id: 1,
  company_name: 'New Company',
  currency: 'USD',
  applied: 100,
  allotted: 100,
  held: 2500 * d.rate * 100,
  captured: 2500 * d.rate * 100,
  released: 0,
  lot_no: 'L-1',
  sell_fee: null,
  pnl: null,
  settled_at: null,
  ...over,
});

interface Screen {
  name: string;
  routes: () => ReactElement;
  path: string;
  calls: (d: Deployment) => Record<string, Handler>;
  /** Waits until the amounts are on screen (opening what shows more of them), then reads them: dollar prices, and the deployment's money. */
  shown: (d: Deployment) => Promise<{ dollars: string[]; local: string[] }>;
}

/** What a node says; a missing node fails the test where it is read. */
const textOf = (node: Node | null | undefined): string => {
  if (!node) throw new Error('an amount the test expected is not on the screen');
  return node.textContent ?? '';
};
const byTestId = (...ids: string[]) => ids.map((id) => textOf(screen.getByTestId(id)));
const figures = /\d/;

const SCREENS: Screen[] = [
  {
    name: "a US stock's ticket",
    routes: () => <TradingRoutes />,
    path: '/stock/trading/AAPL/US/Apple',
    calls: (d) => ({
      '/v2/yahoo': quotes(d),
      '/stock/success/deal/rules': () => ({ fee_bps: 3, fee_min: 100, collar_bps: 100, fx_max_age_seconds: 300, quantity_min: 1, quantity_half_max: 50, quantity_full_max: 100, currency: d.currency }),
      '/stock/success/deal/orders': () => ({ rows: [usLot(d, 'B1')], count: 1 }),
      '/stock/success/v2/user/info': () => ({ id: 1, user: '9000000001', no: '10000001', img: '', total: 50_000_000, money: 40_000_000, loan: 0 }),
    }),
    shown: async (d) => {
      await waitFor(() => expect(screen.getByTestId('preview-total').textContent).toMatch(figures));
      await waitFor(() => expect(screen.getByTestId('available').textContent).toMatch(figures));
      // The exchange rate line names both currencies by their codes.
      expect(screen.getByTestId('preview-fx').textContent).toBe(`1 USD = ${d.rate.toFixed(4)} ${d.currency}`);
      const lot = await screen.findByTestId('ticket-lot');
      return {
        dollars: [...byTestId('live-price', 'preview-price'), textOf(within(lot).getByText(/^10 at /))],
        local: byTestId('preview-amount', 'preview-fee', 'preview-total', 'available', 'lot-pnl'),
      };
    },
  },
  {
    name: 'positions',
    routes: () => <TradingRoutes />,
    path: '/trade',
    calls: (d) => ({
      '/v2/yahoo': quotes(d),
      '/stock/success/v2/transaction': ({ type }) =>
        type === 'stock'
          ? { rows: [usLot(d, 'L1'), usLot(d, 'L2')], count: 2, cost: 1_000_000, value: 1_010_000, unrealized_pnl: 10_000, day_pnl: 1_200 }
          : { rows: [], count: 0, cost: 0, value: 0, unrealized_pnl: 0, day_pnl: 0 },
    }),
    shown: async () => {
      const [holding] = await screen.findAllByTestId('holding');
      fireEvent.click(within(holding!).getByRole('button', { name: /Show the lots/ }));
      const [lot] = within(holding!).getAllByTestId('lot');
      const [, lotPrice, lotValue] = within(lot!).getAllByRole('cell');
      const avg = within(holding!).getByTestId('holding-avg');
      return {
        // The average price per share (in dollars) sits above what the holding cost (in the deployment's money).
        dollars: [textOf(avg.firstChild), textOf(lotPrice)],
        local: [textOf(avg.lastChild), textOf(lotValue), ...within(holding!).getAllByTestId(/holding-(value|pnl)/).map(textOf), ...byTestId('sum-invested', 'sum-value', 'sum-pnl', 'sum-day-pnl')],
      };
    },
  },
  {
    name: 'order records',
    routes: () => <TradingRoutes />,
    path: '/records',
    calls: (d) => ({
      '/v2/yahoo': quotes(d),
      '/stock/success/deal/list': () => ({
        rows: [
          usLot(d, 'S1', { state: 'sell', sell_price: 300, sell_fx_rate: d.rate, value: null, unrealized_pnl: null, sell_amount: 5_700_000, sell_fee: 1_710, realized_pnl: 300_000, sold_at: '2026-03-05T05:06:07.000Z' }),
          usLot(d, 'B1'),
        ],
        count: 2,
      }),
    }),
    shown: async () => {
      const rows = await screen.findAllByTestId('order-row');
      return {
        dollars: rows.flatMap((r) => within(r).queryAllByTestId(/order-price|price-change/).map(textOf)),
        local: rows.flatMap((r) => within(r).queryAllByTestId(/order-total|order-realized/).map(textOf)),
      };
    },
  },
  {
    name: 'an order record',
    routes: () => <TradingRoutes />,
    path: '/records/B1',
    calls: (d) => ({ '/stock/success/deal/order': () => usLot(d, 'B1') }),
    shown: async () => {
      await screen.findByTestId('order-detail');
      return { dollars: byTestId('detail-price'), local: byTestId('detail-amount', 'detail-fee', 'detail-cost', 'detail-value', 'detail-unrealized') };
    },
  },
  {
    name: "a US stock's detail",
    routes: () => <MarketsRoutes />,
    path: '/stock/v2/AAPL/Apple',
    calls: (d) => ({ '/v2/yahoo': quotes(d), '/stock/success/collection/check': () => ({ collected: false }) }),
    shown: async () => ({ dollars: [textOf(await screen.findByTestId('detail-price'))], local: [] }),
  },
  {
    name: 'the watchlist',
    routes: () => <MarketsRoutes />,
    path: '/watchlists',
    calls: (d) => ({
      '/v2/yahoo': quotes(d),
      '/stock/success/collection/list': () => {
        const list = [watchEntry('INFY.NS', 'Infosys'), watchEntry('AAPL', 'Apple', { market: 'US', exchange_name: 'NASDAQ', prasent: PRICE, close_prices: 280 })];
        return { list, total: list.length };
      },
    }),
    shown: async () => {
      const rows = await screen.findAllByTestId('stock-row');
      return { dollars: [textOf(rows[1]!.querySelector('.price'))], local: [] };
    },
  },
  {
    name: 'block offers and the buy dialog',
    routes: () => <ProductsRoutes />,
    path: '/block-trading',
    calls: (d) => ({
      '/stock/success/stock/list': () => ({ rows: [offer(d)], count: 1 }),
      '/stock/success/v2/balance': () => ({ balance: 100_000_000 }),
      '/stock/success/user/password/state': () => ({ is_set: true, locked_until: null }),
    }),
    shown: async () => {
      const [card] = await screen.findAllByTestId('offer');
      const prices = within(card!).getAllByTestId(/market-price|block-price/).map(textOf);
      fireEvent.click(within(card!).getByRole('button', { name: 'Buy' }));
      const dialog = screen.getByRole('dialog');
      await act(async () => {});
      await waitFor(() => expect(within(dialog).getByTestId('block-total').textContent).toMatch(figures));
      // The dialog's block price, then what the quantity costs.
      return { dollars: [...prices, textOf(dialog.querySelector('p .num'))], local: [textOf(within(dialog).getByTestId('block-total'))] };
    },
  },
  {
    name: 'block orders',
    routes: () => <ProductsRoutes />,
    path: '/block-trading/orders',
    calls: (d) => ({ '/stock/success/deal/list': () => ({ rows: [usLot(d, 'K1', { mold: 'bulk', price: 200 })], count: 1 }) }),
    shown: async () => {
      const [row] = await screen.findAllByTestId('block-order');
      return { dollars: [textOf(within(row!).getByText(/Price/))], local: [textOf(row!.querySelector('.amount'))] };
    },
  },
  {
    name: 'IPOs',
    routes: () => <ProductsRoutes />,
    path: '/ipo',
    calls: (d) => ({ '/client/ipo': () => [ipo(d)] }),
    shown: async () => {
      const [card] = await screen.findAllByTestId('ipo');
      return { dollars: [textOf(within(card!).getByText(/\d\.\d\d$/, { selector: 'dd' }))], local: [textOf(within(card!).getByTestId('ipo-mine'))] };
    },
  },
  {
    name: 'IPO orders',
    routes: () => <ProductsRoutes />,
    path: '/ipo/orders',
    calls: (d) => ({ '/stock/success/ipo/list': () => ({ rows: [ipoRecord(d)], count: 1 }) }),
    shown: async () => {
      const [row] = await screen.findAllByTestId('ipo-order');
      return { dollars: [textOf(within(row!).getByText(/Price/))], local: [textOf(within(row!).getByTestId('ipo-total'))] };
    },
  },
  {
    name: 'the forex list',
    routes: () => <ProductsRoutes />,
    path: '/forex',
    calls: (d) => ({
      '/v2/yahoo': quotes(d),
      '/v2/currency/list': () => ({
        rows: [{ ...stockRow(1, { stock: `USD${d.currency}`, name: `USD/${d.currency}`, market: 'FOREX', market_name: 'Forex', exchange_name: 'FX', prasent: d.rate, close_prices: d.rate, percent_change: 0, precision: 4 }), price_change_percent: 0 }],
        count: 1,
      }),
    }),
    shown: async () => {
      await screen.findAllByTestId('stock-row');
      return { dollars: [], local: [] };
    },
  },
  {
    name: 'the account: total assets beside the market tab',
    routes: () => <AccountRoutes />,
    path: '/account',
    calls: (d) => ({
      '/stock/success/v2/user/info': () => ({ id: 3, user: '9876543210', no: '40000003', img: '', total: 1_234_567, money: 1_000_050, loan: 0 }),
      // The Stocks tab lists the deployment's stock market, priced in that market's currency.
      '/v2/stock/list': ({ market, limit }) => ({
        rows: Array.from({ length: limit }, (_, i) => stockRow(i + 1, { market, stock: `${market}${i}`, prasent: market === 'US' ? PRICE : 2500 * d.rate })),
        count: 50,
      }),
    }),
    shown: async () => {
      await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toMatch(figures));
      const rows = await screen.findAllByTestId('stock-row');
      const prices = rows.map((r) => textOf(r.querySelector('.price')));
      const inDollars = inputsOf('/v2/stock/list')[0]?.market === 'US';
      return { dollars: inDollars ? prices : [], local: [...byTestId('total-assets', 'available-balance'), ...(inDollars ? [] : prices)] };
    },
  },
  {
    name: 'the bill list: what buying US stock took from the wallet',
    routes: () => <WalletRoutes />,
    path: '/account/changes',
    calls: () => ({
      '/stock/success/v2/user/info': () => INFO,
      '/stock/success/v2/bill': () => ({ rows: [bill(2, { type: 'expense', amount: 12345, balance: 987705, reason: 'buyStock' }), bill(1)], count: 2 }),
    }),
    shown: async () => {
      const rows = await screen.findAllByTestId('bill-row');
      return { dollars: [], local: [...rows.map((r) => textOf(within(r).getByTestId('bill-amount'))), textOf(await screen.findByTestId('bills-balance'))] };
    },
  },
];

beforeAll(() => setup(tradingTexts, marketsTexts, productsTexts, accountTexts, walletTexts));
beforeEach(() => {
  localStorage.clear();
  withCategories();
  // The forex list loads more as its end scrolls into view; here the first page is enough.
  (globalThis as Record<string, unknown>).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
});
afterEach(() => {
  jest.clearAllMocks();
  delete (globalThis as Record<string, unknown>).IntersectionObserver;
});

describe.each(DEPLOYMENTS)('$currency deployment', (d) => {
  it.each(SCREENS.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    answer({ '/v2/config': () => [{ tag: 'currency', value: d.currency }], ...s.calls(d) });
    renderAt(s.path, s.routes());
    const { dollars, local } = await s.shown(d);

    const localMark = new RegExp(`${d.mark.replace('$', '\\$')}\\d`);
    for (const text of dollars) expect(text).toMatch(/US\$\d/);
    for (const text of local) expect(text).toMatch(localMark);
    // No figure anywhere on the screen (its text, its labels) has a bare "$".
    expect(said()).not.toMatch(BARE_DOLLAR);
  });
});

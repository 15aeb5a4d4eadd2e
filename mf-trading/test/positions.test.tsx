import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, chart, failsUntilRecovered, inputsOf, quote, renderAt, setup } from '@invest/shared/testing';
import { calls, queryClient } from '@invest/shared';
import { callUrl } from '@invest/shared/api-url';
import type { EarlyCallsFile } from '@invest/shared/early-calls';
import earlyCallsFile from '../src/early-calls.json';
import { AppRoutes } from '../src/App';
import { positionsQuery, prefetchPositions } from '../src/positions/positionsRoute';
import { CONFIG, order } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const POSITIONS = '/stock/success/v2/transaction';
const earlyCalls = earlyCallsFile as EarlyCallsFile;
const LOTS = [
  order('L1', { count: 10, price: 100, cost: 100_100, value: 120_000, unrealized_pnl: 19_900 }),
  order('L2', { count: 20, price: 130, price_all: 260_000, fee: 100, cost: 260_100, value: 240_000, unrealized_pnl: -20_100 }),
  order('L3', { tag: 'TCS.NS', name: 'TCS', count: 5, price: 3000, price_all: 1_500_000, fee: 450, cost: 1_500_450, value: 1_510_000, unrealized_pnl: 9_550 }),
];
const SUMS = { cost: 1_860_650, value: 1_870_000, unrealized_pnl: 9_350, day_pnl: 1_200 };

function serve(over: Record<string, (input: any) => unknown> = {}) {
  return answer({
    '/v2/config': () => CONFIG,
    '/v2/yahoo': ({ symbol }) => chart(symbol),
    // As the API answers: include=chart brings the first lot's day candles.
    [POSITIONS]: ({ type, include }) =>
      type === 'stock'
        ? { rows: LOTS, count: LOTS.length, ...SUMS, ...(include === 'chart' ? { chart: chart(LOTS[0]!.tag) } : {}) }
        : { rows: [], count: 0, cost: 0, value: 0, unrealized_pnl: 0, day_pnl: 0 },
    ...over,
  });
}

it('groups each instrument’s lots under one line with the average cost, and sums the portfolio', async () => {
  serve();
  renderAt('/trade', <AppRoutes />);
  const holdings = await screen.findAllByTestId('holding');
  expect(holdings).toHaveLength(2);
  const rel = holdings[0]!;
  expect(within(rel).getByTestId('holding-count').textContent).toBe('30');
  // (10 × 100 + 20 × 130) / 30 = 120
  expect(within(rel).getByTestId('holding-avg').textContent).toBe('₹120.00₹3,602.00');
  expect(within(rel).getByTestId('holding-value').textContent).toBe('₹3,600.00');
  expect(within(rel).getByTestId('holding-pnl').textContent).toBe('-₹2.00');
  expect(within(holdings[1]!).getByTestId('holding-count').textContent).toBe('5');

  expect(screen.getByTestId('sum-invested').textContent).toBe('₹18,606.50');
  expect(screen.getByTestId('sum-value').textContent).toBe('₹18,700.00');
  expect(screen.getByTestId('sum-pnl').textContent).toBe('₹93.50');
  expect(screen.getByTestId('sum-day-pnl').textContent).toBe('₹12.00');

  // The lots open under their line.
  expect(within(rel).queryAllByTestId('lot')).toHaveLength(0);
  fireEvent.click(within(rel).getByRole('button', { name: 'Show the lots of Reliance' }));
  expect(within(rel).getAllByTestId('lot')).toHaveLength(2);
  expect(within(rel).getByRole('button', { name: 'Hide the lots of Reliance' }).getAttribute('aria-expanded')).toBe('true');
  expect(inputsOf(POSITIONS)[0]).toEqual({ type: 'stock', page: 1, limit: 10, include: 'chart' });
});

it('names the instrument column for the type: a stock, a forex pair', async () => {
  serve({ [POSITIONS]: () => ({ rows: LOTS, count: LOTS.length, ...SUMS }) });
  const { unmount } = renderAt('/trade', <AppRoutes />);
  await screen.findAllByTestId('holding');
  expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Stock');
  unmount();
  renderAt('/trade-no-nav/forex/1', <AppRoutes />);
  await screen.findAllByTestId('holding');
  expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Pair');
});

it('the four type buttons each load their type and say when there is nothing', async () => {
  serve();
  renderAt('/trade', <AppRoutes />);
  await screen.findAllByTestId('holding');
  for (const [label, text, type] of [
    ['Forex', 'No forex positions yet', 'forex'],
    ['Futures', 'No futures positions yet', 'futures'],
    ['Treasury', 'No treasury positions yet', 'treasury'],
  ] as const) {
    fireEvent.click(screen.getByRole('tab', { name: label }));
    expect((await screen.findByTestId('positions-empty')).textContent).toBe(text);
    expect(inputsOf(POSITIONS).at(-1)).toEqual({ type, page: 1, limit: 10, include: 'chart' });
  }
});

it('an empty stock portfolio says so', async () => {
  serve({ [POSITIONS]: () => ({ rows: [], count: 0, cost: 0, value: 0, unrealized_pnl: 0, day_pnl: 0 }) });
  renderAt('/trade', <AppRoutes />);
  expect((await screen.findByTestId('positions-empty')).textContent).toBe('No stock positions yet');
});

it('loads more by 10', async () => {
  const lot = (i: number) => order(`P${i}`, { tag: `S${i}.NS`, name: `Stock ${i}` });
  serve({
    [POSITIONS]: ({ page }) => ({
      rows: page === 1 ? Array.from({ length: 10 }, (_, i) => lot(i + 1)) : [lot(11), lot(12)],
      count: 12,
      ...SUMS,
    }),
  });
  renderAt('/trade', <AppRoutes />);
  expect(await screen.findAllByTestId('holding')).toHaveLength(10);
  fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(screen.getAllByTestId('holding')).toHaveLength(12));
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  expect(inputsOf(POSITIONS).at(-1)).toEqual({ type: 'stock', page: 2, limit: 10 });
});

it('a failed load says so, and Retry loads the positions', async () => {
  const list = failsUntilRecovered(() => ({ rows: LOTS, count: 3, ...SUMS }));
  serve({ [POSITIONS]: list.handler });
  renderAt('/trade', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  expect(screen.queryByTestId('positions-empty')).toBeNull();
  list.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('holding')).toHaveLength(2);
});

it('/trade-no-nav with buck shows back and hides the search; without buck the search shows', async () => {
  serve();
  const { unmount } = renderAt('/trade-no-nav/forex/1', <AppRoutes />);
  expect(await screen.findByTestId('positions-empty')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Search stocks' })).toBeNull();
  expect(screen.getByRole('tab', { name: 'Forex' }).getAttribute('aria-selected')).toBe('true');
  unmount();
  renderAt('/trade-no-nav/futures', <AppRoutes />);
  await screen.findByTestId('positions-empty');
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Search stocks' })).toBeTruthy();
});

it("asks first for exactly the URLs the remote names as its routes' early calls, so the page's early answers are taken", async () => {
  for (const [pattern, path] of [['/trade', '/trade'], ['/trade-no-nav/:type/:buck?', '/trade-no-nav/forex/1']] as const) {
    const server = serve();
    server.mockClear();
    const { unmount } = renderAt(path, <AppRoutes />);
    await waitFor(() => expect(inputsOf(POSITIONS).length).toBeGreaterThan(0));
    const declared = earlyCalls.calls.filter((c) => c.route === pattern);
    expect(declared).toHaveLength(1);
    const params = Object.fromEntries(pattern.split('/').flatMap((seg, i) => (seg.startsWith(':') ? [[seg.replace(/[:?]/g, ''), path.split('/')[i]]] : [])));
    const input = Object.fromEntries(Object.entries(declared[0]!.input).map(([k, v]) => [k, typeof v === 'string' && v.startsWith(':') ? params[v.slice(1)] : v]));
    const asked = server.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith(`/api${POSITIONS}`));
    expect(declared[0]!.path).toBe(calls.positions.path);
    expect(asked).toBe(callUrl(calls.positions, input));
    unmount();
    queryClient.clear();
  }
});

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
}

it('a pushed price moves the value and P&L of lots quoted in the deployment currency, and the summary', async () => {
  FakeEventSource.all = [];
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  try {
    serve();
    renderAt('/trade', <AppRoutes />);
    const holdings = await screen.findAllByTestId('holding');
    const es = FakeEventSource.all.at(-1)!;
    expect(es.url).toBe('/api/v2/quotes/stream?symbols=RELIANCE.NS,TCS.NS');
    act(() => es.onopen?.());
    act(() => es.emit('quote', quote('RELIANCE.NS', { price: 150 })));
    // 30 × 150 = 4,500.00 against a cost of 3,602.00 (from the next frame)
    await waitFor(() => expect(within(holdings[0]!).getByTestId('holding-value').textContent).toBe('₹4,500.00'));
    expect(within(holdings[0]!).getByTestId('holding-pnl').textContent).toBe('₹898.00');
    // The summary moves by the same 900.00.
    expect(screen.getByTestId('sum-value').textContent).toBe('₹19,600.00');
    expect(screen.getByTestId('sum-pnl').textContent).toBe('₹993.50');
    expect(screen.getByTestId('sum-day-pnl').textContent).toBe('₹912.00');
  } finally {
    delete (globalThis as Record<string, unknown>).EventSource;
  }
});

it("draws the day candles of the first holding, and of the one picked; a type with no holdings draws none", async () => {
  serve();
  renderAt('/trade', <AppRoutes />);
  const section = await screen.findByTestId('holding-chart');
  expect(await within(section).findByTestId('chart-1d')).toBeTruthy();
  expect(within(section).getByRole('heading').textContent).toBe('Day K · Reliance');
  expect(inputsOf('/v2/yahoo').at(-1)).toEqual({ symbol: 'RELIANCE.NS', market: 'IN', mold: '1d' });

  fireEvent.click(within(section).getByRole('tab', { name: 'TCS' }));
  expect(within(section).getByRole('heading').textContent).toBe('Day K · TCS');
  await waitFor(() => expect(inputsOf('/v2/yahoo').at(-1)).toEqual({ symbol: 'TCS.NS', market: 'IN', mold: '1d' }));
  expect(await within(section).findByTestId('chart-1d')).toBeTruthy();

  fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
  await screen.findByTestId('positions-empty');
  expect(screen.queryByTestId('holding-chart')).toBeNull();
});

it('a chart that fails to load offers a retry, and the positions stay', async () => {
  const candles = failsUntilRecovered(() => chart('RELIANCE.NS'));
  serve({ '/v2/yahoo': candles.handler });
  renderAt('/trade', <AppRoutes />);
  const section = await screen.findByTestId('holding-chart');
  const retry = await within(section).findByRole('button', { name: 'Retry' }, { timeout: 5000 });
  expect(screen.getAllByTestId('holding')).toHaveLength(2);
  candles.recover();
  fireEvent.click(retry);
  expect(await within(section).findByTestId('chart-1d')).toBeTruthy();
});

describe('a visit that opens on positions', () => {
  beforeEach(() => queryClient.clear());

  it('asks for the first page with its first holding’s candles, in one request, before the screen has drawn, and the screen uses them', async () => {
    serve();
    prefetchPositions({ pathname: '/trade-no-nav/stock', search: '' });
    await waitFor(() => expect(inputsOf(POSITIONS)).toEqual([{ type: 'stock', page: 1, limit: 10, include: 'chart' }]));

    // The page's one client, which the prefetch filled.
    renderAt('/trade-no-nav/stock', <AppRoutes />, queryClient);
    expect(await screen.findAllByTestId('holding')).toHaveLength(2);
    expect(await screen.findByTestId('chart-1d')).toBeTruthy();
    // What the prefetch read is what the screen shows: neither is asked for again, and the candles came with the page.
    expect(inputsOf(POSITIONS)).toHaveLength(1);
    expect(inputsOf('/v2/yahoo')).toHaveLength(0);
    // A later read of the page (a poll) does not bring the candles again.
    await act(() => queryClient.refetchQueries({ queryKey: positionsQuery('stock', 1).queryKey }));
    expect(inputsOf(POSITIONS).at(-1)).toEqual({ type: 'stock', page: 1, limit: 10 });
  });

  it('reads the type from the URL, and asks for nothing on other routes', async () => {
    serve();
    prefetchPositions({ pathname: '/trade', search: '?type=forex' });
    await waitFor(() => expect(inputsOf(POSITIONS)).toEqual([{ type: 'forex', page: 1, limit: 10, include: 'chart' }]));
    for (const pathname of ['/records', '/trading/TCS.NS', '/stock/trading/TCS.NS/IN/TCS']) prefetchPositions({ pathname, search: '' });
    await new Promise((r) => setTimeout(r, 20));
    expect(inputsOf(POSITIONS)).toHaveLength(1);
    expect(inputsOf('/v2/yahoo')).toHaveLength(0);
  });
});

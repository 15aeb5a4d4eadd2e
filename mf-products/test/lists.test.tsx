import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, failsUntilRecovered, inputsOf, renderAt, setup, stockRow } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

const PAIRS = 23; // three loads of 10

const pair = (i: number) => ({
  ...stockRow(i, { stock: `PAIR${i}`, name: `PAIR/${i}`, market: 'FOREX', market_name: 'Forex', exchange_name: 'FX', prasent: 1.2345, close_prices: 1.2, percent_change: 2.87, precision: 4 }),
  price_change_percent: 0.0345,
});

/** The observers the screen made; `reach` says the list's end came within the trigger distance. */
let observers: { options: IntersectionObserverInit | undefined; callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
class FakeObserver {
  me: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.me = { options, callback, targets: [], disconnected: false };
    observers.push(this.me);
  }
  observe(el: Element) {
    this.me.targets.push(el);
  }
  disconnect() {
    this.me.disconnected = true;
  }
}
const reach = async () => {
  const live = observers.filter((o) => !o.disconnected);
  expect(live).toHaveLength(1);
  const o = live[0]!;
  await act(async () => o.callback([{ isIntersecting: true, target: o.targets[0]! } as IntersectionObserverEntry], {} as IntersectionObserver));
};

beforeAll(() => setup(texts));
beforeEach(() => {
  observers = [];
  (globalThis as Record<string, unknown>).IntersectionObserver = FakeObserver;
  answer({
    '/v2/currency/list': ({ page, limit, code }) => {
      const all = Array.from({ length: PAIRS }, (_, i) => pair(i + 1)).filter((p) => !code || p.stock.includes(code.toUpperCase()));
      return { rows: all.slice((page - 1) * limit, page * limit), count: all.length };
    },
    '/v2/stock/list': ({ market, code }) => {
      const rows = [
        stockRow(1, { stock: 'GC=F', name: 'Gold Futures', market: 'FUTURE', market_name: 'Futures', exchange_name: 'COMEX', prasent: 4150, close_prices: 4100, percent_change: 1.22 }),
        stockRow(2, { stock: 'CL=F', name: 'Crude Oil', market: 'FUTURE', market_name: 'Futures', exchange_name: 'NYMEX', prasent: 59, close_prices: 60, percent_change: -1.67 }),
        stockRow(3, { stock: 'NG=F', name: 'Natural Gas', market: 'FUTURE', market_name: 'Futures', exchange_name: 'NYMEX', prasent: 4.6, close_prices: 4.6, percent_change: 0 }),
        stockRow(4, { stock: 'US10Y', name: 'US 10-Year Treasury Note', market: 'CGI', market_name: 'Treasury', exchange_name: 'UST', prasent: 100.2, close_prices: 100.1, percent_change: 0.1, precision: 4 }),
      ].filter((r) => r.market === market && (!code || r.stock.toLowerCase().includes(code.toLowerCase())));
      return { rows, count: rows.length };
    },
  });
});
afterEach(() => {
  jest.clearAllMocks();
  delete (globalThis as Record<string, unknown>).IntersectionObserver;
});

describe('forex', () => {
  it('loads 10 pairs, then 10 more each time the list’s end comes within 50 px of the bottom, until there are no more', async () => {
    renderAt('/forex', <AppRoutes />);
    expect(await screen.findByText('PAIR/1')).toBeTruthy();
    expect(inputsOf('/v2/currency/list')).toEqual([{ page: 1, limit: 10 }]);
    expect(screen.getAllByTestId('stock-row')).toHaveLength(10);
    // 4 decimals, the change coloured.
    const row = screen.getAllByTestId('stock-row')[0]!;
    expect(within(row).getByText('1.2345')).toBeTruthy();
    expect(within(row).getByText('+2.87%').getAttribute('data-direction')).toBe('up');
    expect(row.getAttribute('href')).toBe('/stock/v2/PAIR1/PAIR%2F1');
    expect(observers[0]!.options?.rootMargin).toBe('0px 0px 50px 0px');

    await reach();
    expect(await screen.findByText('PAIR/11')).toBeTruthy();
    expect(screen.getAllByTestId('stock-row')).toHaveLength(20);
    expect(inputsOf('/v2/currency/list').map((i) => i.page)).toEqual([1, 2]);

    await reach();
    expect(await screen.findByText('PAIR/23')).toBeTruthy();
    expect(screen.getAllByTestId('stock-row')).toHaveLength(PAIRS);
    expect(screen.getByText('No more')).toBeTruthy();
    // Nothing left to load: nothing observes the end any more.
    expect(observers.filter((o) => !o.disconnected)).toHaveLength(0);
    expect(inputsOf('/v2/currency/list').map((i) => i.page)).toEqual([1, 2, 3]);
  });

  it('links to the forex positions', async () => {
    renderAt('/forex', <AppRoutes />);
    await screen.findByText('PAIR/1');
    expect(screen.getByRole('link', { name: 'Positions' }).getAttribute('href')).toBe('/trade-no-nav/forex/1');
  });

  it('searches by code from the first page; a blank search says a code is needed and sends nothing', async () => {
    renderAt('/forex', <AppRoutes />);
    await screen.findByText('PAIR/1');
    const box = screen.getByRole('searchbox', { name: 'Search by code' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a code to search');

    fireEvent.change(box, { target: { value: 'pair2' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('PAIR/20')).toBeTruthy();
    expect(inputsOf('/v2/currency/list').at(-1)).toEqual({ page: 1, limit: 10, code: 'pair2' });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(box, { target: { value: 'nothing' } });
    fireEvent.submit(screen.getByRole('search'));
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No matching currency pairs found');
  });

  it('a failed load says "Failed to load currency list" and retries', async () => {
    const api = failsUntilRecovered(() => ({ rows: [pair(1)], count: 1 }));
    answer({ '/v2/currency/list': api.handler });
    renderAt('/forex', <AppRoutes />);
    const failed = await screen.findByTestId('load-error');
    expect(failed.textContent).toContain('Failed to load currency list');
    api.recover();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('PAIR/1')).toBeTruthy();
  });
});

describe.each([
  ['/futures', 'futures', 'Gold Futures', 'FUTURE'],
  ['/treasury-debt', 'treasury', 'US 10-Year Treasury Note', 'CGI'],
] as const)('%s', (path, kind, first, market) => {
  it('lists the market through the list helper, links rows to their detail and the positions', async () => {
    renderAt(path, <AppRoutes />);
    expect(await screen.findByText(first)).toBeTruthy();
    expect(inputsOf('/v2/stock/list')[0]).toEqual({ market, page: 1, limit: 100 });
    expect(screen.getByRole('link', { name: 'Positions' }).getAttribute('href')).toBe(`/trade-no-nav/${kind}/ok`);
    expect(screen.getAllByTestId('stock-row')[0]!.getAttribute('href')).toMatch(/^\/stock\/v2\//);
  });

  it('searches by code with Enter', async () => {
    renderAt(path, <AppRoutes />);
    await screen.findByText(first);
    const box = screen.getByRole('searchbox', { name: 'Search by code' });
    fireEvent.change(box, { target: { value: ' zz ' } });
    fireEvent.submit(box.closest('form')!);
    expect(inputsOf('/v2/stock/list').at(-1)).toEqual({ market, page: 1, limit: 100, code: 'zz' });
    expect((await screen.findByTestId('list-empty')).textContent).toBe(kind === 'futures' ? 'No matching futures found' : 'No matching treasury debt found');
  });
});

describe('futures', () => {
  it('shows name, exchange, price and change coloured up, down or flat', async () => {
    renderAt('/futures', <AppRoutes />);
    await screen.findByText('Gold Futures');
    const [gold, oil, gas] = screen.getAllByTestId('stock-row');
    expect(within(gold!).getByText('COMEX')).toBeTruthy();
    expect(within(gold!).getByText('4,150.00')).toBeTruthy();
    expect(within(gold!).getByText('+1.22%').getAttribute('data-direction')).toBe('up');
    expect(within(oil!).getByText('-1.67%').getAttribute('data-direction')).toBe('down');
    expect(within(gas!).getByText('0.00%').getAttribute('data-direction')).toBe('flat');
  });

  it('typing searches 300 ms after the last key', async () => {
    jest.useFakeTimers();
    try {
      renderAt('/futures', <AppRoutes />);
      await act(async () => void (await jest.advanceTimersByTimeAsync(10)));
      await screen.findByText('Gold Futures');
      const box = screen.getByRole('searchbox', { name: 'Search by code' });
      fireEvent.change(box, { target: { value: 'c' } });
      fireEvent.change(box, { target: { value: 'cl' } });
      await act(async () => void (await jest.advanceTimersByTimeAsync(299)));
      expect(inputsOf('/v2/stock/list')).toHaveLength(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(1)));
      expect(inputsOf('/v2/stock/list').at(-1)).toEqual({ market: 'FUTURE', page: 1, limit: 100, code: 'cl' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('no data says "No futures data available"; a failed load says "Failed to load futures list"', async () => {
    answer({ '/v2/stock/list': () => ({ rows: [], count: 0 }) });
    const { unmount } = renderAt('/futures', <AppRoutes />);
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No futures data available');
    unmount();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({
      '/v2/stock/list': () => {
        throw new ApiError(500, 'serverError');
      },
    });
    renderAt('/futures', <AppRoutes />);
    expect((await screen.findByTestId('load-error')).textContent).toContain('Failed to load futures list');
  });
});

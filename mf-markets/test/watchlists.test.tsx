import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type WatchEntry } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { answer, chart, collectToasts, goOffline, goOnline, inputsOf, renderAt, setup, watchEntry, withCategories } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const entry = (code: string, name: string, over: Partial<WatchEntry['stock_detail']> = {}): WatchEntry => watchEntry(code, name, over);

let favourites: WatchEntry[] = [];

beforeAll(() => setup(texts));
beforeEach(() => {
  withCategories();
  favourites = [entry('INFY.NS', 'Infosys'), entry('AAPL', 'Apple Inc.', { market: 'US', exchange_name: 'NASDAQ', prasent: 190.5, close_prices: 192 })];
  answer({
    '/v2/yahoo': (input) => chart(input.symbol),
    '/stock/success/collection/list': () => ({ list: favourites, total: favourites.length }),
    '/stock/success/collection/remove': ({ symbol }) => {
      favourites = favourites.filter((f) => f.stock_code !== symbol);
      return 'ok';
    },
  });
});
afterEach(() => jest.clearAllMocks());

it('lists favourites with market tag, exchange, code without suffix, price and change, and the first category’s indices', async () => {
  renderAt('/watchlists', <AppRoutes />);
  const rows = await screen.findAllByTestId('stock-row');
  expect(rows).toHaveLength(2);
  expect(within(rows[0]!).getByText('INFY')).toBeTruthy();
  expect(within(rows[0]!).getByText('NSE')).toBeTruthy();
  expect(within(rows[0]!).getByText('IN')).toBeTruthy();
  expect(within(rows[0]!).getByText('₹1,500.00')).toBeTruthy();
  expect(within(rows[0]!).getByText('+20.00')).toBeTruthy();
  expect(within(rows[0]!).getByText('+1.35%')).toBeTruthy();
  expect(within(rows[1]!).getByText('US$190.50')).toBeTruthy();
  expect(rows[0]!.getAttribute('href')).toBe('/stock/v2/INFY.NS/Infosys');
  expect(inputsOf('/stock/success/collection/list')[0]).toEqual({ page: 1, pageSize: 10 });
  // Tiles: the first category only.
  expect(screen.getAllByTestId('index-card').map((c) => c.getAttribute('href'))).toEqual(['/stock/v2/%5ENSEI/NIFTY%2050', '/stock/v2/%5EBSESN/BSE%20SENSEX']);
});

it('edit mode disables row navigation, and a delete asks first', async () => {
  const toasts = collectToasts();
  renderAt('/watchlists', <AppRoutes />);
  await screen.findAllByTestId('stock-row');
  expect(screen.queryByRole('button', { name: 'Remove Infosys' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const rows = screen.getAllByTestId('stock-row');
  expect(rows.every((r) => r.tagName !== 'A' && r.getAttribute('href') === null)).toBe(true);
  expect(rows[0]!.tagName).toBe('DIV');
  expect(rows[0]!.getAttribute('href')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Remove Infosys' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByText('Remove this stock from your watchlist?')).toBeTruthy();
  expect(inputsOf('/stock/success/collection/remove')).toHaveLength(0);
  await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
  expect(inputsOf('/stock/success/collection/remove')).toEqual([{ symbol: 'INFY.NS' }]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getAllByTestId('stock-row')).toHaveLength(1);
  expect(toasts.messages).toContain('Removed from watchlist');

  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  expect(screen.getAllByTestId('stock-row')[0]!.tagName).toBe('A');
  toasts.stop();
});

it('a failed delete says so and keeps the stock', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({
    '/v2/yahoo': (input) => chart(input.symbol),
    '/stock/success/collection/list': () => ({ list: favourites, total: favourites.length }),
    '/stock/success/collection/remove': () => Promise.reject(new Error('boom')),
  });
  const toasts = collectToasts();
  renderAt('/watchlists', <AppRoutes />);
  await screen.findAllByTestId('stock-row');
  fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove Apple Inc.' }));
  await act(async () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' })));
  expect(toasts.messages).toEqual(['Failed to delete, please try again']);
  expect(screen.getAllByTestId('stock-row')).toHaveLength(2);
  toasts.stop();
  warn.mockRestore();
});

it('an empty watchlist says so and offers the markets', async () => {
  favourites = [];
  renderAt('/watchlists', <AppRoutes />);
  expect(await screen.findByTestId('watch-empty')).toBeTruthy();
  expect(screen.getByText('Your watchlist is empty')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Browse markets' }).getAttribute('href')).toBe('/markets');
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
});

it('offline with favourites, it keeps them and says the prices are stale, never "empty"', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { client } = renderAt('/watchlists', <AppRoutes />);
  expect(await screen.findAllByTestId('stock-row')).toHaveLength(2);
  goOffline();
  await act(async () => void client.refetchQueries());
  expect((await screen.findAllByTestId('stale-notice'))[0]!.textContent).toMatch(/^Offline — prices as of \d\d:\d\d$/);
  expect(screen.getAllByTestId('stock-row')).toHaveLength(2);
  expect(screen.queryByText('Your watchlist is empty')).toBeNull();
});

it('opened offline, it says so and retries, never "empty"', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  goOffline();
  renderAt('/watchlists', <AppRoutes />);
  const state = await screen.findByTestId('load-error');
  expect(state.getAttribute('data-reason')).toBe('offline');
  expect(state.textContent).toContain("You're offline");
  expect(screen.queryByText('Your watchlist is empty')).toBeNull();
  goOnline();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('stock-row')).toHaveLength(2);
});

it('a load the server fails offers a retry, never "empty"', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({
    '/v2/yahoo': (input) => chart(input.symbol),
    '/stock/success/collection/list': () => {
      throw new ApiError(500, 'serverError');
    },
  });
  renderAt('/watchlists', <AppRoutes />);
  const state = await screen.findByTestId('load-error');
  expect(state.getAttribute('data-reason')).toBe('failed');
  expect(state.textContent).toContain('This could not load');
  expect(screen.queryByTestId('watch-empty')).toBeNull();
});

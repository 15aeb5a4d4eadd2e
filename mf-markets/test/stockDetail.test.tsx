import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { prefetchStockDetail } from '../src/stock/stockRoute';
import { answer, chart, collectToasts, deferred, goOffline, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

function api(extra: Record<string, (input: any) => unknown> = {}) {
  return answer({
    '/v2/yahoo': (input) => chart(input.symbol, { price: 2500, change: -12.5, changePercent: -0.5, prevClose: 2512.5 }),
    '/stock/success/collection/check': () => ({ collected: false }),
    ...extra,
  });
}

it('a name segment of "undefined" shows the symbol without its suffix', async () => {
  api();
  renderAt('/stock/v2/RELIANCE.NS/undefined', <AppRoutes />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('RELIANCE');
  expect(await screen.findByTestId('detail-price')).toBeTruthy();
  expect(inputsOf('/v2/yahoo')[0]).toEqual({ symbol: 'RELIANCE.NS', market: undefined, mold: '1m' });
});

it('shows price, change, open/high/low/previous close and trades with the market of the route', async () => {
  api();
  renderAt('/stock/TCS.NS/IN/Tata%20Consultancy', <AppRoutes />);
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tata Consultancy');
  expect((await screen.findByTestId('detail-price')).textContent).toBe('₹2,500.00');
  expect(screen.getByText('-12.50 -0.50%')).toBeTruthy();
  expect(screen.getByTestId('stat-open').textContent).toBe('99.00');
  expect(screen.getByTestId('stat-prevClose').textContent).toBe('2,512.50');
  expect(screen.getByTestId('buy').getAttribute('href')).toBe('/stock/trading/TCS.NS/IN/Tata%20Consultancy?type=buy');
  expect(screen.getByTestId('sell').getAttribute('href')).toBe('/stock/trading/TCS.NS/IN/Tata%20Consultancy?type=sell');
  expect(inputsOf('/v2/yahoo')[0]).toEqual({ symbol: 'TCS.NS', market: 'IN', mold: '1m' });
  // Each chart tab loads its interval; the K charts are candlesticks.
  expect(await screen.findByTestId('chart-1m')).toBeTruthy();
  fireEvent.click(screen.getByRole('tab', { name: 'Month K' }));
  expect(await screen.findByTestId('chart-1mo')).toBeTruthy();
  expect(inputsOf('/v2/yahoo').map((i) => i.mold)).toEqual(['1m', '1mo']);
  expect(screen.getByText(/^MA5 /)).toBeTruthy();
});

it('says when the market is closed', async () => {
  answer({
    '/v2/yahoo': (input) => chart(input.symbol, { marketOpen: false }),
    '/stock/success/collection/check': () => ({ collected: false }),
  });
  renderAt('/stock/v2/INFY.NS/Infosys', <AppRoutes />);
  expect((await screen.findByTestId('market-status')).textContent).toBe('Market closed');
});

it('offline, the price says how old it is and "Market open" is not claimed beside it', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  api();
  const { client } = renderAt('/stock/v2/RELIANCE.NS/Reliance', <AppRoutes />);
  expect(await screen.findByTestId('market-status')).toBeTruthy();
  goOffline();
  await act(async () => void client.refetchQueries());
  expect((await screen.findByTestId('stale-notice')).textContent).toMatch(/^Offline — prices as of \d\d:\d\d$/);
  expect(screen.queryByTestId('market-status')).toBeNull();
  expect(screen.getByTestId('detail-price').textContent).toBe('₹2,500.00');
});

it('the favourite star is locked while its call runs, then shows the new state', async () => {
  const add = deferred();
  api({ '/stock/success/collection/add': () => add.promise });
  const toasts = collectToasts();
  renderAt('/stock/v2/INFY.NS/Infosys', <AppRoutes />);
  const star = (await screen.findByTestId('favourite')) as HTMLButtonElement;
  await waitFor(() => expect(star.disabled).toBe(false)); // locked until the check answers
  expect(star.getAttribute('aria-pressed')).toBe('false');
  expect(inputsOf('/stock/success/collection/check')).toEqual([{ symbol: 'INFY.NS' }]);

  fireEvent.click(star);
  expect(star.disabled).toBe(true);
  fireEvent.click(star);
  await waitFor(() => expect(inputsOf('/stock/success/collection/add')).toEqual([{ symbol: 'INFY.NS' }]));
  expect(star.disabled).toBe(true);

  await act(async () => add.resolve('ok'));
  await waitFor(() => expect(star.disabled).toBe(false));
  expect(star.getAttribute('aria-pressed')).toBe('true');
  expect(star.getAttribute('aria-label')).toBe('Remove from watchlist');
  expect(toasts.messages).toContain('Added to watchlist');
  toasts.stop();
});

it('a failed favourite call says so and keeps the state', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  api({
    '/stock/success/collection/check': () => ({ collected: true }),
    '/stock/success/collection/remove': () => Promise.reject(new Error('boom')),
  });
  const toasts = collectToasts();
  renderAt('/stock/v2/INFY.NS/Infosys', <AppRoutes />);
  const star = (await screen.findByTestId('favourite')) as HTMLButtonElement;
  await waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'));
  await act(async () => void fireEvent.click(star));
  await waitFor(() => expect(toasts.messages).toEqual(['Operation failed, please try again later']));
  expect(star.getAttribute('aria-pressed')).toBe('true');
  expect(star.disabled).toBe(false);
  toasts.stop();
  warn.mockRestore();
});

it('an unknown code says so, stops asking and locks the star', async () => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({ '/stock/success/collection/check': () => ({ collected: false }) }); // /v2/yahoo answers 404
  renderAt('/stock/v2/NOPE.NS/undefined', <AppRoutes />);
  const state = await screen.findByTestId('not-found');
  expect(state.textContent).toContain('No stock with this code');
  expect((screen.getByTestId('favourite') as HTMLButtonElement).disabled).toBe(true);
  expect(screen.queryByTestId('buy')).toBeNull();
  const asked = inputsOf('/v2/yahoo').length;
  expect(asked).toBe(1); // a 404 is not retried
  await act(async () => void jest.advanceTimersByTime(30_000));
  expect(inputsOf('/v2/yahoo')).toHaveLength(asked);
  jest.useRealTimers();
});

it('a visit that opens on a stock asks for its rows before the screen draws, and the screen uses them', async () => {
  queryClient.clear();
  api();
  prefetchStockDetail('/stock/TCS.NS/IN/Tata%20Consultancy');
  await waitFor(() => expect(inputsOf('/v2/yahoo')).toEqual([{ symbol: 'TCS.NS', market: 'IN', mold: '1m' }]));
  // The page's one client, which the prefetch filled.
  renderAt('/stock/TCS.NS/IN/Tata%20Consultancy', <AppRoutes />, queryClient);
  expect((await screen.findByTestId('detail-price')).textContent).toBe('₹2,500.00');
  expect(await screen.findByTestId('chart-1m')).toBeTruthy();
  expect(inputsOf('/v2/yahoo')).toHaveLength(1);
  // Other routes ask for nothing.
  for (const path of ['/', '/markets', '/stock/trading/TCS.NS/IN/TCS']) prefetchStockDetail(path);
  expect(inputsOf('/v2/yahoo')).toHaveLength(1);
  queryClient.clear();
});

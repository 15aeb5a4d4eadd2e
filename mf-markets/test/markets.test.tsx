import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { answer, chart, goOffline, inputsOf, renderAt, setup, stockRow, withCategories } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const TOTAL = 25; // three pages of 10

beforeAll(() => setup(texts));
beforeEach(() => {
  withCategories();
  answer({
    '/v2/yahoo': (input) => chart(input.symbol),
    '/v2/stock/list': ({ page, limit }) => ({
      rows: Array.from({ length: Math.min(limit, TOTAL - (page - 1) * limit) }, (_, i) => stockRow((page - 1) * limit + i + 1)),
      count: TOTAL,
    }),
  });
});
afterEach(() => jest.clearAllMocks());

const pager = () => screen.getByRole('navigation', { name: 'Pages' });
const button = (name: string) => within(pager()).getByRole('button', { name });

it('pages an index’s members by 10: "Page x/total", previous and next locked at the ends', async () => {
  renderAt('/markets', <AppRoutes />);
  expect(await screen.findByText('Stock 1')).toBeTruthy();
  expect(inputsOf('/v2/stock/list')[0]).toEqual({ symbol: '^NSEI', page: 1, limit: 10 });
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 1/3');
  expect((button('Previous') as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getAllByTestId('stock-row')).toHaveLength(10);

  fireEvent.click(button('Next'));
  expect(await screen.findByText('Stock 11')).toBeTruthy();
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 2/3');
  fireEvent.click(button('Next'));
  expect(await screen.findByText('Stock 21')).toBeTruthy();
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 3/3');
  expect((button('Next') as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getAllByTestId('stock-row')).toHaveLength(5);
  expect(inputsOf('/v2/stock/list').map((i) => i.page)).toEqual([1, 2, 3]);

  fireEvent.click(button('Previous'));
  expect(await screen.findByText('Stock 11')).toBeTruthy();
});

it('a row opens /stock/v2/{code}/{name}; the region and index tabs switch the list', async () => {
  renderAt('/markets', <AppRoutes />);
  expect(await screen.findByText('Stock 1')).toBeTruthy();
  expect(screen.getAllByTestId('stock-row')[0]!.getAttribute('href')).toBe('/stock/v2/STOCK1.NS/Stock%201');

  fireEvent.click(screen.getByRole('tab', { name: 'BSE SENSEX' }));
  await act(async () => {});
  expect(inputsOf('/v2/stock/list').at(-1)).toEqual({ symbol: '^BSESN', page: 1, limit: 10 });

  fireEvent.click(screen.getByRole('tab', { name: 'United States' }));
  await act(async () => {});
  expect(inputsOf('/v2/stock/list').at(-1)).toEqual({ symbol: '^GSPC', page: 1, limit: 10 });
  expect(screen.getByRole('tab', { name: 'S&P 500', selected: true })).toBeTruthy();
});

it('a list that fails to load offers a retry, not "No stocks to show"', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({
    '/v2/yahoo': (input) => chart(input.symbol),
    '/v2/stock/list': () => {
      throw new ApiError(500, 'serverError');
    },
  });
  renderAt('/markets', <AppRoutes />);
  const state = await screen.findByTestId('load-error');
  expect(state.getAttribute('data-reason')).toBe('failed');
  expect(screen.queryByText('No stocks to show')).toBeNull();
});

it('offline, the rows stay with a stale-prices notice', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { client } = renderAt('/markets', <AppRoutes />);
  expect(await screen.findByText('Stock 1')).toBeTruthy();
  goOffline();
  await act(async () => void client.refetchQueries());
  await waitFor(() => expect(screen.getAllByTestId('stale-notice')).toHaveLength(2)); // the index card's and the list's
  for (const notice of screen.getAllByTestId('stale-notice')) expect(notice.textContent).toMatch(/^Offline — prices as of \d\d:\d\d$/);
  expect(screen.queryByTestId('market-status')).toBeNull();
  expect(screen.getAllByTestId('stock-row')).toHaveLength(10);
  expect(screen.queryByText('No stocks to show')).toBeNull();
});

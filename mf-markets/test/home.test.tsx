import { act, fireEvent, screen, within } from '@testing-library/react';
import { AppRoutes } from '../src/App';
import { answer, chart, goOffline, inputsOf, renderAt, setup, withCategories, type Handler } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const news = (id: number) => ({ id, title: `Headline ${id}`, subhead: 'Sub', img: '', created_at: '2025-11-28T10:00:00Z', updated_at: '2025-11-28T10:00:00Z' });
const HANDLERS: Record<string, Handler> = {
  '/v2/yahoo': (input) => chart(input.symbol, input.symbol === '^GSPC' ? { marketOpen: false, change: -3, changePercent: -0.1 } : {}),
  '/stock/new/list': () => ({ rows: [news(1), news(2), news(3)], count: 12 }),
};
const deployment = (currency: string) => answer({ ...HANDLERS, '/v2/config': () => [{ tag: 'currency', value: currency }] });

beforeAll(() => setup(texts));
beforeEach(() => withCategories());
afterEach(() => jest.clearAllMocks());

it('shows index cards by category with price, change and sparkline, the quick links and the simulated-price note', async () => {
  deployment('MXN');
  renderAt('/', <AppRoutes />);
  expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  const categories = screen.getAllByTestId('index-category');
  expect(categories.map((c) => within(c).getByRole('heading').textContent)).toEqual(['India', 'United States']);
  expect(await screen.findAllByTestId('sparkline')).toHaveLength(3);
  expect(within(categories[0]!).getAllByText('100.00')).toHaveLength(2);
  expect(within(categories[0]!).getAllByText('+1.00 +1.01%')).toHaveLength(2);
  expect(within(categories[1]!).getByText('-3.00 -0.10%').getAttribute('data-direction')).toBe('down');
  expect(within(categories[1]!).getByTestId('market-status').textContent).toBe('Market closed');
  expect(screen.getByTestId('simulated-note').textContent).toBe('Simulated prices');
  const quick = screen.getByRole('navigation', { name: 'Products' });
  expect(within(quick).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
    '/block-trading',
    '/ipo',
    '/qip',
    '/fund-investment',
    '/forex',
    '/futures',
    '/treasury-debt',
  ]);
  expect(screen.getByRole('link', { name: 'Customer service' }).getAttribute('href')).toBe('/customer-service');
  expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
});

it('shows up to 3 news with a link to more', async () => {
  deployment('MXN');
  renderAt('/', <AppRoutes />);
  const section = await screen.findByTestId('home-news');
  expect(await within(section).findByText('Headline 1')).toBeTruthy();
  expect(within(section).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/news/'))).toHaveLength(3);
  expect(within(section).getByRole('link', { name: /More/ }).getAttribute('href')).toBe('/news');
  expect(inputsOf('/stock/new/list')).toEqual([{ page: 1, limit: 3 }]);
});

it('hides the news when the deployment currency is INR, and does not fetch it', async () => {
  deployment('INR');
  renderAt('/', <AppRoutes />);
  expect(await screen.findAllByTestId('sparkline')).toHaveLength(3);
  expect(screen.queryByTestId('home-news')).toBeNull();
  expect(screen.queryByText('Headline 1')).toBeNull();
  expect(inputsOf('/stock/new/list')).toHaveLength(0);
});

it('offline, the index prices say they are stale and since when', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  deployment('INR');
  const { client } = renderAt('/', <AppRoutes />);
  expect(await screen.findAllByTestId('sparkline')).toHaveLength(3);
  expect(screen.queryByTestId('stale-notice')).toBeNull();
  goOffline();
  await act(async () => void client.refetchQueries());
  expect((await screen.findByTestId('stale-notice')).textContent).toMatch(/^Offline — prices as of \d\d:\d\d$/);
  // The last prices stay on the cards, and no "Market open" claims they are live.
  expect(screen.getAllByTestId('sparkline')).toHaveLength(3);
  expect(screen.queryByTestId('market-status')).toBeNull();
});

it('a failed settings load offers a retry instead of guessing the deployment', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({ ...HANDLERS, '/v2/config': () => Promise.reject(new Error('down')) });
  renderAt('/', <AppRoutes />);
  expect((await screen.findByTestId('load-error')).textContent).toContain("The app's settings could not load");
  expect(screen.queryByTestId('home-news')).toBeNull();
  deployment('MXN');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('home-news')).toBeTruthy();
  expect(screen.queryByTestId('load-error')).toBeNull();
});

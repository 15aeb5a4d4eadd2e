jest.mock('@invest/shared', () => ({ ...jest.requireActual('@invest/shared'), call: jest.fn(), useDeploymentConfig: jest.fn() }));

import { screen, within } from '@testing-library/react';
import { useDeploymentConfig } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { answer, chart, inputsOf, renderAt, setup, withCategories } from './helpers';

const news = (id: number) => ({ id, title: `Headline ${id}`, subhead: 'Sub', img: '', created_at: '2025-11-28T10:00:00Z', updated_at: '2025-11-28T10:00:00Z' });
const config = useDeploymentConfig as jest.Mock;

beforeAll(setup);
beforeEach(() => {
  withCategories();
  answer({
    '/v2/yahoo': (input) => chart(input.symbol, input.symbol === '^GSPC' ? { marketOpen: false, change: -3, changePercent: -0.1 } : {}),
    '/stock/new/list': () => ({ rows: [news(1), news(2), news(3)], count: 12 }),
  });
});
afterEach(() => jest.clearAllMocks());

it('shows index cards by category with price, change and sparkline, the quick links and the simulated-price note', async () => {
  config.mockReturnValue({ currency: 'MXN', values: {} });
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
  config.mockReturnValue({ currency: 'MXN', values: {} });
  renderAt('/', <AppRoutes />);
  const section = await screen.findByTestId('home-news');
  expect(await within(section).findByText('Headline 1')).toBeTruthy();
  expect(within(section).getAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/news/'))).toHaveLength(3);
  expect(within(section).getByRole('link', { name: /More/ }).getAttribute('href')).toBe('/news');
  expect(inputsOf('/stock/new/list')).toEqual([{ page: 1, limit: 3 }]);
});

it('hides the news when the deployment currency is INR, and does not fetch it', async () => {
  config.mockReturnValue({ currency: 'INR', values: {} });
  renderAt('/', <AppRoutes />);
  expect(await screen.findAllByTestId('sparkline')).toHaveLength(3);
  expect(screen.queryByTestId('home-news')).toBeNull();
  expect(screen.queryByText('Headline 1')).toBeNull();
  expect(inputsOf('/stock/new/list')).toHaveLength(0);
});

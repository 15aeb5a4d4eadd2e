import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, failsUntilRecovered, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { bill, CONFIG, INFO } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const BILLS = [
  bill(3, { type: 'expense', amount: 12345, balance: 987705, reason: 'buyStock' }),
  bill(2, { type: 'income', amount: 500000, balance: 1000050, reason: 'recharge' }),
  bill(1, { type: 'income', amount: 20000, balance: 500050, reason: 'withdrawRefund' }),
];

function serve(bills: typeof BILLS = BILLS, count = bills.length) {
  return answer({
    '/v2/config': () => CONFIG,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/v2/bill': ({ type }) => {
      const rows = bills.filter((b) => type === 'all' || b.type === type);
      return { rows, count: type === 'all' ? count : rows.length };
    },
  });
}

it('lists each change with its sign, the balance after it, its type, time and translated reason', async () => {
  serve();
  renderAt('/account/changes', <AppRoutes />);
  const rows = await screen.findAllByTestId('bill-row');
  expect(rows).toHaveLength(3);
  expect(within(rows[0]!).getByText('Stock purchase')).toBeTruthy();
  expect(within(rows[0]!).getByTestId('bill-amount').textContent).toBe('-₹123.45');
  expect(within(rows[0]!).getByText('Balance ₹9,877.05')).toBeTruthy();
  expect(within(rows[0]!).getByText(/^Expense/)).toBeTruthy();
  expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-04T05:06:07.000Z');
  expect(within(rows[1]!).getByTestId('bill-amount').textContent).toBe('+₹5,000.00');
  expect(within(rows[1]!).getByText('Recharge')).toBeTruthy();
  expect(within(rows[2]!).getByText('Withdrawal refund')).toBeTruthy();
  expect(screen.getByTestId('bills-balance').textContent).toBe('₹10,000.50');
  expect(inputsOf('/stock/success/v2/bill')[0]).toEqual({ type: 'all', page: 1, limit: 20 });
});

it('the income and expense tabs ask for that type', async () => {
  serve();
  renderAt('/account/changes', <AppRoutes />);
  await screen.findAllByTestId('bill-row');
  fireEvent.click(screen.getByRole('tab', { name: 'Expense' }));
  await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(1));
  expect(screen.getByText('Stock purchase')).toBeTruthy();
  expect(inputsOf('/stock/success/v2/bill').at(-1)).toEqual({ type: 'expense', page: 1, limit: 20 });
  fireEvent.click(screen.getByRole('tab', { name: 'Income' }));
  await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(2));
  expect(screen.queryByText('Stock purchase')).toBeNull();
  expect(inputsOf('/stock/success/v2/bill').at(-1)).toEqual({ type: 'income', page: 1, limit: 20 });
});

it('pages through the bills', async () => {
  serve(BILLS, 45);
  renderAt('/account/changes', <AppRoutes />);
  await screen.findAllByTestId('bill-row');
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 1/3');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await act(async () => {});
  expect(inputsOf('/stock/success/v2/bill').at(-1)).toEqual({ type: 'all', page: 2, limit: 20 });
  expect(await screen.findByText('Page 2/3')).toBeTruthy();
});

it('an empty list says so and offers a recharge', async () => {
  serve([]);
  renderAt('/account/changes', <AppRoutes />);
  expect(await screen.findByTestId('bills-empty')).toBeTruthy();
  expect(screen.getByText('No bills yet')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/recharge');
});

it('a failed load offers a retry that loads the bills, never "empty"', async () => {
  const bills = failsUntilRecovered(() => ({ rows: BILLS, count: 3 }));
  answer({
    '/v2/config': () => CONFIG,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/v2/bill': bills.handler,
  });
  renderAt('/account/changes', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  expect(state.getAttribute('data-reason')).toBe('failed');
  expect(screen.queryByTestId('bills-empty')).toBeNull();
  bills.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('bill-row')).toHaveLength(3);
  expect(screen.queryByTestId('load-error')).toBeNull();
});

it('without the deployment settings it says so and retries, never guessing a currency', async () => {
  const config = failsUntilRecovered(() => CONFIG);
  answer({
    '/v2/config': config.handler,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/v2/bill': () => ({ rows: BILLS, count: 3 }),
  });
  renderAt('/account/changes', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  expect(state.textContent).toContain("The app's settings could not load");
  config.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('bill-row')).toHaveLength(3);
});

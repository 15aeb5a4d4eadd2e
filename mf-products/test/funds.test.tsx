import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, calls, type Fund, type FundOrder } from '@invest/shared';
import { answer, collectToasts, fixture, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

const CONFIG = [
  { tag: 'currency', value: 'INR' },
  { tag: 'min_withdraw_count', value: '100' },
];

const fund = (id: number, over: Partial<Fund> = {}): Fund => ({
  id,
  name: `Fund ${id}`,
  min_return: 4,
  max_return: 6,
  investment_period: 20,
  amount: 1_000_000,
  issue_amount: 10_000_000,
  sold_amount: 0,
  expected_return: 5,
  status: 'open',
  end_time: '2026-12-20T00:00:00.000Z',
  created_at: '2026-11-20T00:00:00.000Z',
  available: true,
  ...over,
});

const order = (id: number, over: Partial<FundOrder> = {}): FundOrder => ({
  id,
  amount: 1_000_000,
  expected_return: 5,
  status: 'active',
  end_time: '2026-12-20T00:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  project: { name: `Fund ${id}`, investment_period: 90, min_return: 4, max_return: 6 },
  project_id: id,
  return_rate: null,
  profit: null,
  closed_at: null,
  ...over,
});

let funds: Fund[];
let orders: FundOrder[];
beforeAll(() => setup(texts));
beforeEach(() => {
  funds = [fund(1), fund(2, { investment_period: 95, sold_amount: 2_500_000 }), fund(3, { investment_period: 30, available: false, sold_amount: 10_000_000 })];
  orders = [order(1), order(2, { status: 'completed', return_rate: 5.5, profit: 55_000 }), order(3, { status: 'cancelled' }), order(4, { status: 'paused' })];
  answer({
    '/v2/config': () => CONFIG,
    '/v2/fund/list': () => fixture(calls.fundList, { rows: funds, count: funds.length }),
    '/stock/success/fund/purchase': ({ project_id }) => order(project_id),
    '/stock/success/fund/orders': ({ status }) => {
      const rows = orders.filter((o) => !status || o.status === status);
      return fixture(calls.fundOrders, { rows, count: rows.length });
    },
    '/stock/success/fund/cancel': ({ id }) => {
      orders = orders.map((o) => (o.id === id ? { ...o, status: 'cancelled' } : o));
      return orders.find((o) => o.id === id);
    },
  });
});
afterEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
});

describe('fund list', () => {
  it('shows each fund’s name, return range, cycle (days under 30, else whole months) and amount, and says the return is not guaranteed', async () => {
    renderAt('/fund-investment', <AppRoutes />);
    const cards = await screen.findAllByTestId('fund');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Fund 1')).toBeTruthy();
    expect(within(cards[0]!).getByText('4.00% – 6.00%')).toBeTruthy();
    expect(within(cards[0]!).getByText('₹10,000.00')).toBeTruthy();
    expect(cards.map((c) => within(c).getByTestId('fund-cycle').textContent)).toEqual(['20 days', '3 months', '1 month']);
    expect(screen.getByTestId('return-note').textContent).toMatch(/range.*not guaranteed/);
    expect(screen.getByText('No more')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/fund-investment/orders');
  });

  it('shows the sold/issued bar only when something is sold; an unavailable fund cannot be bought', async () => {
    renderAt('/fund-investment', <AppRoutes />);
    const cards = await screen.findAllByTestId('fund');
    expect(within(cards[0]!).queryByTestId('fund-progress')).toBeNull();
    expect(within(cards[1]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(within(cards[1]!).getByText('₹25,000.00 of ₹100,000.00 sold')).toBeTruthy();
    expect((within(cards[2]!).getByRole('button', { name: 'Not available' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a purchase is confirmed first (name, amount, expected return, cycle), then the buttons stay locked until 0.8 s after it', async () => {
    const toasts = collectToasts();
    renderAt('/fund-investment', <AppRoutes />);
    const cards = await screen.findAllByTestId('fund');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
    expect(within(dialog).getByText('Fund 2')).toBeTruthy();
    expect(within(dialog).getByText('₹10,000.00')).toBeTruthy();
    expect(within(dialog).getByText('5.00%')).toBeTruthy();
    expect(within(dialog).getByText('3 months')).toBeTruthy();
    expect(within(dialog).getByText(/not guaranteed/)).toBeTruthy();
    expect(inputsOf('/stock/success/fund/purchase')).toHaveLength(0);

    jest.useFakeTimers();
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Buy now' })));
    await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
    expect(inputsOf('/stock/success/fund/purchase')).toEqual([{ project_id: 2 }]);
    expect(toasts.messages).toContain('Investment successful');
    expect(screen.queryByRole('dialog')).toBeNull();
    const buy = () => within(screen.getAllByTestId('fund')[0]!).getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
    expect(buy().disabled).toBe(true);
    await act(async () => void (await jest.advanceTimersByTimeAsync(790)));
    expect(buy().disabled).toBe(true);
    await act(async () => void (await jest.advanceTimersByTimeAsync(20)));
    expect(buy().disabled).toBe(false);
    toasts.stop();
  });

  it('a refused purchase says why, and the lock still releases 0.8 s later', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({
      '/v2/config': () => CONFIG,
      '/v2/fund/list': () => ({ rows: funds, count: funds.length }),
      '/stock/success/fund/purchase': () => {
        throw new ApiError(409, 'fundSoldOut');
      },
    });
    const toasts = collectToasts();
    renderAt('/fund-investment', <AppRoutes />);
    const cards = await screen.findAllByTestId('fund');
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Buy' }));
    jest.useFakeTimers();
    const confirm = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy now' }) as HTMLButtonElement;
    await act(async () => void fireEvent.click(confirm()));
    await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
    expect(toasts.messages).toEqual(['This fund is sold out']);
    expect(confirm().disabled).toBe(true);
    await act(async () => void (await jest.advanceTimersByTimeAsync(800)));
    expect(confirm().disabled).toBe(false);
    toasts.stop();
  });

  it('a failed load says "Failed to load fund list"', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({
      '/v2/config': () => CONFIG,
      '/v2/fund/list': () => {
        throw new ApiError(500, 'serverError');
      },
    });
    renderAt('/fund-investment', <AppRoutes />);
    expect((await screen.findByTestId('load-error')).textContent).toContain('Failed to load fund list');
  });
});

describe('fund orders', () => {
  it('tabs all, active, completed and cancelled filter by status; an unknown status shows as unknown', async () => {
    renderAt('/fund-investment/orders', <AppRoutes />);
    const rows = await screen.findAllByTestId('fund-order');
    expect(rows).toHaveLength(4);
    expect(inputsOf('/stock/success/fund/orders')[0]).toEqual({ page: 1, limit: 20 });
    expect(rows.map((r) => within(r).getByTestId('status').textContent)).toEqual(['Active', 'Completed', 'Cancelled', 'Unknown status']);
    expect(within(rows[0]!).getByText('3 months')).toBeTruthy();
    expect(within(rows[0]!).getByText('4.00% – 6.00%')).toBeTruthy();
    expect(within(rows[1]!).getByText('₹550.00 (5.50%)')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Active', 'Completed', 'Cancelled']);

    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findAllByTestId('fund-order')).toHaveLength(1);
    expect(inputsOf('/stock/success/fund/orders').at(-1)).toEqual({ status: 'completed', page: 1, limit: 20 });
  });

  it('cancels an active order after asking', async () => {
    const toasts = collectToasts();
    renderAt('/fund-investment/orders?tab=active', <AppRoutes />);
    const rows = await screen.findAllByTestId('fund-order');
    expect(rows).toHaveLength(1);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/₹10,000.00 comes back/)).toBeTruthy();
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' })));
    expect(inputsOf('/stock/success/fund/cancel')).toEqual([{ id: 1 }]);
    expect(toasts.messages).toContain('Order cancelled, the amount is back in your balance');
    expect(await screen.findByTestId('orders-empty')).toBeTruthy();
    toasts.stop();
  });

  it('says when there are no orders', async () => {
    orders = [];
    renderAt('/fund-investment/orders', <AppRoutes />);
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('No fund orders yet');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, formatTime } from '@invest/shared';
import { answer, collectToasts, failsUntilRecovered, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { changeOf } from '../src/records/entries';
import { CONFIG, order, pendingOrder } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const LIST = '/stock/success/deal/list';
const CANCEL = '/stock/success/deal/cancel';
const ORDER = '/stock/success/deal/order';
const ORDERS = [
  pendingOrder('O4'),
  order('O3', { state: 'sell', sell_price: 110, value: null, unrealized_pnl: null, sell_amount: 110_000, sell_fee: 100, realized_pnl: 9_800, sold_at: '2026-03-05T05:06:07.000Z' }),
  order('O2', { status: 2, status_label: 'cancelled', fx_rate: null, value: null, unrealized_pnl: null, filled_at: null, closed_at: '2026-03-04T06:00:00.000Z' }),
  order('O1', { status: 3, status_label: 'expired', fx_rate: null, value: null, unrealized_pnl: null, filled_at: null, closed_at: '2026-03-04T10:00:00.000Z' }),
];

function serve(over: Record<string, (input: any) => unknown> = {}) {
  return answer({
    '/v2/config': () => CONFIG,
    [LIST]: ({ status }) => {
      const rows = ORDERS.filter((o) => status === undefined || o.status === status);
      return { rows, count: rows.length };
    },
    [CANCEL]: ({ no }) => pendingOrder(no, { status: 2, status_label: 'cancelled', held: 0, closed_at: '2026-03-04T06:00:00.000Z' }),
    [ORDER]: ({ no }) => {
      const found = ORDERS.find((o) => o.no === no);
      if (!found) throw new ApiError(404, 'notFound');
      return found;
    },
    ...over,
  });
}
const statuses = () => screen.getAllByTestId('status').map((s) => s.textContent);

it('lists every order with its status, quantity, price, total and price change', async () => {
  serve();
  renderAt('/records', <AppRoutes />);
  const rows = await screen.findAllByTestId('order-row');
  expect(statuses()).toEqual(['Pending', 'Success', 'Cancelled', 'Expired']);
  expect(within(rows[0]!).getByText('No. O4')).toBeTruthy();
  // A resting order shows the money held for it (estimate and fee), a sale what it brought in less its fee.
  expect(within(rows[0]!).getByTestId('order-total').textContent).toBe('₹1,001.00');
  expect(within(rows[1]!).getByTestId('order-total').textContent).toBe('₹1,099.00');
  // A sold lot shows its realized P&L; the others have none.
  expect(within(rows[1]!).getByTestId('order-realized').textContent).toBe('₹98.00');
  expect(screen.getAllByTestId('order-realized')).toHaveLength(1);
  expect(within(rows[1]!).getByTestId('price-change').getAttribute('data-direction')).toBe('up');
  expect(within(rows[1]!).getByText('Price up ₹10.00')).toBeTruthy();
  expect(inputsOf(LIST)[0]).toEqual({ page: 1, limit: 20 });
});

it('the tabs filter by status', async () => {
  serve();
  renderAt('/records', <AppRoutes />);
  await screen.findAllByTestId('order-row');
  for (const [tab, status, label] of [
    ['Pending', 0, 'Pending'],
    ['Success', 1, 'Success'],
    ['Cancelled', 2, 'Cancelled'],
    ['Expired', 3, 'Expired'],
  ] as const) {
    fireEvent.click(screen.getByRole('tab', { name: tab }));
    await waitFor(() => expect(statuses()).toEqual([label]));
    expect(inputsOf(LIST).at(-1)).toEqual({ status, page: 1, limit: 20 });
  }
});

it('an empty tab says so', async () => {
  serve({ [LIST]: () => ({ rows: [], count: 0 }) });
  renderAt('/records?tab=expired', <AppRoutes />);
  expect((await screen.findByTestId('records-empty')).textContent).toBe('No expired orders');
});

it('cancels a pending order after a confirm, and the list reloads', async () => {
  const toasts = collectToasts();
  serve();
  renderAt('/records', <AppRoutes />);
  const rows = await screen.findAllByTestId('order-row');
  // Only the pending order can be cancelled.
  expect(screen.getAllByRole('button', { name: /^Cancel order/ })).toHaveLength(1);
  fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel order O4' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
  const loads = inputsOf(LIST).length;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
  await waitFor(() => expect(toasts.messages).toContain('Order cancelled'));
  expect(inputsOf(CANCEL)).toEqual([{ no: 'O4' }]);
  await waitFor(() => expect(inputsOf(LIST).length).toBeGreaterThan(loads));
  toasts.stop();
});

it('a refused cancel says why', async () => {
  const toasts = collectToasts();
  serve({
    [CANCEL]: () => {
      throw new ApiError(409, 'orderNotPending');
    },
  });
  renderAt('/records?tab=pending', <AppRoutes />);
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel order O4' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
  await waitFor(() => expect(toasts.messages).toContain('This order can no longer be cancelled'));
  toasts.stop();
});

it('a failed load then Retry loads the orders', async () => {
  const list = failsUntilRecovered(() => ({ rows: ORDERS, count: 4 }));
  serve({ [LIST]: list.handler });
  renderAt('/records', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  list.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('order-row')).toHaveLength(4);
});

it('a row opens the order’s details', async () => {
  serve();
  renderAt('/records', <AppRoutes />);
  const rows = await screen.findAllByTestId('order-row');
  fireEvent.click(within(rows[1]!).getByRole('link'));
  const detail = await screen.findByTestId('order-detail');
  expect(screen.getByRole('heading', { name: 'Order detail' })).toBeTruthy();
  expect(within(detail).getByTestId('detail-no').textContent).toBe('O3');
  expect(within(detail).getByTestId('detail-sellPrice').textContent).toBe('₹110.00');
  expect(within(detail).getByTestId('detail-realized').textContent).toBe('₹98.00');
  expect(within(detail).getByTestId('detail-sellFee').textContent).toBe('₹1.00');
  // The detail asks for that one order by its number, not for a page of the list to search.
  expect(inputsOf(ORDER)).toEqual([{ no: 'O3' }]);
});

it('opens the detail of an order older than any page of the list', async () => {
  serve({ [ORDER]: ({ no }) => order(no, { count: 7 }), [LIST]: () => ({ rows: [], count: 0 }) });
  renderAt('/records/T0LD', <AppRoutes />);
  const detail = await screen.findByTestId('order-detail');
  expect(within(detail).getByTestId('detail-no').textContent).toBe('T0LD');
  expect(within(detail).getByTestId('detail-count').textContent).toBe('7');
  expect(inputsOf(LIST)).toEqual([]);
});

it('an order that does not exist says so', async () => {
  serve();
  renderAt('/records/NOPE', <AppRoutes />);
  expect(await screen.findByText('This order does not exist')).toBeTruthy();
  expect(inputsOf(ORDER)).toEqual([{ no: 'NOPE' }]);
});

it('a number no order can have says so without asking', async () => {
  serve();
  renderAt('/records/not%20an%20order', <AppRoutes />);
  expect(await screen.findByText('This order does not exist')).toBeTruthy();
  expect(inputsOf(ORDER)).toEqual([]);
});

it('a failed load of the detail then Retry shows the order', async () => {
  const one = failsUntilRecovered(() => ORDERS[1]!);
  serve({ [ORDER]: one.handler });
  renderAt('/records/O3', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  one.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(within(await screen.findByTestId('order-detail')).getByTestId('detail-no').textContent).toBe('O3');
});

describe('a sold lot: its buy and its sale, each an entry of its own', () => {
  const sold = { price: 100, sell_price: 110, value: null, unrealized_pnl: null, sell_amount: 110_000, sell_fee: 100, realized_pnl: 9_800, sold_at: '2026-03-05T09:30:00.000Z' };
  // As deal/list answers them: the sale (at sold_at), a newer lot, then the sold lot's buy (at created_at).
  const SALE = order('S1', { ...sold, state: 'sell' });
  const BOUGHT = order('S1', { ...sold, state: 'buy' });
  const OPEN = order('N2', { created_at: '2026-03-04T08:00:00.000Z' });
  const serveSale = () => serve({ [LIST]: () => ({ rows: [SALE, OPEN, BOUGHT], count: 3 }), [ORDER]: () => SALE });
  const facts = (row: HTMLElement) => ({
    side: within(row).getByTestId('order-side').textContent,
    time: within(row).getByTestId('order-time').textContent,
    price: within(row).getByTestId('order-price').textContent,
    total: within(row).getByTestId('order-total').textContent,
    realized: within(row).queryByTestId('order-realized')?.textContent ?? null,
    link: within(row).getByRole('link').getAttribute('href'),
  });

  it('the list shows the sale as a Sell at its own time and price with its P&L, and the buy as a Buy', async () => {
    serveSale();
    renderAt('/records', <AppRoutes />);
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(3);
    expect(facts(rows[0]!)).toEqual({ side: 'Sell', time: formatTime(sold.sold_at), price: '₹110.00', total: '₹1,099.00', realized: '₹98.00', link: '/records/S1' });
    expect(within(rows[0]!).getByText('Sell price')).toBeTruthy();
    expect(within(rows[0]!).getByText('Received')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('price-change').getAttribute('data-direction')).toBe('up');
    expect(facts(rows[2]!)).toEqual({ side: 'Buy', time: formatTime(BOUGHT.created_at), price: '₹100.00', total: '₹1,001.00', realized: null, link: '/records/S1?side=buy' });
    // A sold lot's buy does not follow the live price: its result is on the sale.
    expect(within(rows[2]!).queryByTestId('price-change')).toBeNull();
    expect(facts(rows[1]!).side).toBe('Buy');
  });

  it('the sale’s detail is the sale, and links to its buy, which shows the buy', async () => {
    serveSale();
    renderAt('/records/S1', <AppRoutes />);
    const sale = await screen.findByTestId('order-detail');
    expect(sale.getAttribute('data-side')).toBe('sell');
    expect(within(sale).getByTestId('detail-side').textContent).toBe('Sell');
    expect(within(sale).getByTestId('detail-sellPrice').textContent).toBe('₹110.00');
    expect(within(sale).getByTestId('detail-soldAt').textContent).toBe(formatTime(sold.sold_at));
    expect(within(sale).getByTestId('detail-received').textContent).toBe('₹1,099.00');
    expect(within(sale).getByTestId('detail-realized').textContent).toBe('₹98.00');
    expect(within(sale).getByTestId('detail-buyPrice').textContent).toBe('₹100.00');
    expect(within(sale).queryByTestId('detail-created')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'View the buy' }));
    await waitFor(() => expect(screen.getByTestId('order-detail').getAttribute('data-side')).toBe('buy'));
    const buy = screen.getByTestId('order-detail');
    expect(within(buy).getByTestId('detail-side').textContent).toBe('Buy');
    expect(within(buy).getByTestId('detail-price').textContent).toBe('₹100.00');
    expect(within(buy).getByTestId('detail-created').textContent).toBe(formatTime(BOUGHT.created_at));
    expect(within(buy).queryByTestId('detail-sellPrice')).toBeNull();
    expect(within(buy).queryByTestId('detail-realized')).toBeNull();
    expect(screen.getByRole('link', { name: 'View the sale' }).getAttribute('href')).toBe('/records/S1');
  });
});

it('the demo view is labelled as sample data', async () => {
  renderAt('/trading/RELIANCE.NS', <AppRoutes />);
  expect((await screen.findByTestId('sample-label')).textContent).toContain('Sample data');
  expect(screen.getByRole('heading', { name: 'Trading' })).toBeTruthy();
});

it("the up or down beside a row: an open lot against the live price, a sale against its buy, never a resting order's limit or a sold lot's buy", () => {
  expect(changeOf(order('F1', { price: 100 }), 120)).toBe(20);
  expect(changeOf(order('S1', { price: 100, state: 'sell', sell_price: 90 }), 120)).toBe(-10);
  expect(changeOf(order('S1', { price: 100, sell_price: 90, sold_at: '2026-03-05T09:30:00.000Z' }), 120)).toBeNull();
  expect(changeOf(pendingOrder('P1', { price: 95 }), 120)).toBeNull();
});

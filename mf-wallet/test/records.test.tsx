import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, failsUntilRecovered, fakeUserStream, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, recharge, withdrawal } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const RECHARGES = [
  recharge(4, { status: 9 }),
  recharge(3, { status: 3, fail_reason: 'No payment received' }),
  recharge(2, { status: 2, method: 'usdt' }),
  recharge(1, { status: 1 }),
];
const WITHDRAWALS = [
  withdrawal(4, { status: 'x' }),
  withdrawal(3, { status: 'b', fail_reason: 'Account closed' }),
  withdrawal(2, { status: 'y' }),
  withdrawal(1, { status: 'n' }),
];
function serve(over: Record<string, (input: any) => unknown> = {}) {
  return answer({
    '/v2/config': () => CONFIG,
    '/stock/success/property/list': () => ({ rows: RECHARGES, count: RECHARGES.length }),
    '/stock/success/property/withdraw': () => ({ rows: WITHDRAWALS, count: WITHDRAWALS.length }),
    ...over,
  });
}
const labels = () => screen.getAllByTestId('status').map((s) => s.textContent);

it('recharge records label 1, 2 and 3, name the failure reason, and show unknown states as unknown', async () => {
  serve();
  renderAt('/recharge-records/recharge', <AppRoutes />);
  const rows = await screen.findAllByTestId('record-row');
  expect(labels()).toEqual(['Unknown', 'Failed', 'Completed', 'In progress']);
  expect(within(rows[1]!).getByTestId('fail-reason').textContent).toBe('Reason: No payment received');
  expect(within(rows[2]!).getByText('TRC-USDT')).toBeTruthy();
  expect(within(rows[3]!).getByText('₹5,000.0')).toBeTruthy();
  expect(within(rows[3]!).getByText(/Ref RREF1/)).toBeTruthy();
  expect(inputsOf('/stock/success/property/list')[0]).toEqual({ page: 1, limit: 20 });
});

it('withdraw records label n, y and b, show a failed one as refunded, and unknown states as unknown', async () => {
  serve();
  renderAt('/withdraw-records', <AppRoutes />);
  const rows = await screen.findAllByTestId('record-row');
  expect(labels()).toEqual(['Unknown', 'Failed', 'Completed', 'In progress']);
  expect(within(rows[1]!).getByTestId('fail-reason').textContent).toBe('Reason: Account closed · ₹200.0 refunded to your balance');
  expect(within(rows[0]!).getByText('HDFC Bank •••• 5678')).toBeTruthy();
});

it('the tabs switch between recharge and withdraw records', async () => {
  serve();
  renderAt('/recharge-records', <AppRoutes />);
  await screen.findAllByTestId('record-row');
  expect(screen.getByRole('tab', { name: 'Recharge' }).getAttribute('aria-selected')).toBe('true');
  fireEvent.click(screen.getByRole('tab', { name: 'Withdraw' }));
  expect(await screen.findByText('Reason: Account closed · ₹200.0 refunded to your balance')).toBeTruthy();
});

it('pages through the records', async () => {
  serve({ '/stock/success/property/withdraw': ({ page }) => ({ rows: [withdrawal(page)], count: 41 }) });
  renderAt('/withdraw-records', <AppRoutes />);
  await screen.findAllByTestId('record-row');
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 1/3');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Page 2/3')).toBeTruthy();
  expect(inputsOf('/stock/success/property/withdraw').at(-1)).toEqual({ page: 2, limit: 20 });
});

it('a failed load then Retry loads the records', async () => {
  const list = failsUntilRecovered(() => ({ rows: RECHARGES, count: 4 }));
  serve({ '/stock/success/property/list': list.handler });
  renderAt('/recharge-records/recharge', <AppRoutes />);
  const state = await screen.findByTestId('load-error', {}, { timeout: 5000 });
  expect(screen.queryByTestId('records-empty')).toBeNull();
  list.recover();
  fireEvent.click(within(state).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByTestId('record-row')).toHaveLength(4);
});

it('an empty list says so', async () => {
  serve({ '/stock/success/property/list': () => ({ rows: [], count: 0 }) });
  renderAt('/recharge-records/recharge', <AppRoutes />);
  expect(await screen.findByText('No recharges yet')).toBeTruthy();
});

it('a row opens its details: amount, actual amount received, type, status and time', async () => {
  serve();
  renderAt('/withdraw-records', <AppRoutes />);
  const rows = await screen.findAllByTestId('record-row');
  fireEvent.click(rows[2]!);
  const detail = await screen.findByTestId('record-detail');
  expect(screen.getByRole('heading', { name: 'Recharge and withdraw details' })).toBeTruthy();
  expect(within(detail).getByTestId('detail-received').textContent).toBe('₹200.0');
  expect(within(detail).getByText('Completed')).toBeTruthy();
  expect(within(detail).getByText('HDFC Bank •••• 5678')).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Withdraw' }).getAttribute('aria-selected')).toBe('true');
});

it('opened by link, the details find the record; a failed recharge received nothing and says why', async () => {
  serve();
  renderAt('/account/recharge-withdraw/3?type=recharge', <AppRoutes />);
  const detail = await screen.findByTestId('record-detail');
  expect(within(detail).getByTestId('detail-received').textContent).toBe('₹0.0');
  expect(within(detail).getByText('No payment received')).toBeTruthy();
  expect(within(detail).getByTestId('detail-reference').textContent).toBe('RREF3');
});

it('a record that does not exist says so', async () => {
  serve();
  renderAt('/account/recharge-withdraw/999?type=withdraw', <AppRoutes />);
  expect(await screen.findByText('This record does not exist')).toBeTruthy();
});

it('an operator\'s decision shows at once: the wallet event refetches the withdraw and recharge records, with no polling', async () => {
  session.start('tok', { id: 3, user: '9876543210', login: true }, null);
  let out = withdrawal(1, { status: 'n' });
  let deposit = recharge(1, { status: 1 });
  serve({
    '/stock/success/property/withdraw': () => ({ rows: [out], count: 1 }),
    '/stock/success/property/list': () => ({ rows: [deposit], count: 1 }),
  });
  const stream = fakeUserStream();
  try {
    const { unmount } = renderAt('/withdraw-records', <AppRoutes />);
    await screen.findByText('In progress');
    await waitFor(() => expect(stream.opened()).toBe(1));
    out = withdrawal(1, { status: 'y' });
    await act(async () => stream.push(': open\n\nevent: wallet\ndata: {"at":1}\n\n'));
    expect(await screen.findByText('Completed')).toBeTruthy();
    unmount();

    renderAt('/recharge-records/recharge', <AppRoutes />);
    await screen.findByText('In progress');
    await waitFor(() => expect(stream.opened()).toBe(2));
    const loads = inputsOf('/stock/success/property/list').length;
    deposit = recharge(1, { status: 3, fail_reason: 'No payment received' });
    await act(async () => stream.push('event: wallet\ndata: {"at":2}\n\n'));
    expect(await screen.findByText('Reason: No payment received')).toBeTruthy();
    expect(inputsOf('/stock/success/property/list')).toHaveLength(loads + 1);
  } finally {
    session.end('user');
  }
});

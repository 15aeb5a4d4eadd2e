import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me, userDetail, userRow } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

const rowsOf = () => screen.getAllByTestId('queue-row');

it('finds users by the digits of their phone or account number and shows the selected one with their money and records', async () => {
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('support'),
    '/ops/users': (input: { q?: string }) => (input.q ? { rows: [userRow(3)], count: 1 } : { rows: [userRow(3), userRow(4, { user: '9000000004', no: '100004', disabled_at: '2026-03-01T00:00:00.000Z', real_name_status: null })], count: 2 }),
    '/ops/users/3': () => userDetail(3),
  });
  renderAt('/ops/users', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(inputsOf('/ops/users')[0]).toEqual({ page: 1, limit: 15 });
  expect(within(rowsOf()[1]!).getByText('Not submitted')).toBeTruthy();
  expect(within(rowsOf()[1]!).getByText('Yes')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Phone or account number'), { target: { value: '98765' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  expect(inputsOf('/ops/users').at(-1)).toEqual({ q: '98765', page: 1, limit: 15 });
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('₹7,500.00')).toBeTruthy());
  fireEvent.keyDown(rowsOf()[0]!, { key: 'Enter' });
  const panel = screen.getByRole('complementary', { name: 'User 9876543210' });
  expect(await within(panel).findByText('₹2,500.00')).toBeTruthy();
  expect(within(panel).getByText('****5678')).toBeTruthy();
  expect(within(panel).getByText(/Asha Rao/)).toBeTruthy();
  expect(within(panel).getByText('Where is my deposit?')).toBeTruthy();
  expect(within(within(panel).getByRole('region', { name: 'Loans' })).getByText(/Paid/)).toBeTruthy();
  // Only an admin disables a user; only products and admins mark qualified investors.
  expect(within(panel).queryByRole('button', { name: 'Disable' })).toBeNull();
  expect(within(panel).queryByRole('button', { name: 'Mark qualified' })).toBeNull();
});

it('lets an admin disable a user with a reason, and enable them again', async () => {
  const toasts = collectToasts();
  let disabled: string | null = null;
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/recharges': () => ({ rows: [], count: 0 }),
    '/ops/users': () => ({ rows: [userRow(3, { disabled_at: disabled })], count: 1 }),
    '/ops/users/3': () => userDetail(3, { disabled_at: disabled }),
    '/ops/users/3/disable': () => {
      disabled = '2026-03-05T00:00:00.000Z';
      return userRow(3, { disabled_at: disabled });
    },
    '/ops/users/3/enable': () => {
      disabled = null;
      return userRow(3);
    },
  });
  renderAt('/ops/users', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  const panel = screen.getByRole('complementary', { name: 'User 9876543210' });
  fireEvent.click(await within(panel).findByRole('button', { name: 'Disable' }));
  const dialog = screen.getByRole('dialog', { name: 'Disable user 9876543210' });
  fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Fraud report' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' })));
  await waitFor(() => expect(toasts.messages).toContain('User 9876543210 disabled'));
  expect(inputsOf('/ops/users/3/disable')).toEqual([{ reason: 'Fraud report' }]);
  await act(async () => fireEvent.click(await within(panel).findByRole('button', { name: 'Enable' })));
  await waitFor(() => expect(toasts.messages).toContain('User 9876543210 enabled'));
  expect(await within(panel).findByRole('button', { name: 'Disable' })).toBeTruthy();
  toasts.stop();
});

it('shows the user’s bills by their reason in words, not the ledger’s keys', async () => {
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('support'),
    '/ops/users': () => ({ rows: [userRow(3)], count: 1 }),
    '/ops/users/3': () =>
      userDetail(3, {
        bills: [
          { id: 2, type: 'expense', amount: 120000, balance: 630000, reason: 'fund_purchase', created_at: '2026-03-05T05:06:07.000Z' },
          { id: 1, type: 'income', amount: 500000, balance: 750000, reason: 'recharge', created_at: '2026-03-04T05:06:07.000Z' },
        ],
      }),
  });
  renderAt('/ops/users', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  const bills = await screen.findByRole('region', { name: 'Latest bills' });
  await waitFor(() => expect(within(bills).getByText(/Fund purchase/)).toBeTruthy());
  expect(within(bills).getByText(/Recharge/)).toBeTruthy();
  expect(within(bills).queryByText(/fund_purchase|recharge/)).toBeNull();
});

it('lets products mark a user a qualified investor and take it away; other roles do not see it', async () => {
  const toasts = collectToasts();
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/users': () => ({ rows: [userRow(3)], count: 1 }),
    '/ops/users/3': () => userDetail(3),
    '/ops/users/3/qualified': ({ qualified }) => ({ id: 3, user: '9876543210', qualified }),
  });
  renderAt('/ops/users', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  const section = await screen.findByRole('region', { name: 'Qualified investor' });
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Mark qualified' })));
  await waitFor(() => expect(toasts.messages).toContain('User 9876543210 is a qualified investor'));
  expect(within(section).getByRole('status').textContent).toBe('Marked as a qualified investor.');
  expect(within(section).getByRole('button', { name: 'Mark qualified' })).toHaveProperty('disabled', true);
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Remove qualification' })));
  await waitFor(() => expect(toasts.messages).toContain('User 9876543210 is no longer a qualified investor'));
  expect(inputsOf('/ops/users/3/qualified')).toEqual([{ qualified: true }, { qualified: false }]);
  // Only an admin disables a user; products do not.
  expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  toasts.stop();
});

import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me, withdrawal } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

it('lists the waiting withdrawals with the masked card, and fails one with a refund and the reason', async () => {
  const toasts = collectToasts();
  let waiting = [withdrawal(8)];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/withdrawals': () => ({ rows: waiting, count: waiting.length }),
    '/ops/withdrawals/8/fail': () => {
      waiting = [];
      return withdrawal(8, { status: 'b', fail_reason: 'Card closed' });
    },
  });
  renderAt('/ops/withdrawals', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  const row = screen.getByTestId('queue-row');
  expect(within(row).getByText('****5678')).toBeTruthy();
  await waitFor(() => expect(within(row).getByText('₹2,500.00')).toBeTruthy());
  expect(inputsOf('/ops/withdrawals')[0]).toEqual({ status: 'n', page: 1, limit: 100 });
  fireEvent.click(row);
  fireEvent.click(screen.getByRole('button', { name: 'Fail and refund' }));
  const dialog = screen.getByRole('dialog', { name: 'Fail withdrawal 8 and refund it' });
  fireEvent.change(within(dialog).getByLabelText('Reason (the user sees it)'), { target: { value: 'Card closed' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fail and refund' })));
  expect(await screen.findByText('Nothing is waiting.')).toBeTruthy();
  expect(inputsOf('/ops/withdrawals/8/fail')).toEqual([{ reason: 'Card closed' }]);
  expect(toasts.messages).toContain('Withdrawal 8 failed and refunded');
  toasts.stop();
});

it('four eyes: a first Pay out records an approval, and the queue shows who gave it', async () => {
  const toasts = collectToasts();
  const first = { operator: 'ops', at: '2026-03-04T06:00:00.000Z' };
  let waiting = [withdrawal(9, { count: 50_000_000 })];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/withdrawals': () => ({ rows: waiting, count: waiting.length }),
    '/ops/withdrawals/9/complete': () => {
      waiting = [withdrawal(9, { count: 50_000_000, first_approval: first })];
      return waiting[0];
    },
  });
  renderAt('/ops/withdrawals', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  expect(screen.getByRole('button', { name: 'Sort by Approval' })).toBeTruthy();
  fireEvent.click(screen.getByTestId('queue-row'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay out' })));
  await waitFor(() => expect(toasts.messages).toContain('Approved: a second operator must pay it out'));
  expect(toasts.messages).not.toContain('Withdrawal 9 paid out');
  const row = await screen.findByTestId('queue-row');
  await waitFor(() => expect(within(row).getByText('Awaiting 2nd approval (by ops)')).toBeTruthy());
  fireEvent.click(row);
  const panel = screen.getByRole('complementary', { name: 'Withdrawal 9' });
  expect(within(panel).getByText(/^First approved by ops at /)).toBeTruthy();
  toasts.stop();
});

it('four eyes: the same operator cannot give the second approval, in the API\'s words', async () => {
  const first = { operator: 'ops', at: '2026-03-04T06:00:00.000Z' };
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/withdrawals': () => ({ rows: [withdrawal(9, { first_approval: first })], count: 1 }),
    '/ops/withdrawals/9/complete': () => {
      throw new ApiError(409, 'secondApproverRequired');
    },
  });
  renderAt('/ops/withdrawals', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  fireEvent.click(screen.getByTestId('queue-row'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay out' })));
  expect((await screen.findByRole('alert')).textContent).toBe('You gave the first approval: a different operator must give the second');
});

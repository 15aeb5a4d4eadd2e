import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, loan, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

it('lists the loan applications with their amount and approval, and approves one', async () => {
  const toasts = collectToasts();
  let waiting = [loan(3), loan(4, { first_approval: { operator: 'alice', at: '2026-03-04T06:00:00.000Z' } })];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/loans': () => ({ rows: waiting, count: waiting.length }),
    '/ops/loans/3/approve': () => {
      waiting = waiting.filter((l) => l.id !== 3);
      return loan(3, { state: 4 });
    },
  });
  renderAt('/ops/loans', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
  expect(inputsOf('/ops/loans')[0]).toEqual({ state: 1, page: 1, limit: 100 });
  const [first, second] = screen.getAllByTestId('queue-row');
  await waitFor(() => expect(within(first!).getByText('₹10,000.00')).toBeTruthy());
  expect(within(second!).getByText('Awaiting 2nd approval (by alice)')).toBeTruthy();
  fireEvent.click(first!);
  expect(screen.getByRole('heading', { name: 'Loan 3' })).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  expect(toasts.messages).toContain('Loan 3 approved');
  expect(inputsOf('/ops/loans/3/approve')).toEqual([{}]);
  toasts.stop();
});

it('says when an approval was only the first of two', async () => {
  const toasts = collectToasts();
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/loans': () => ({ rows: [loan(5)], count: 1 }),
    '/ops/loans/5/approve': () => loan(5, { first_approval: { operator: 'ops', at: '2026-03-04T06:00:00.000Z' } }),
  });
  renderAt('/ops/loans', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  fireEvent.click(screen.getByTestId('queue-row'));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })));
  await waitFor(() => expect(toasts.messages).toContain('Approved: a second operator must approve it too'));
  toasts.stop();
});

it('rejects a loan with the reason the user will read', async () => {
  const toasts = collectToasts();
  let waiting = [loan(6)];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/loans': () => ({ rows: waiting, count: waiting.length }),
    '/ops/loans/6/reject': () => {
      waiting = [];
      return loan(6, { state: 3, reject_reason: 'Credit score too low' });
    },
  });
  renderAt('/ops/loans', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  fireEvent.click(screen.getByTestId('queue-row'));
  fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
  const dialog = screen.getByRole('dialog', { name: 'Reject loan 6' });
  fireEvent.change(within(dialog).getByLabelText('Reason (the user sees it)'), { target: { value: 'Credit score too low' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
  expect(await screen.findByText('Nothing is waiting.')).toBeTruthy();
  expect(inputsOf('/ops/loans/6/reject')).toEqual([{ reason: 'Credit score too low' }]);
  expect(toasts.messages).toContain('Loan 6 rejected');
  toasts.stop();
});

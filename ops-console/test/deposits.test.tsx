import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, LIST_POLL_MS, session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, deposit, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
});

const rowsOf = () => screen.getAllByTestId('queue-row');

it('lists the waiting deposits with their amount in money, references and age, asking for those in progress', async () => {
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/recharges': () => ({ rows: [deposit(2, { payment_ref: 'UTR42' }), deposit(1, { count: 1234567, user: '9000000001' })], count: 2 }),
  });
  renderAt('/ops/deposits', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(within(rowsOf()[0]!).getByText('UTR42')).toBeTruthy();
  await waitFor(() => expect(within(rowsOf()[1]!).getByText('₹12,345.67')).toBeTruthy());
  expect(inputsOf('/ops/recharges')[0]).toEqual({ status: 1, page: 1, limit: 100 });
});

it('sorts by a column, filters, and selects a row with the keyboard', async () => {
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/recharges': () => ({ rows: [deposit(2, { count: 100000, user: '9000000002' }), deposit(1, { count: 900000, user: '9000000001' })], count: 2 }),
  });
  renderAt('/ops/deposits', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  const amount = screen.getByRole('button', { name: 'Sort by Amount' });
  // Figures sort largest first on the first press, then the other way.
  fireEvent.click(amount);
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('9000000001')).toBeTruthy());
  expect(amount.closest('th')!.getAttribute('aria-sort')).toBe('descending');
  fireEvent.click(amount);
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('9000000002')).toBeTruthy());
  expect(amount.closest('th')!.getAttribute('aria-sort')).toBe('ascending');

  fireEvent.change(screen.getByLabelText('Filter rows'), { target: { value: '9000000002' } });
  await waitFor(() => expect(rowsOf()).toHaveLength(1));

  fireEvent.keyDown(rowsOf()[0]!, { key: 'Enter' });
  expect(screen.getByRole('heading', { name: 'Deposit 2' })).toBeTruthy();
  expect(rowsOf()[0]!.getAttribute('aria-selected')).toBe('true');
});

it('completes the selected deposit and refreshes the queue', async () => {
  const toasts = collectToasts();
  let waiting = [deposit(5)];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/recharges': () => ({ rows: waiting, count: waiting.length }),
    '/ops/recharges/5/complete': () => {
      waiting = [];
      return deposit(5, { status: 2 });
    },
  });
  renderAt('/ops/deposits', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete' })));
  expect(await screen.findByText('Nothing is waiting.')).toBeTruthy();
  expect(toasts.messages).toContain('Deposit 5 completed');
  expect(inputsOf('/ops/recharges/5/complete')).toEqual([{}]);
  toasts.stop();
});

it('fails a deposit with the reason the user will read, and shows a refusal in its own words', async () => {
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/recharges': () => ({ rows: [deposit(5)], count: 1 }),
    '/ops/recharges/5/fail': () => {
      throw new ApiError(409, 'alreadySettled');
    },
  });
  renderAt('/ops/deposits', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
  const dialog = screen.getByRole('dialog', { name: 'Fail deposit 5' });
  fireEvent.change(within(dialog).getByLabelText('Reason (the user sees it)'), { target: { value: 'No payment arrived' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' })));
  expect(await within(dialog).findByRole('alert')).toBeTruthy();
  expect(inputsOf('/ops/recharges/5/fail')).toEqual([{ reason: 'No payment arrived' }]);
});

it('is live: a deposit requested later appears without a reload', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  let waiting = [deposit(1)];
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('finance'), '/ops/recharges': () => ({ rows: waiting, count: waiting.length }) });
  renderAt('/ops/deposits', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  waiting = [deposit(2), deposit(1)];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(LIST_POLL_MS);
  });
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
});

it('reads a queue longer than one batch a batch at a time: the older requests are the next batch', async () => {
  const batchOf = (page: number) => Array.from({ length: page === 3 ? 50 : 100 }, (_, i) => deposit(250 - (page - 1) * 100 - i));
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('finance'),
    '/ops/recharges': (input: { page: number }) => ({ rows: batchOf(input.page), count: 250 }),
  });
  renderAt('/ops/deposits', <AppRoutes />);
  expect(await screen.findByText('Rows 1–100 of 250, newest first.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Newer rows' })).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Older rows' }));
  expect(await screen.findByText('Rows 101–200 of 250, newest first.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Older rows' }));
  expect(await screen.findByText('Rows 201–250 of 250, newest first.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Older rows' })).toHaveProperty('disabled', true);
  expect(inputsOf('/ops/recharges').map((i) => i.page)).toEqual(expect.arrayContaining([1, 2, 3]));
  expect(inputsOf('/ops/recharges').at(-1)).toEqual({ status: 1, page: 3, limit: 100 });
  // The table pages the batch itself: its first page holds the batch's newest.
  expect(within(rowsOf()[0]!).getByText('50')).toBeTruthy();
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, withdrawal } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

it('lists the waiting withdrawals with the masked card, and fails one with a refund and the reason', async () => {
  const toasts = collectToasts();
  let waiting = [withdrawal(8)];
  answer({
    '/v2/config': () => CONFIG,
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

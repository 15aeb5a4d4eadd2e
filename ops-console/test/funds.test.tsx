import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, consolePageTests, fundProject, me, rowsOf, typeInto } from './fixtures';

consolePageTests(() => import('../src/funds/FundsPage'));


it('creates a fund: returns in percent, amounts typed as money and sent in minor units, checked by the contract', async () => {
  const toasts = collectToasts();
  let funds = [fundProject(1)];
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/funds': (input) => {
      if (!('name' in input)) return { rows: funds, count: funds.length, due: 0 };
      const made = fundProject(2, { ...input, sold_amount: 0, active_orders: 0, expected_return: (input.min_return + input.max_return) / 2 });
      funds = [made, ...funds];
      return made;
    },
  });
  renderAt('/ops/funds', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  expect(within(rowsOf()[0]!).getByText('₹30,000.00')).toBeTruthy();
  expect(within(rowsOf()[0]!).getByText('of ₹1,000,000.00')).toBeTruthy();
  expect(within(rowsOf()[0]!).getByText('90 days')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New fund' }));
  const form = await screen.findByRole('form', { name: 'New fund' });
  const submit = within(form).getByRole('button', { name: 'Create fund' }) as HTMLButtonElement;
  typeInto(within(form).getByLabelText('Name'), 'Growth 180');
  typeInto(within(form).getByLabelText('Minimum return (%)'), '7');
  typeInto(within(form).getByLabelText('Maximum return (%)'), '9.25');
  typeInto(within(form).getByLabelText('Term (days)'), '180');
  typeInto(within(form).getByLabelText('Amount per purchase (₹)'), '5000.50');
  typeInto(within(form).getByLabelText('Issue amount (₹)'), '100000');
  expect(within(form).getByText('The issue amount must be a whole multiple of the amount per purchase')).toBeTruthy();
  expect(submit.disabled).toBe(true);
  typeInto(within(form).getByLabelText('Amount per purchase (₹)'), '5000');
  expect(submit.disabled).toBe(false);
  typeInto(within(form).getByLabelText('Maximum return (%)'), '5.5');
  expect(within(form).getByText('The minimum return cannot be above the maximum return')).toBeTruthy();
  expect(submit.disabled).toBe(true);
  typeInto(within(form).getByLabelText('Maximum return (%)'), '9.25');
  await act(async () => fireEvent.click(submit));
  await waitFor(() => expect(toasts.messages).toContain('Fund 2 (Growth 180) created'));
  expect(inputsOf('/ops/funds').filter((i) => 'name' in i)).toEqual([{ name: 'Growth 180', min_return: 7, max_return: 9.25, investment_period: 180, amount: 500_000, issue_amount: 10_000_000 }]);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(await screen.findByRole('heading', { name: 'Fund 2' })).toBeTruthy();
  toasts.stop();
});

it('marks the funds due for settlement and settles one with a return in its range, after a confirmation', async () => {
  const toasts = collectToasts();
  let fund = fundProject(5, { due: true, end_time: '2026-03-01T00:00:00.000Z' });
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/funds': () => ({ rows: [fund, fundProject(4)], count: 2, due: fund.due ? 1 : 0 }),
    '/ops/funds/5/settle': ({ return_rate }) => {
      fund = fundProject(5, { status: 'settled', due: false, return_rate, settled_at: '2026-03-02T00:00:00.000Z', profit_paid: 150_000, active_orders: 0 });
      return fund;
    },
  });
  renderAt('/ops/funds', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(screen.getByRole('status').textContent).toBe('1 fund is past its term and waits for settlement.');
  expect(within(rowsOf()[0]!).getByText('Due for settlement')).toBeTruthy();
  // One not due yet says when it can be settled, and offers no settlement.
  fireEvent.click(rowsOf()[1]!);
  expect(screen.getByText(/Its term ends .*: it can be settled from then\./)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Settle fund' })).toBeNull();

  fireEvent.click(rowsOf()[0]!);
  const panel = screen.getByRole('complementary', { name: 'Fund 5' });
  const rate = within(panel).getByLabelText('Return for the whole term (%)');
  fireEvent.change(rate, { target: { value: '7' } });
  expect(within(panel).getByText("The return must be within the fund's range")).toBeTruthy();
  expect(within(panel).getByRole('button', { name: 'Settle fund' })).toHaveProperty('disabled', true);
  fireEvent.change(rate, { target: { value: '5.5' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Settle fund' }));
  const dialog = screen.getByRole('dialog', { name: 'Settle Steady Income 90' });
  expect(within(dialog).getByText('Each of its 3 active orders is paid its principal and a profit at 5.5 %.')).toBeTruthy();
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Settle fund' })));
  await waitFor(() => expect(toasts.messages).toContain('Steady Income 90 settled at 5.5 %'));
  expect(inputsOf('/ops/funds/5/settle')).toEqual([{ return_rate: 5.5 }]);
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('Settled')).toBeTruthy());
  expect(screen.queryByRole('status')).toBeNull();
  toasts.stop();
});

it('cancels a fund with an optional reason after a confirmation, and shows a refusal in its words', async () => {
  let refuse = true;
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/funds': () => ({ rows: [fundProject(6)], count: 1, due: 0 }),
    '/ops/funds/6/cancel': () => {
      if (refuse) throw new ApiError(409, 'fundAlreadySettled');
      return fundProject(6, { status: 'cancelled', cancelled_at: '2026-03-02T00:00:00.000Z', cancel_reason: 'Mis-priced', sold_amount: 0 });
    },
  });
  renderAt('/ops/funds', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  fireEvent.click(screen.getByRole('button', { name: 'Cancel fund' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel Steady Income 90' });
  expect(within(dialog).getByText(/Each of its 3 active orders gets its principal back/)).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Reason (optional, kept with the fund)'), { target: { value: 'Mis-priced' } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel fund' })));
  expect(await within(dialog).findByText('This fund has already been settled')).toBeTruthy();
  refuse = false;
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel fund' })));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(inputsOf('/ops/funds/6/cancel')).toEqual([{ reason: 'Mis-priced' }, { reason: 'Mis-priced' }]);
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, consolePageTests, ipo, me, rowsOf, typeInto } from './fixtures';

consolePageTests(() => import('../src/ipos/IposPage'));

const SEED = '4f1c0e9a2b7d4c3e8f6a5b4c3d2e1f00';

it('creates an IPO with every field the contract takes and shows it in the list', async () => {
  const toasts = collectToasts();
  let issues = [ipo(1)];
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/ipos': (input) => {
      if (!('symbol' in input)) return { rows: issues, count: issues.length };
      const made = ipo(2, { ...input, company_name: input.company_name ?? 'Tata Motors', applications: 0, applied_shares: 0, held: 0 });
      issues = [made, ...issues];
      return made;
    },
  });
  renderAt('/ops/ipos', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  expect(within(rowsOf()[0]!).getByText('₹120.50')).toBeTruthy();
  fireEvent.click(rowsOf()[0]!);
  expect(within(screen.getByRole('complementary', { name: 'IPO 1 · JIOFIN.NS' })).getByText('100–1000')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New IPO' }));
  const form = await screen.findByRole('form', { name: 'New IPO' });
  const submit = within(form).getByRole('button', { name: 'Create IPO' }) as HTMLButtonElement;
  typeInto(within(form).getByLabelText('Stock code'), 'tatamotors.ns');
  typeInto(within(form).getByLabelText('Issue price'), '455.5');
  typeInto(within(form).getByLabelText('Minimum quantity'), '100');
  typeInto(within(form).getByLabelText('Maximum quantity'), '2000');
  typeInto(within(form).getByLabelText('Applications open'), '2026-04-01');
  typeInto(within(form).getByLabelText('Applications close'), '2026-04-0');
  expect(within(form).getByText('Enter dates as YYYY-MM-DD, the end not before the start')).toBeTruthy();
  expect(submit.disabled).toBe(true);
  typeInto(within(form).getByLabelText('Applications close'), '2026-04-05');
  fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'Forthcoming' } });
  await act(async () => fireEvent.click(submit));
  await waitFor(() => expect(toasts.messages).toContain('IPO 2 of TATAMOTORS.NS created'));
  expect(inputsOf('/ops/ipos').filter((i) => 'symbol' in i)).toEqual([
    { series: 'EQ', symbol: 'TATAMOTORS.NS', issue_price: 455.5, min: 100, max: 2000, lot: 100, issue_start_date: '2026-04-01', issue_end_date: '2026-04-05', status: 'Forthcoming' },
  ]);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(await screen.findByRole('heading', { name: 'IPO 2 · TATAMOTORS.NS' })).toBeTruthy();
  toasts.stop();
});

it('runs the allotment after a confirmation and shows the draw’s seed and its outcome', async () => {
  const toasts = collectToasts();
  let issue = ipo(4);
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/ipos': () => ({ rows: [issue], count: 1 }),
    '/ops/ipos/4/allot': ({ shares }) => {
      issue = ipo(4, { status: 'Allotted', shares_offered: shares, shares_allotted: 200, draw_seed: SEED, allotted_at: '2026-03-09T10:00:00.000Z', held: 0 });
      return { ipo: issue, applications: 3, applied_shares: 900, oversubscribed: true, winners: 2, shares_allotted: 200, seed: SEED, captured: 2_410_000, released: 8_435_000 };
    },
  });
  renderAt('/ops/ipos', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  const panel = screen.getByRole('complementary', { name: 'IPO 4 · JIOFIN.NS' });
  const shares = within(panel).getByLabelText('Shares offered to applicants');
  fireEvent.change(shares, { target: { value: '0' } });
  expect(within(panel).getByRole('button', { name: 'Run allotment' })).toHaveProperty('disabled', true);
  fireEvent.change(shares, { target: { value: '250' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Run allotment' }));
  const dialog = screen.getByRole('dialog', { name: 'Allot IPO 4 (JIOFIN.NS)' });
  expect(within(dialog).getByText(/250 shares for 3 applications asking for 900/)).toBeTruthy();
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Run allotment' })));
  await waitFor(() => expect(toasts.messages).toContain('IPO 4 allotted: 200 shares to 2 applications'));
  expect(inputsOf('/ops/ipos/4/allot')).toEqual([{ shares: 250 }]);
  const outcome = await within(panel).findByTestId('allotment');
  expect(within(outcome).getByTestId('draw-seed').textContent).toBe(SEED);
  expect(within(outcome).getByText('3 for 900 shares')).toBeTruthy();
  expect(within(outcome).getByText('₹24,100.00')).toBeTruthy();
  expect(within(outcome).getByText('₹84,350.00')).toBeTruthy();
  // Allotted: no second run, no status change.
  await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Run allotment' })).toBeNull());
  expect(within(panel).queryByRole('button', { name: 'Close applications' })).toBeNull();
  toasts.stop();
});

it('shows an allotted IPO’s seed from the list and, to an admin, each application’s shares from the audit log', async () => {
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/ipos': () => ({ rows: [ipo(1, { status: 'Allotted', shares_offered: 200, shares_allotted: 200, draw_seed: SEED, allotted_at: '2026-03-09T10:00:00.000Z' })], count: 1 }),
    '/ops/audit': () => ({
      rows: [
        { id: 9, operator: 'pat', action: 'ipo.allot', target: 'ipo 1', created_at: '2026-03-09T10:00:00.000Z', detail: { seed: SEED, applications: [[11, 300], [12, 300], [13, 300]], winners: [[13, 100], [11, 100]] } },
        { id: 8, operator: 'pat', action: 'ipo.allot', target: 'ipo 12', created_at: '2026-03-08T10:00:00.000Z', detail: { applications: [[99, 100]], winners: [] } },
      ],
      count: 2,
    }),
  });
  renderAt('/ops/ipos', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  expect(within(rowsOf()[0]!).getByText('Allotted')).toBeTruthy();
  fireEvent.click(rowsOf()[0]!);
  const outcome = await screen.findByTestId('allotment');
  expect(within(outcome).getByTestId('draw-seed').textContent).toBe(SEED);
  const byApplication = await within(outcome).findByRole('table', { name: 'Shares by application (audit log)' });
  expect(within(byApplication).getAllByTestId('allotted-row').map((r) => r.textContent)).toEqual(['11300100', '12300' + '0', '13300100']);
  expect(inputsOf('/ops/audit')[0]).toMatchObject({ action: 'ipo.allot', target: 'ipo 1' });
});

it('moves an issue along its statuses, cancels one only after a confirmation, and shows a refusal in its words', async () => {
  let issue = ipo(3, { status: 'Upcoming', min: 0, max: 0 });
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/ipos': () => ({ rows: [issue], count: 1 }),
    '/ops/ipos/3/status': ({ status }) => {
      if (status === 'Forthcoming') throw new ApiError(422, 'ipoTermsMissing');
      issue = ipo(3, { status, min: 0, max: 0 });
      return issue;
    },
  });
  renderAt('/ops/ipos', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  const panel = screen.getByRole('complementary', { name: 'IPO 3 · JIOFIN.NS' });
  expect(within(panel).getByText('TBA')).toBeTruthy();
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Open applications' })));
  expect(await within(panel).findByText('Set the minimum and maximum quantity before opening applications')).toBeTruthy();
  // An Upcoming issue is not allotted.
  expect(within(panel).queryByLabelText('Shares offered to applicants')).toBeNull();
  fireEvent.click(within(panel).getByRole('button', { name: 'Cancel IPO' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel IPO 3 (JIOFIN.NS)' });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel IPO' })));
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('Cancelled')).toBeTruthy());
  expect(inputsOf('/ops/ipos/3/status')).toEqual([{ status: 'Forthcoming' }, { status: 'Cancelled' }]);
});

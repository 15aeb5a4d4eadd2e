import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, collectToasts, deferred, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, INFO, loan, LOAN_DATA, REAL_NAME_APPROVED } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const LOANS = [
  loan(7, { state: 9 }),
  loan(6, { state: 5, repayment_time: '2026-04-04T05:06:07.000Z' }),
  loan(5, { state: 4, repayment_time: '2026-04-04T05:06:07.000Z', interest: 1500 }),
  loan(4, { state: 3, reject_reason: 'Too many loans' }),
  loan(3, { state: 2 }),
  loan(2, { state: 1 }),
  loan(1, { state: 0 }),
];
function serve(over: Record<string, (input: any) => unknown> = {}) {
  return answer({
    '/stock/success/autonomy/state': () => REAL_NAME_APPROVED,
    '/v2/config': () => CONFIG,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/loans/data': () => LOAN_DATA,
    '/stock/success/loans/list': () => ({ rows: LOANS, count: LOANS.length }),
    '/stock/success/loans/add': (input) => loan(8, { count: input.count }),
    '/stock/success/loans/repay': ({ id }) => loan(id, { state: 5 }),
    ...over,
  });
}

it('before real-name approval it shows the rule and a link to the verification instead of the application', async () => {
  serve({ '/stock/success/autonomy/state': () => ({ ...REAL_NAME_APPROVED, status: 3, reject_reason: 'Blurred' }) });
  renderAt('/LoanApplication', <AppRoutes />);
  expect(await screen.findByText('Loan applications are only possible once your real name is verified.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe('/settings/real-name');
  expect(screen.queryByTestId('loan-amount')).toBeNull();
  expect(screen.queryByTestId('loan-apply')).toBeNull();
});

it('shows the amount due, a positive credit score and the remaining amount', async () => {
  serve();
  renderAt('/loan', <AppRoutes />);
  expect((await screen.findByTestId('loan-due')).textContent).toBe('₹0.0');
  expect(screen.getByTestId('credit-score').textContent).toBe('100');
  expect(screen.getByTestId('credit-score').getAttribute('data-positive')).toBe('true');
  expect(screen.getByText('Good')).toBeTruthy();
  expect(screen.getByTestId('loan-remaining').textContent).toBe('₹50,000.0');
  expect(screen.getByRole('link', { name: 'Loan records' }).getAttribute('href')).toBe('/loan-records');
});

it('a credit score under 80 is not shown as positive', async () => {
  serve({ '/stock/success/loans/data': () => ({ ...LOAN_DATA, creditScore: 79 }) });
  renderAt('/loan', <AppRoutes />);
  expect((await screen.findByTestId('credit-score')).getAttribute('data-positive')).toBe('false');
  expect(screen.getByText('Low')).toBeTruthy();
});

it('the application takes digits only, at least 500 and at most the remaining amount', async () => {
  serve({ '/stock/success/loans/data': () => ({ ...LOAN_DATA, remainingAmount: 100000 }) });
  renderAt('/LoanApplication', <AppRoutes />);
  const dialog = await screen.findByRole('dialog', { name: 'Loan application' });
  const input = within(dialog).getByTestId('loan-amount') as HTMLInputElement;
  const confirm = within(dialog).getByTestId('loan-confirm') as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.change(input, { target: { value: '4x99' } });
  expect(input.value).toBe('499');
  expect(within(dialog).getByRole('alert').textContent).toBe('Minimum loan amount is ₹500');
  expect(confirm.disabled).toBe(true);
  fireEvent.change(input, { target: { value: '1001' } });
  expect(within(dialog).getByRole('alert').textContent).toBe('The loan amount exceeds your remaining credit');
  expect(confirm.disabled).toBe(true);
  fireEvent.change(input, { target: { value: '1000' } });
  expect(confirm.disabled).toBe(false);
  expect(inputsOf('/stock/success/loans/add')).toHaveLength(0);
});

it('the range names both ends alike, in the whole units the user types (never "₹500 up to ₹50,000.0")', async () => {
  serve();
  const { unmount } = renderAt('/LoanApplication', <AppRoutes />);
  const dialog = await screen.findByRole('dialog', { name: 'Loan application' });
  expect(within(dialog).getByTestId('loan-limits').textContent).toBe('From ₹500 up to ₹50,000');
  unmount();

  // A credit line with paise left: the most one can type is the whole rupees below it, never a rounded-up figure.
  serve({ '/stock/success/loans/data': () => ({ ...LOAN_DATA, remainingAmount: 4_999_950 }) });
  renderAt('/LoanApplication', <AppRoutes />);
  const again = await screen.findByRole('dialog', { name: 'Loan application' });
  expect(within(again).getByTestId('loan-limits').textContent).toBe('From ₹500 up to ₹49,999');
});

it('a double tap applies once, then the loan records open', async () => {
  const gate = deferred();
  serve({
    '/stock/success/loans/add': async (input) => {
      await gate.promise;
      return loan(8, { count: input.count });
    },
  });
  renderAt('/loan', <AppRoutes />);
  fireEvent.click(await screen.findByTestId('loan-apply'));
  const dialog = await screen.findByRole('dialog', { name: 'Loan application' });
  fireEvent.change(within(dialog).getByTestId('loan-amount'), { target: { value: '600' } });
  fireEvent.click(within(dialog).getByTestId('loan-confirm'));
  fireEvent.click(within(dialog).getByTestId('loan-confirm'));
  await act(async () => gate.resolve(undefined));
  expect(await screen.findByRole('heading', { name: 'Loan records' })).toBeTruthy();
  expect(inputsOf('/stock/success/loans/add')).toEqual([{ count: 60000 }]);
});

it('loan records show the six state labels, unknown states as unknown, and times', async () => {
  serve();
  renderAt('/loan-records', <AppRoutes />);
  const rows = await screen.findAllByTestId('loan-row');
  expect(screen.getAllByTestId('status').map((s) => s.textContent)).toEqual(['Unknown', 'Paid', 'Unpaid', 'Rejected', 'Approved', 'Applying', 'Not applied']);
  expect(within(rows[2]!).getByTestId('loan-repayment').textContent).toMatch(/^Repayment time: \d\d\/\d\d\/2026$/);
  expect(within(rows[0]!).getByTestId('loan-repayment').textContent).toBe('Repayment time: --');
  expect(within(rows[3]!).getByText('Reason: Too many loans')).toBeTruthy();
  expect(within(rows[0]!).getByText('Loan')).toBeTruthy();
  // Only the unpaid loan can be repaid.
  expect(screen.getAllByRole('button', { name: /^Repay loan of/ })).toHaveLength(1);
});

it('Repay asks first, then repays the loan once', async () => {
  serve();
  renderAt('/loan-records', <AppRoutes />);
  await screen.findAllByTestId('loan-row');
  fireEvent.click(screen.getByRole('button', { name: 'Repay loan of ₹1,000.0' }));
  const dialog = screen.getByRole('dialog', { name: 'Repay loan' });
  expect(within(dialog).getByText('Repay ₹1,015.0 from your balance (₹1,000.0 principal + ₹15.0 interest)?')).toBeTruthy();
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Repay' }));
  });
  expect(inputsOf('/stock/success/loans/repay')).toEqual([{ id: 5 }]);
});

it('a repayment without the money says "Insufficient funds"', async () => {
  const toasts = collectToasts();
  serve({
    '/stock/success/loans/repay': () => {
      throw new ApiError(422, 'insufficientFunds');
    },
  });
  renderAt('/loan-records', <AppRoutes />);
  await screen.findAllByTestId('loan-row');
  fireEvent.click(screen.getByRole('button', { name: 'Repay loan of ₹1,000.0' }));
  await act(async () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Repay' })));
  expect(toasts.messages).toContain('Insufficient funds');
  toasts.stop();
});

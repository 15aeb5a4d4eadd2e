import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, authOf, fund, loginByUi, open, opsCli as ops, registerByApi } from './helpers';
import { approveRealName } from './realName';

// The wallet against the real API: deposits and withdrawals an operator decides through the ops CLI while the app
// runs, the published minimums, loans from application to repayment, and one booking per double tap.

async function rechargeRecords(request: APIRequestContext, page: Page) {
  return apiGet<{ rows: { id: number; status: number }[]; count: number }>(request, page, '/api/stock/success/property/list');
}

async function addCard(request: APIRequestContext, page: Page): Promise<void> {
  const res = await request.post('/api/stock/success/bank/add', {
    headers: await authOf(page),
    data: { bank_user: 'Asha Rao', bank: 'State Bank of India', ifsc: 'SBIN0001234', bank_card: '123456789012' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  // Withdrawals and loans need an approved real name (account-real-name.spec.ts tests the rule itself).
  await approveRealName(request, page);
});

test('a deposit an operator completes through the CLI shows its bill and the new balance without a reload', async ({ page, request, baseURL }) => {
  await open(page, '/recharge');
  await expect(page.getByTestId('pay-to')).toContainText('IFSC code');
  await page.getByTestId('recharge-amount').fill('5000');
  await page.getByTestId('recharge-submit').click();
  const dialog = page.getByRole('dialog', { name: 'Recharge request submitted successfully' });
  await expect(dialog.getByTestId('recharge-reference')).toHaveText(/^R[0-9A-Z]{9}$/);
  await dialog.getByRole('button', { name: 'View recharge records' }).click();
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  await expect(page.getByTestId('status')).toHaveText('In progress');

  await open(page, '/account/changes');
  await expect(page.getByTestId('bills-empty')).toBeVisible();
  await expect(page.getByTestId('bills-balance')).toHaveText('₹0.00');
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));

  const [record] = (await rechargeRecords(request, page)).rows;
  expect(await ops(baseURL!, 'recharge-complete', String(record!.id))).toContain(`recharge ${record!.id}`);

  const row = page.getByTestId('bill-row');
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toContainText('Recharge');
  await expect(row.getByTestId('bill-amount')).toHaveText('+₹5,000.00');
  await expect(row).toContainText('Balance ₹5,000.00');
  await expect(page.getByTestId('bills-balance')).toHaveText('₹5,000.00');
  // The same page all along: no reload happened.
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
  await page.screenshot({ path: test.info().outputPath('bills.png') });
});

test('a withdrawal below the minimum shows the message and writes nothing', async ({ page, request }) => {
  await fund(request, page, 5000);
  await addCard(request, page);
  await open(page, '/withdraw');
  await expect(page.getByTestId('withdraw-available')).toHaveText('Available ₹5,000.00');
  const amount = page.getByTestId('withdraw-amount');
  // One minimum on the screen: the server's floor, max(10, min_withdraw_count), in the message and the hint alike.
  await amount.fill('5');
  await expect(page.getByRole('alert')).toHaveText('The amount is below the minimum withdrawal amount (₹100)');
  await expect(page.getByTestId('withdraw-min')).toHaveText('Minimum ₹100');
  expect(await page.locator('body').innerText()).not.toMatch(/₹10(?![\d,])/);
  await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
  await amount.fill('99');
  await expect(page.getByRole('alert')).toHaveText('The amount is below the minimum withdrawal amount (₹100)');
  await expect(page.getByTestId('withdraw-submit')).toBeDisabled();
  await amount.press('Enter');
  await amount.fill('5001');
  await expect(page.getByRole('alert')).toHaveText('Insufficient funds');
  await expect(page.getByTestId('withdraw-submit')).toBeDisabled();

  // The server refuses the same request too, and nothing was written.
  const direct = await request.post('/api/stock/success/money/access', {
    headers: { ...(await authOf(page)), 'Idempotency-Key': `below-${Date.now()}` },
    data: { bank_id: (await apiGet<{ id: number }[]>(request, page, '/api/stock/success/bank/list'))[0]!.id, count: 9900 },
  });
  expect(direct.status()).toBe(422);
  expect((await apiGet<{ count: number }>(request, page, '/api/stock/success/property/withdraw')).count).toBe(0);
  expect((await apiGet<{ money: number }>(request, page, '/api/stock/success/v2/user/info')).money).toBe(500000);
  await amount.fill('150');
  await page.screenshot({ path: test.info().outputPath('withdraw.png') });
});

test('a failed withdrawal shows its refund in the records and the bills', async ({ page, request, baseURL }) => {
  await fund(request, page, 5000);
  await addCard(request, page);
  await open(page, '/withdraw');
  await page.getByTestId('withdraw-amount').fill('200');
  await page.getByTestId('withdraw-submit').click();
  await expect(page).toHaveURL(/\/withdraw-records$/);
  await expect(page.getByTestId('status')).toHaveText('In progress');

  const { rows } = await apiGet<{ rows: { id: number }[] }>(request, page, '/api/stock/success/property/withdraw');
  await ops(baseURL!, 'withdrawal-fail', String(rows[0]!.id), '--reason', 'Account closed');
  await expect(page.getByTestId('status')).toHaveText('Failed', { timeout: 15_000 });
  await expect(page.getByTestId('fail-reason')).toHaveText('Reason: Account closed · ₹200.0 refunded to your balance');

  await page.getByTestId('record-row').click();
  await expect(page.getByTestId('record-detail')).toContainText('₹200.0 refunded to your balance');
  await expect(page.getByTestId('detail-received')).toHaveText('₹0.0');

  await open(page, '/account/changes');
  const bills = page.getByTestId('bill-row');
  await expect(bills).toHaveCount(3);
  await expect(bills.nth(0)).toContainText('Withdrawal refund');
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText('+₹200.00');
  await expect(bills.nth(1)).toContainText('Withdrawal');
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText('-₹200.00');
  await expect(page.getByTestId('bills-balance')).toHaveText('₹5,000.00');
});

test('a loan applied for, approved and repaid shows its states and its bills', async ({ page, request, baseURL }) => {
  await open(page, '/loan');
  await expect(page.getByTestId('credit-score')).toHaveText('100');
  await page.getByTestId('loan-apply').click();
  const dialog = page.getByRole('dialog', { name: 'Loan application' });
  await dialog.getByTestId('loan-amount').fill('400');
  await expect(dialog.getByRole('alert')).toHaveText('Minimum loan amount is ₹500');
  await dialog.getByTestId('loan-amount').fill('1000');
  await dialog.getByTestId('loan-confirm').click();
  await expect(page).toHaveURL(/\/loan-records$/);
  await expect(page.getByTestId('status')).toHaveText('Applying');

  const { rows } = await apiGet<{ rows: { id: number }[] }>(request, page, '/api/stock/success/loans/list');
  await ops(baseURL!, 'loan-approve', String(rows[0]!.id));
  await expect(page.getByTestId('status')).toHaveText('Unpaid', { timeout: 15_000 });
  await expect(page.getByTestId('loan-repayment')).toHaveText(/^Repayment time: \d\d\/\d\d\/\d{4}$/);

  await page.getByRole('button', { name: 'Repay loan of ₹1,000.0' }).click();
  await page.getByRole('dialog', { name: 'Repay loan' }).getByRole('button', { name: 'Repay' }).click();
  await expect(page.getByTestId('status')).toHaveText('Paid');

  await open(page, '/account/changes');
  const bills = page.getByTestId('bill-row');
  await expect(bills).toHaveCount(2);
  await expect(bills.nth(0)).toContainText('Loan repayment');
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText('-₹1,000.00');
  await expect(bills.nth(1)).toContainText('Loan received');
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText('+₹1,000.00');
});

test('a double-click on submit books one request', async ({ page, request }) => {
  await open(page, '/recharge');
  await page.getByTestId('recharge-amount').fill('6000');
  await page.screenshot({ path: test.info().outputPath('recharge.png'), fullPage: true });
  await page.getByTestId('recharge-submit').dblclick();
  await expect(page.getByRole('dialog', { name: 'Recharge request submitted successfully' })).toBeVisible();
  expect((await rechargeRecords(request, page)).count).toBe(1);

  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await fund(request, page, 5000);
  await addCard(request, page);
  await open(page, '/withdraw');
  await page.getByTestId('withdraw-amount').fill('300');
  await page.getByTestId('withdraw-submit').dblclick();
  await expect(page).toHaveURL(/\/withdraw-records$/);
  await expect(page.getByTestId('record-row').first()).toBeVisible();
  expect((await apiGet<{ count: number }>(request, page, '/api/stock/success/property/withdraw')).count).toBe(1);
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  expect((await apiGet<{ money: number }>(request, page, '/api/stock/success/v2/user/info')).money).toBe(470000);
});

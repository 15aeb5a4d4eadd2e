import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inr, loginByUi, open, operatorToken, registerByApi, tokenOf } from './helpers';

const WALLET_STREAM = '/api/stock/success/v2/wallet/stream';
const USER_INFO = '/api/stock/success/v2/user/info';

/** SCREENSHOTS=<folder> keeps pictures of the screens for a human to look at. */
async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function cardsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/stock/success/bank/list?type=bank', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { bank: string; bank_card: string }[] }).data;
}

test('add a bank card, see it masked to its last 4 digits, and edit it', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/settings');
  await page.getByRole('link', { name: 'Bank cards' }).click();
  await expect(page).toHaveURL(/\/settings\/bank-cards$/);
  await expect(page.getByText('No bank cards yet')).toBeVisible();
  await snap(page, 'bank-cards-empty');

  await page.getByRole('link', { name: 'Add bank card' }).click();
  await expect(page.getByRole('heading', { name: 'Add bank card' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Add bank card' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await page.getByLabel('Bank', { exact: true }).fill('State Bank of India');
  await page.getByLabel('IFSC code').pressSequentially('sbin0001234');
  await expect(page.getByLabel('IFSC code')).toHaveValue('SBIN0001234');
  await page.getByLabel('Account number').fill('123456789012');
  await snap(page, 'bank-card-form');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByRole('status').filter({ hasText: 'Bank card added successfully' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/bank-cards$/);
  const row = page.getByTestId('bank-card');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('card-number')).toHaveText('**** 9012');
  await expect(page.getByText('123456789012')).toHaveCount(0);
  await snap(page, 'bank-cards-list');

  await page.getByRole('link', { name: 'Edit State Bank of India card ending in 9012' }).click();
  await expect(page.getByRole('heading', { name: 'Edit bank card' })).toBeVisible();
  await expect(page.getByLabel('IFSC code')).toHaveValue('SBIN0001234');
  await page.getByLabel('Bank', { exact: true }).fill('SBI Fort');
  await page.getByLabel('Account number').fill('998877665544');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bank card updated successfully' })).toBeVisible();
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('card-number')).toHaveText('**** 5544');
  await expect(row.getByText('SBI Fort')).toBeVisible();
  expect(await cardsOf(request, await tokenOf(page))).toEqual([expect.objectContaining({ bank: 'SBI Fort', bank_card: '**** 5544' })]);
});

test('a bad IFSC code shows the message and writes nothing', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/settings/bank-cards?card=new');
  await page.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await page.getByLabel('Bank', { exact: true }).fill('State Bank of India');
  await page.getByLabel('IFSC code').fill('SBIN1001234');
  await page.getByLabel('Account number').fill('123456789012');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid IFSC code (e.g. SBIN0001234)' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Add bank card' });
  await expect(submit).toBeDisabled();
  await snap(page, 'bank-card-form-error');
  await page.getByLabel('Account number').press('Enter');
  expect(await cardsOf(request, await tokenOf(page))).toEqual([]);
});

test('with the account page open, a deposit an operator completes shows without a reload', async ({ page, request }) => {
  // The page's timers on Playwright's clock from its first load, so the test can move time past the polling period.
  await page.clock.install();
  await loginByUi(page, await registerByApi(request));
  const token = await tokenOf(page);
  const streamOpened = page.waitForResponse((r) => r.url().endsWith(WALLET_STREAM) && r.status() === 200);
  const info = await request.get(USER_INFO, { headers: { Authorization: `Bearer ${token}` } });
  const { money } = ((await info.json()) as { data: { money: number } }).data;
  await open(page, '/account');
  await expect(page.getByTestId('available-balance')).toHaveText(inr(money));
  await streamOpened;

  // The stream is live: the page does not poll (the spec's 3 s fallback) meanwhile.
  let infoLoads = 0;
  page.on('request', (r) => void (r.url().includes(USER_INFO) && (infoLoads += 1)));
  // Two polling periods on the page's clock (well within the stream's 40 s silence limit): a poll would have gone out.
  await page.clock.runFor(7000);
  expect(infoLoads).toBe(0);

  const recharge = await request.post('/api/stock/success/v2/recharge/add', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}` },
    data: { count: 750_000 },
  });
  expect(recharge.status(), await recharge.text()).toBe(200);
  const { id } = ((await recharge.json()) as { data: { id: number } }).data;
  const ops = await operatorToken(request);
  const completed = await request.post(`/api/ops/recharges/${id}/complete`, { headers: { Authorization: `Bearer ${ops}` }, data: {} });
  expect(completed.status(), await completed.text()).toBe(200);

  // Faster than the 3 s polling would: the wallet event brought it.
  await expect(page.getByTestId('available-balance')).toHaveText(inr(money + 750_000), { timeout: 2500 });
  expect(infoLoads).toBeGreaterThanOrEqual(1);
});

import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, expectUsable } from './fixtures';
import { loginByUi, open, operatorCredentials, operatorToken, registerByApi } from './helpers';
import { approveRealName } from './realName';

// Two people at once: an investor on a phone and an operator at a desk, each in a browser context of their own.
/** Far above what the other specs withdraw, which may run beside this one on the same server. */
const FOUR_EYES_MIN = 20_000_000;

const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;

async function signIn(browser: Browser, baseURL: string, user: string, password: string): Promise<Page> {
  const desk = await browser.newContext({ ...DESK, baseURL });
  const page = await desk.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Operator name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Queues' })).toBeVisible();
  return page;
}

test('a deposit completed in the console shows on the investor’s screen without a reload', async ({ page, request, browser, baseURL }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/recharge');
  await page.getByTestId('recharge-amount').fill('5000');
  await page.getByTestId('recharge-submit').click();
  const reference = await page.getByRole('dialog').getByTestId('recharge-reference').innerText();
  await open(page, '/account/changes');
  await expect(page.getByTestId('bills-balance')).toHaveText('₹0.00');
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));

  const operator = operatorCredentials();
  const desk = await signIn(browser, baseURL!, operator.user, operator.password);
  await desk.goto('/ops/deposits');
  const row = desk.getByTestId('queue-row').filter({ hasText: reference });
  await row.click();
  await desk.getByRole('complementary').getByRole('button', { name: 'Complete' }).click();
  await expect(desk.getByText(/^Deposit \d+ completed$/)).toBeVisible();

  await expect(page.getByTestId('bills-balance')).toHaveText('₹5,000.00', { timeout: 15_000 });
  await expect(page.getByTestId('bill-row')).toContainText('Recharge');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
  await desk.context().close();
});

test('a withdrawal at the four-eyes amount is paid out only by a second operator, who sees the first', async ({ page, request, browser, baseURL }) => {
  const admin = await operatorToken(request);
  const set = await request.post('/api/ops/settings', { headers: { Authorization: `Bearer ${admin}` }, data: { tag: 'four_eyes_min', value: String(FOUR_EYES_MIN) } });
  expect(set.status()).toBe(200);
  try {
    await approveTwice(request, page, browser, baseURL!, admin);
  } finally {
    await request.post('/api/ops/settings', { headers: { Authorization: `Bearer ${admin}` }, data: { tag: 'four_eyes_min', value: '' } });
  }
});

async function approveTwice(request: APIRequestContext, page: Page, browser: Browser, baseURL: string, admin: string): Promise<void> {
  const name = `payouts-${Date.now().toString(36)}`;
  const created = await request.post('/api/ops/operators', { headers: { Authorization: `Bearer ${admin}` }, data: { user: name, role: 'finance' } });
  const second = { user: name, password: ((await created.json()) as { data: { password: string } }).data.password };

  // An investor with money, a verified name and a card asks for ₹2,00,000: the four-eyes amount exactly.
  const user = await registerByApi(request);
  await loginByUi(page, user);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { Authorization: `Bearer ${token}` };
  const deposit = await request.post('/api/stock/success/v2/recharge/add', { headers: { ...auth, 'Idempotency-Key': `fe-${Date.now()}` }, data: { count: 30_000_000 } });
  await request.post(`/api/ops/recharges/${((await deposit.json()) as { data: { id: number } }).data.id}/complete`, { headers: { Authorization: `Bearer ${admin}` } });
  await approveRealName(request, page);
  const card = await request.post('/api/stock/success/bank/add', { headers: auth, data: { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' } });
  const cardId = ((await card.json()) as { data: { id: number } }).data.id;
  const asked = await request.post('/api/stock/success/money/access', { headers: { ...auth, 'Idempotency-Key': `fw-${Date.now()}` }, data: { bank_id: cardId, count: FOUR_EYES_MIN } });
  const id = ((await asked.json()) as { data: { id: number } }).data.id;

  const operator = operatorCredentials();
  const first = await signIn(browser, baseURL, operator.user, operator.password);
  await first.goto('/ops/withdrawals');
  await first.getByTestId('queue-row').filter({ hasText: user }).click();
  await first.getByRole('complementary').getByRole('button', { name: 'Pay out' }).click();
  await expect(first.getByText('Approved: a second operator must pay it out')).toBeVisible();
  await expect(first.getByTestId('queue-row').filter({ hasText: user })).toContainText(`Awaiting 2nd approval (by ${operator.user})`);
  // The same operator cannot give the second approval.
  await first.getByTestId('queue-row').filter({ hasText: user }).click();
  await first.getByRole('complementary').getByRole('button', { name: 'Pay out' }).click();
  await expect(first.getByText('You gave the first approval: a different operator must give the second')).toBeVisible();

  const desk = await signIn(browser, baseURL, second.user, second.password);
  await desk.goto('/ops/withdrawals');
  await desk.getByTestId('queue-row').filter({ hasText: user }).click();
  await expect(desk.getByRole('complementary')).toContainText(`First approved by ${operator.user}`);
  await desk.screenshot({ path: test.info().outputPath('ops-second-approval.png') });
  await expectUsable(desk);
  await desk.getByRole('complementary').getByRole('button', { name: 'Pay out' }).click();
  await expect(desk.getByText(`Withdrawal ${id} paid out`)).toBeVisible();
  await expect(desk.getByTestId('queue-row').filter({ hasText: user })).toHaveCount(0);

  await first.context().close();
  await desk.context().close();
}

test('a chat is answered live: the operator replies in the console, the investor reads it without a reload', async ({ page, request, browser, baseURL }) => {
  const user = await registerByApi(request);
  await loginByUi(page, user);
  await open(page, '/customer-service');
  await page.getByRole('textbox', { name: 'Message' }).fill('Where is my deposit?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-text').last()).toHaveText('Where is my deposit?');
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));

  const operator = operatorCredentials();
  const desk = await signIn(browser, baseURL!, operator.user, operator.password);
  await desk.goto('/ops/chat');
  await desk.getByTestId('queue-row').filter({ hasText: user }).click();
  const panel = desk.getByRole('complementary');
  await expect(panel.getByRole('list', { name: 'Messages' })).toContainText('Where is my deposit?');
  await panel.getByLabel('Reply').fill('It is credited now.');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByRole('list', { name: 'Messages' })).toContainText('It is credited now.');
  await desk.screenshot({ path: test.info().outputPath('ops-chat.png') });
  await expectUsable(desk);

  await expect(page.getByTestId('chat-text').last()).toHaveText('It is credited now.', { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
  await desk.context().close();
});

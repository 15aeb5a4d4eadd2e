import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, expectUsable } from './fixtures';
import { loginByUi, open, operatorCredentials, operatorToken, PASSWORD, registerByApi } from './helpers';
import { AADHAAR, approveRealName } from './realName';

// Two people at once: an investor on a phone and an operator at a desk, each in a browser context of their own.
/** Far above what the other specs withdraw, which may run beside this one on the same server. */
const FOUR_EYES_MIN = 20_000_000;

const DESK = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } as const;

/** A new operator of `role`, made by the admin through the API (as the console's admin would): their sign-in. */
async function newOperator(request: APIRequestContext, role: 'support' | 'finance' | 'products'): Promise<{ user: string; password: string }> {
  const user = `${role}-${Date.now().toString(36)}`;
  const res = await request.post('/api/ops/operators', { headers: { Authorization: `Bearer ${await operatorToken(request)}` }, data: { user, role } });
  expect(res.status(), await res.text()).toBe(200);
  return { user, password: ((await res.json()) as { data: { password: string } }).data.password };
}

async function signIn(browser: Browser, baseURL: string, user: string, password: string): Promise<Page> {
  const desk = await browser.newContext({ ...DESK, baseURL });
  const page = await desk.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Operator name').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
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

/** A camera-sized JPEG of one colour with a line of text, as a phone would take it. */
const idPhoto = (background: string, text: string) =>
  sharp({ create: { width: 1600, height: 1000, channels: 3, background } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="140"><text x="10" y="100" font-size="90" fill="white">${text}</text></svg>`), top: 80, left: 80 }])
    .jpeg({ quality: 90 })
    .toBuffer();

test('a real-name check approved in the console after viewing the photos shows verified on the investor’s screen without a reload', async ({ page, request, browser, baseURL }) => {
  // The investor sends their real name with both photos from the phone.
  const user = await registerByApi(request);
  await loginByUi(page, user);
  await open(page, '/settings');
  await page.getByRole('link', { name: 'Real-name verification' }).click();
  const form = page.getByTestId('real-name-form');
  await form.getByLabel('Full name').fill('Asha Rao');
  await form.getByLabel('ID number').fill(AADHAAR);
  await form.getByTestId('photo-front').locator('input').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await idPhoto('#2a4d8f', 'ID FRONT') });
  await expect(form.getByTestId('photo-front')).toContainText('Change photo');
  await form.getByTestId('photo-back').locator('input').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await idPhoto('#8f4d2a', 'ID BACK') });
  await expect(form.getByTestId('photo-back')).toContainText('Change photo');
  await page.getByTestId('real-name-submit').click();
  await expect(page.getByText('Real name verification submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Real-name verification' }).click();
  await expect(page.getByTestId('real-name-stamp')).toHaveText('Under review');
  const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = Date.now()));

  // A support operator opens the check from the queue, by the keyboard, and looks at both photos.
  const support = await newOperator(request, 'support');
  const desk = await signIn(browser, baseURL!, support.user, support.password);
  await expect(desk).toHaveURL(/\/ops\/kyc$/);
  const row = desk.getByTestId('queue-row').filter({ hasText: user });
  await expect(row).toContainText('Asha Rao');
  await row.focus();
  await desk.keyboard.press('Enter');
  const panel = desk.getByRole('complementary');
  await expect(panel.getByRole('heading', { name: /^Real-name check \d+$/ })).toBeVisible();
  const front = panel.getByRole('figure', { name: 'ID photo, front' });
  const photo = front.getByRole('img', { name: 'ID photo, front' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(panel.getByRole('figure', { name: 'ID photo, back' }).getByRole('img')).toBeVisible();
  const scale = () => photo.evaluate((img) => new DOMMatrixReadOnly(getComputedStyle(img.parentElement!).transform).a);
  expect(await scale()).toBe(1);
  await front.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(scale).toBeGreaterThan(1);
  await front.getByRole('button', { name: 'Rotate a quarter turn' }).click();
  await expect(photo).toHaveAttribute('style', /rotate\(90deg\)/);
  await desk.screenshot({ path: test.info().outputPath('ops-kyc-photo.png') });
  await expectUsable(desk);
  await front.getByRole('button', { name: 'Reset the view' }).click();
  await expect(photo).toHaveAttribute('style', /rotate\(0deg\)/);

  await panel.getByRole('button', { name: 'Approve' }).click();
  await expect(desk.getByText(/^Real-name check \d+ approved$/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectUsable(desk);

  // The investor's app moves on from the screen and back (its own refresh on opening it): verified, no page load.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Real-name verification' }).click();
  await expect(page.getByTestId('real-name-stamp')).toHaveText('Verified');
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(marker);
  await desk.context().close();
});

/** A new investor with `units` in their wallet (a deposit an operator completed): their API headers. */
async function investorAuth(request: APIRequestContext, units: number): Promise<Record<string, string>> {
  const user = await registerByApi(request);
  const login = await request.post('/api/stock/user/login', { data: { user, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const auth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const deposit = await request.post('/api/stock/success/v2/recharge/add', { headers: { ...auth, 'Idempotency-Key': `ops-fund-${user}` }, data: { count: units * 100 } });
  expect(deposit.status(), await deposit.text()).toBe(200);
  const done = await request.post(`/api/ops/recharges/${((await deposit.json()) as { data: { id: number } }).data.id}/complete`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: {},
  });
  expect(done.status(), await done.text()).toBe(200);
  return auth;
}

/** An IN stock with no live issue, so the test can create one (one live issue per symbol). */
async function freeIpoSymbol(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/ops/ipos?limit=100', { headers: { Authorization: `Bearer ${await operatorToken(request)}` } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { data: { rows: { symbol: string; status: string }[] } }).data.rows;
  const live = new Set(rows.filter((r) => r.status !== 'Allotted' && r.status !== 'Cancelled').map((r) => r.symbol));
  const free = ['ASIANPAINT.NS', 'CIPLA.NS', 'DRREDDY.NS', 'GRASIM.NS', 'HINDALCO.NS', 'MARUTI.NS', 'NESTLEIND.NS'].find((s) => !live.has(s));
  expect(free, 'a stock without a live issue').toBeDefined();
  return free!;
}

test('products: an offer made and closed in the console, an IPO made there and allotted by a seeded draw', async ({ request, browser, baseURL }) => {
  const products = await newOperator(request, 'products');
  const desk = await signIn(browser, baseURL!, products.user, products.password);
  await expect(desk).toHaveURL(/\/ops\/offers$/);
  await expect(desk.getByRole('heading', { name: 'Block trades and QIP', level: 1 })).toBeVisible();

  // A block offer, every field typed, then closed again (no investor meets it).
  await desk.getByRole('button', { name: 'New offer' }).click();
  const offerForm = desk.getByRole('form', { name: 'New offer' });
  await offerForm.getByLabel('Stock code').fill('axisbank.ns');
  await offerForm.getByLabel('Block price').fill('1001.5');
  await offerForm.getByLabel('Minimum quantity').fill('150');
  await offerForm.getByLabel('Window 1 opens').fill('09:15');
  await offerForm.getByLabel('Window 1 closes').fill('15:30');
  await desk.screenshot({ path: test.info().outputPath('ops-offer-form.png') });
  await expectUsable(desk);
  await offerForm.getByRole('button', { name: 'Create offer' }).click();
  const made = desk.getByText(/^Offer \d+ of AXISBANK\.NS created$/);
  await expect(made).toBeVisible();
  const offerId = /^Offer (\d+)/.exec(await made.innerText())![1]!;
  const offerRow = desk.getByTestId('queue-row').filter({ has: desk.locator('td:first-child', { hasText: new RegExp(`^${offerId}$`) }) });
  await expect(offerRow).toContainText('AXISBANK.NS');
  await expect(offerRow).toContainText('₹1,001.50');
  await expect(offerRow).toContainText('Open');
  const offerPanel = desk.getByRole('complementary');
  await expect(offerPanel).toContainText('09:15–15:30');
  await offerPanel.getByRole('button', { name: 'Close offer' }).click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Close offer' }).click();
  await expect(offerRow).toContainText('Closed');

  // An IPO open to applications at once.
  const symbol = await freeIpoSymbol(request);
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'IPOs' }).click();
  await desk.getByRole('button', { name: 'New IPO' }).click();
  const ipoForm = desk.getByRole('form', { name: 'New IPO' });
  await ipoForm.getByLabel('Stock code').fill(symbol);
  await ipoForm.getByLabel('Issue price').fill('99.50');
  await ipoForm.getByLabel('Minimum quantity').fill('100');
  await ipoForm.getByLabel('Maximum quantity').fill('1000');
  await ipoForm.getByLabel('Applications open').fill(today);
  await ipoForm.getByLabel('Applications close').fill(end);
  await ipoForm.getByLabel('Status').selectOption('Forthcoming');
  await ipoForm.getByRole('button', { name: 'Create IPO' }).click();
  const ipoMade = desk.getByText(new RegExp(`^IPO \\d+ of ${symbol.replace('.', '\\.')} created$`));
  await expect(ipoMade).toBeVisible();
  const id = Number(/^IPO (\d+)/.exec(await ipoMade.innerText())![1]);
  const rowOf = (n: number | string) => desk.getByTestId('queue-row').filter({ has: desk.locator('td:first-child', { hasText: new RegExp(`^${n}$`) }) });
  const ipoRow = rowOf(id);
  await expect(ipoRow).toContainText(symbol);
  await expect(ipoRow).toContainText('Forthcoming');

  // Two investors (through the API, as their app would) apply for 300 shares each; 200 are offered: a draw gives one
  // minimum lot to two of them.
  for (let i = 0; i < 2; i++) {
    const auth = await investorAuth(request, 100_000);
    const applied = await request.post('/api/stock/success/ipo/buy', { headers: { ...auth, 'Idempotency-Key': `ops-ipo-${id}-${i}` }, data: { id, count: 300 } });
    expect(applied.status(), await applied.text()).toBe(200);
  }
  await desk.reload();
  await ipoRow.click();
  const ipoPanel = desk.getByRole('complementary');
  await expect(ipoPanel.getByRole('heading', { name: `IPO ${id} · ${symbol}` })).toBeVisible();
  await expect(ipoPanel).toContainText('2 applications ask for 600 shares');
  await ipoPanel.getByLabel('Shares offered to applicants').fill('200');
  await ipoPanel.getByRole('button', { name: 'Run allotment' }).click();
  const confirm = desk.getByRole('dialog', { name: `Allot IPO ${id} (${symbol})` });
  // Checked once the dialog is open: while it opens, the page behind shows through its backdrop.
  await expect(confirm).toBeVisible();
  await expectUsable(desk);
  await confirm.getByRole('button', { name: 'Run allotment' }).click();
  await expect(desk.getByText(`IPO ${id} allotted: 200 shares to 2 applications`)).toBeVisible();
  const outcome = ipoPanel.getByTestId('allotment');
  await expect(outcome.getByTestId('draw-seed')).toHaveText(/^[0-9a-f]{32}$/);
  await expect(outcome).toContainText('2 for 600 shares');
  await expect(ipoRow).toContainText('Allotted');
  await desk.screenshot({ path: test.info().outputPath('ops-ipo-allotted.png') });
  await expectUsable(desk);

  // The seed stays with the issue: a fresh page shows it from the list.
  const seed = await outcome.getByTestId('draw-seed').innerText();
  await desk.reload();
  await rowOf(id).click();
  await expect(desk.getByRole('complementary').getByTestId('draw-seed')).toHaveText(seed);
  await desk.context().close();
});

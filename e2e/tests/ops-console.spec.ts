import { test, expect, expectUsable } from './fixtures';
import { freshPhone, inr, operatorCredentials, PASSWORD, registerByApi } from './helpers';

// The operators' console is desktop-first: a wide table beside its side navigation.
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, userAgent: undefined });

/** An investor's deposit request, made through the API as the wallet screen makes it; its payment reference. */
async function requestDeposit(request: Parameters<typeof registerByApi>[0], minor: number): Promise<{ user: string; paymentRef: string }> {
  const user = await registerByApi(request, freshPhone());
  const login = await request.post('/api/stock/user/login', { data: { user, password: PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const paymentRef = `UTR${Date.now()}`;
  const res = await request.post('/api/stock/success/v2/recharge/add', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `ops-console-${paymentRef}` },
    data: { count: minor, payment_ref: paymentRef },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { user, paymentRef };
}

test('an operator signs in at /ops/ and completes the deposit an investor requested; every queue page is usable', async ({ page, request }, testInfo) => {
  const { user, paymentRef } = await requestDeposit(request, 750_000);
  const operator = operatorCredentials();

  await page.goto('/ops/');
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
  await expectUsable(page);
  await page.getByLabel('Operator name').fill(operator.user);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/ops\/deposits$/);
  await expect(page.getByRole('heading', { name: 'Deposits' })).toBeVisible();
  // The investor's session is not the operator's: the console keeps its own.
  expect(await page.evaluate(() => [localStorage.getItem('token'), Boolean(localStorage.getItem('ops.token'))])).toEqual([null, true]);

  const row = page.getByTestId('queue-row').filter({ hasText: paymentRef });
  await expect(row).toContainText(user);
  await expect(row).toContainText(inr(750_000));
  // From the keyboard: the row is a tab stop, Enter opens it beside the table.
  await row.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary');
  await expect(panel.getByRole('heading', { name: /^Deposit \d+$/ })).toBeVisible();
  await expect(panel).toContainText(paymentRef);
  await page.screenshot({ path: testInfo.outputPath('ops-deposits.png') });
  await expectUsable(page);

  await panel.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText(/^Deposit \d+ completed$/)).toBeVisible();
  await expect(row).toHaveCount(0);

  for (const [link, heading] of [
    ['Withdrawals', 'Withdrawals'],
    ['Real-name checks', 'Real-name checks'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(/Page \d+ of \d+/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`ops-${link.toLowerCase().replace(/\W+/g, '-')}.png`) });
    await expectUsable(page);
  }

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
});

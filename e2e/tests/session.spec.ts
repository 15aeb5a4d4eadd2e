import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginByUi, open, PASSWORD, registerByApi, tokenOf } from './helpers';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** The login form is on screen where a user looks for it: its heading and button inside the first screenful. */
async function expectLoginOnScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeInViewport();
  const pageHeight = await page.evaluate(() => document.scrollingElement!.scrollHeight);
  expect(pageHeight, 'no empty area left above or below the form').toBeLessThanOrEqual(page.viewportSize()!.height);
}

async function logInOnForm(page: Page, phone: string): Promise<void> {
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a token the server rejects lands on a usable login screen, which says why and leads back to the page', async ({ page, request }) => {
  const phone = await registerByApi(request);
  await loginByUi(page, phone);
  await open(page, '/account');
  await expect(page.getByRole('region', { name: 'My wallet' })).toBeVisible();
  // The server revokes the token behind the page's back (another device logged out, or it expired).
  const revoked = await request.post('/api/stock/success/user/logout', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(revoked.status()).toBe(200);

  await open(page, '/account/changes');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fchanges$/);
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
  await expectLoginOnScreen(page);

  await logInOnForm(page, phone);
  await expect(page).toHaveURL(/\/account\/changes$/);
  await expect(page.getByRole('heading', { name: 'Bill list' })).toBeVisible();
});

test('after a logout of the user’s own the login form is on screen, empty of the password, silent about sessions', async ({ page, request }) => {
  const phone = await registerByApi(request);
  await loginByUi(page, phone);
  await open(page, '/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectLoginOnScreen(page);
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // A logout of one's own starts afresh at home.
  await logInOnForm(page, phone);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('a deep link opened logged out leads to the login, and the login to the link', async ({ page, request }) => {
  const phone = await registerByApi(request);
  await page.goto('/stock/trading/TCS.NS/IN/Tata%20Consultancy?type=sell');
  await expect(page).toHaveURL(/\/login\?next=/);
  await expectLoginOnScreen(page);
  await logInOnForm(page, phone);
  await expect(page).toHaveURL(/\/stock\/trading\/TCS\.NS\/IN\/Tata%20Consultancy\?type=sell$/);
  await expect(page.getByRole('tab', { name: 'Sell', selected: true })).toBeVisible();
});

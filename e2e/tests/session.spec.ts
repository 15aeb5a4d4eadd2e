import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi, tokenOf } from './helpers';

const SESSION_ENDED = 'Your session has ended. Please log in again.';

test('a token the server rejects lands on the login screen, which says why', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  // The server revokes the token behind the page's back (another device logged out, or it expired).
  const revoked = await request.post('/api/stock/success/user/logout', { headers: { Authorization: `Bearer ${await tokenOf(page)}` } });
  expect(revoked.status()).toBe(200);

  await open(page, '/account');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
});

test('after a logout of the user’s own the login screen says nothing of an ended session', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
});

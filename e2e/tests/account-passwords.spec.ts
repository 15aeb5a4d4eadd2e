import { expect, test } from './fixtures';
import { loginByUi, open, PASSWORD, registerByApi } from './helpers';

// The login password and the transaction password against the real API, in Chromium at a phone viewport.

test('changing the login password logs out the same user in another browser, and keeps this one', async ({ page, request, browser }) => {
  const phone = await registerByApi(request);
  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const other = await elsewhere.newPage();
    await loginByUi(other, phone);
    await open(other, '/account');
    await expect(other.getByText(phone)).toBeVisible();

    await loginByUi(page, phone);
    await open(page, '/settings');
    await page.getByRole('link', { name: 'Login password' }).click();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('changed-456');
    await page.getByLabel('Confirm new password').fill('changed-456');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/settings$/);

    // The other browser, left on its account page, is told at once: a password change closes that session's event
    // stream, and it is back at login, which will return it to its account page.
    await expect(other).toHaveURL(/\/login\?next=%2Faccount$/, { timeout: 40_000 });
    await expect(other.getByText('Your session has ended. Please log in again.').first()).toBeVisible();
    // This one still works.
    await open(page, '/account');
    await expect(page.getByText(phone)).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test('a wrong current password is refused with its message', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/settings/login-password');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('changed-456');
  await page.getByLabel('Confirm new password').fill('changed-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('login-password-failed')).toHaveText('Incorrect password');
  await expect(page).toHaveURL(/\/settings\/login-password$/);
});

test('the transaction-password dialog moves focus by its rules and saves only 6 equal digits', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await open(page, '/settings');
  const row = page.getByTestId('transaction-password-row');
  await expect(row).toContainText('Not set');
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Set transaction password' });
  const first = dialog.getByLabel('Transaction password (6 digits)');
  const confirm = dialog.getByLabel('Confirm transaction password');
  const save = dialog.getByTestId('trade-password-save');
  await expect(first).toBeFocused();

  await page.keyboard.type('12345');
  await expect(first).toBeFocused();
  await page.keyboard.type('6');
  // The sixth digit moves on to the confirm field.
  await expect(confirm).toBeFocused();
  await expect(save).toBeDisabled();
  // Backspace on the empty confirm field goes back to the first.
  await page.keyboard.press('Backspace');
  await expect(first).toBeFocused();
  await expect(first).toHaveValue('123456');

  await confirm.click();
  await page.keyboard.type('123457');
  await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match');
  await expect(save).toBeDisabled();
  await page.keyboard.press('Backspace');
  await expect(confirm).toBeFocused();
  await page.keyboard.type('6');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('trade-password-dialog.png') });
  await save.click();
  await expect(page.getByText('Transaction password set successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Set');
});

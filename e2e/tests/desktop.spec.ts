import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36' });

test('a desktop visitor is told to open the page on a phone, and can continue', async ({ page }) => {
  await page.goto('/login');
  const note = page.getByRole('note');
  await expect(note).toContainText('open this page on your mobile phone');
  await note.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(note).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(note).toBeHidden();
});

import { expect, test } from './fixtures';
import { loginByUi, registerByApi } from './helpers';

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

test('the desktop note is the first thing on every screen, seen without scrolling', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  const note = page.getByRole('note');
  for (const path of ['/', '/markets', '/watchlists', '/account']) {
    await page.goto(path);
    await expect(page.locator('#remotes')).not.toBeEmpty();
    await expect(note, path).toBeInViewport();
    expect(await note.evaluate((el) => Math.round(el.getBoundingClientRect().top)), path).toBe(0);
  }
});

import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi } from './helpers';

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('the header back arrow on a deep-linked page goes home, never out of the app', async ({ page }) => {
  // The reader arrives from another site (a search result, a shared link) straight on an inner page.
  await page.goto('data:text/html,<title>elsewhere</title>');
  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('inside the app the header back arrow goes to the previous screen', async ({ page }) => {
  await open(page, '/markets');
  await expect(page.getByRole('heading', { name: 'Markets', exact: true })).toBeVisible();
  await page.getByTestId('stock-row').first().click();
  await expect(page).toHaveURL(/\/stock\/v2\//);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/markets$/);
});

test('a link with a dotted code opened on a fresh page loads the app, not a plain 404', async ({ page }) => {
  const res = await page.goto('/trading/TCS.NS');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-type']).toContain('text/html');
  await expect(page.locator('#remotes')).not.toBeEmpty();
  await expect(page.locator('#app-loading')).toHaveCount(0);
});

test('pressing a nav tab starts fetching its section before the tap ends', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade' });
  const fetched = page.waitForRequest(/\/remotes\/trading\//);
  await tab.dispatchEvent('pointerdown');
  await fetched;
  await expect(page).toHaveURL(/\/$/);
  await tab.click();
  await expect(page).toHaveURL(/\/trade$/);
  await expect(page.getByRole('heading', { name: 'Positions' })).toBeVisible();
});

test('a screen whose code is still downloading shows its bar, and its back arrow already works', async ({ page }) => {
  // A slow link for the news screen's code alone: its chunk (the one that asks for the screen's texts by key) is held until the
  // test lets it go; the remote's start arrives as usual.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/markets\/[^/]+\/\d+\.[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('"news.perPage"')) await held;
    await route.fulfill({ response, body });
  });
  // The held chunk may be one the page itself asks for (its route's hints): the page's load waits for it too.
  await page.goto('/news', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'News' })).toHaveCount(0);
  // Opened on this page: back leads home, before the screen has arrived.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  release();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.goto('/news');
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
});

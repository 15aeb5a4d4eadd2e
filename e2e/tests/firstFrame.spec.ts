import { expect, test } from './fixtures';
import { loginByUi, nextFrames, registerByApi } from './helpers';

// Home's first frame (@invest/web's first-frame.ts): the page itself carries home as it draws before any price, so a
// phone paints it with the HTML; the app takes it over without a second copy, a layout shift or a second request.

const frame = (page: import('@playwright/test').Page) => page.locator('#prerender');

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('home paints from the page alone, before any of the app’s code has come', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.reload();
  await expect(frame(page).getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(frame(page).getByText('Stock name or code')).toBeVisible();
  for (const name of ['India', 'United States', 'NIFTY 50', 'S&P 500']) await expect(frame(page).getByText(name, { exact: true })).toBeVisible();
  await expect(page.locator('#app-loading')).toBeHidden();
  await page.screenshot({ path: 'test-results/first-frame-alone.png' });
});

test('the app takes home over from its frame: one home, prices, nothing asked for twice, nothing refused', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  // What the frame drew from: the categories and each card's line.
  const repeated: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(stock\/category\/list|v2\/yahoo\?.*view=spark)/.test(r.url())) repeated.push(r.url());
  });
  await page.reload();
  await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();
  await expect(frame(page)).toHaveCount(0);
  await expect(page.locator('#prerender-state')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Home' })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible(); // the shell's nav
  // The categories and the cards' lines came with the page; the app did not ask for them again (live quotes move
  // the prices on).
  expect(repeated).toEqual([]);
  expect(refused).toEqual([]);
  // Nothing moved when the frame gave way (it covers the page; the screen was drawn under it). A shift is recorded
  // as its frame renders: two frames on, the frame's removal has been measured.
  await nextFrames(page);
  const shifted = await page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    // Buffered entries are queued on observe: takeRecords has them at once (no callback comes when there are none).
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as unknown as { value: number }[];
    observer.disconnect();
    return entries.reduce((total, e) => total + e.value, 0);
  });
  expect(shifted).toBeLessThan(0.05);
});

test('without a session, or with another language stored, the page shows its loading screen, not the frame', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await page.reload();
  await expect(page.locator('#app-loading')).toBeVisible();
  await expect(frame(page)).toBeHidden();
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator('#app-loading')).toBeVisible();
  await expect(frame(page)).toBeHidden();
  // With the code, a logged-out visitor gets the login screen and never sees home.
  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(frame(page)).toHaveCount(0);
});

const STOCK = '/stock/v2/RELIANCE.NS/Reliance%20Industries';
const chartOf = (scope: import('@playwright/test').Locator | import('@playwright/test').Page) => scope.getByRole('img', { name: /^Real time chart, \d+ points/ });

test('a stock’s detail paints its price and its chart from the page alone', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(STOCK);
  await expect(frame(page).getByRole('heading', { name: 'Reliance Industries' })).toBeVisible();
  await expect(frame(page).getByTestId('detail-price')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await expect(chartOf(frame(page))).toBeVisible();
  await expect(frame(page).locator('[data-testid="chart-1m"] svg path').first()).toBeAttached();
  await page.screenshot({ path: 'test-results/first-frame-stock.png' });
});

test('the app takes a stock’s detail over from its frame: the same chart, then the library’s, the rows not asked for again', async ({ page }) => {
  const rowsAsked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v2\/yahoo\?.*symbol=RELIANCE\.NS/.test(r.url()) && !/mold=(1d|1wk|1mo)/.test(r.url())) rowsAsked.push(r.url());
  });
  await page.goto(STOCK);
  await expect(page.locator('[data-testid="chart-1m"] canvas').first()).toBeVisible();
  await expect(frame(page)).toHaveCount(0);
  await expect(chartOf(page)).toHaveCount(1);
  expect(rowsAsked).toEqual([]);
  // Another period draws at once as a sketch or the library's chart, never a blank.
  await page.getByRole('tab', { name: 'Day K' }).click();
  await expect(page.getByRole('img', { name: /^Day K chart, \d+ points/ })).toBeVisible();
});

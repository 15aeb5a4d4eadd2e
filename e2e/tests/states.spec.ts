import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi, tokenOf } from './helpers';

// What a screen shows when its data does not come: an offline or retry state, never an empty one; old prices
// marked as old; and an unknown code said plainly, with nothing polling behind it.

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('offline, home marks its prices stale and the watchlist and markets say offline instead of empty', async ({ page, context, request }) => {
  const favourite = await request.post('/api/stock/success/collection/add', { headers: { Authorization: `Bearer ${await tokenOf(page)}` }, data: { symbol: 'TCS.NS' } });
  expect(favourite.status()).toBe(200);
  await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('stale-notice')).toContainText(/^Offline — prices as of \d\d:\d\d/, { timeout: 20_000 });
  // Frozen prices are never labelled as a market that is open.
  await expect(page.getByTestId('market-status')).toHaveCount(0);

  // A search says it is offline, not that nothing matches; it runs by itself once the connection is back.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('searchbox').fill('Reliance');
  await expect(page.getByRole('dialog').getByTestId('load-error')).toContainText("You're offline");
  await expect(page.getByText('No matching stocks')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('dialog').getByRole('link').first()).toContainText('Reliance');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(true);

  await open(page, '/watchlists');
  await expect(page.getByRole('heading', { name: 'Watchlists' })).toBeVisible();
  await expect(page.getByTestId('load-error')).toContainText("You're offline");
  await expect(page.getByTestId('watch-empty')).toHaveCount(0);

  await open(page, '/markets');
  await expect(page.getByTestId('load-error')).toContainText("You're offline");
  await expect(page.getByText('No stocks to show')).toHaveCount(0);

  // Back online, the list comes by itself: the queries ask again on reconnection (Retry has its own test below).
  await context.setOffline(false);
  await expect(page.getByTestId('stock-row').first()).toBeVisible();
  await expect(page.getByTestId('load-error')).toHaveCount(0);
});

test('offline, a screen that does not poll says so over what it shows; the note goes once online', async ({ page, context }) => {
  await open(page, '/ipo');
  await expect(page.getByTestId('ipo').first()).toBeVisible();
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);

  // Nothing on this screen asks the server again: the connection alone says the issues may be out of date.
  await context.setOffline(true);
  await expect(page.getByTestId('stale-notice')).toHaveText(/^Offline — last updated \d\d:\d\d$/);
  await expect(page.getByTestId('ipo').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('ipo-offline.png') });

  await context.setOffline(false);
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
  await expect(page.getByTestId('ipo').first()).toBeVisible();
});

test('a list the server fails to give shows a retry state, and Retry loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/api/v2/stock/list**', (route) => (fail ? route.fulfill({ status: 500, json: { msg: 'no', data: 'internal' } }) : route.fallback()));
  await open(page, '/markets');
  const error = page.getByTestId('load-error');
  await expect(error).toContainText('This could not load');
  await expect(page.getByText('No stocks to show')).toHaveCount(0);
  fail = false;
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('stock-row').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('prices that stop updating say since when', async ({ page }) => {
  // No quote stream: the detail polls its chart call for prices; the first answers come, then none.
  let failing = false;
  await page.route('**/api/v2/quotes/stream**', (route) => route.fulfill({ status: 503, json: { msg: 'no', data: 'unavailable' } }));
  await page.route('**/api/v2/yahoo**', (route) => (failing ? route.fulfill({ status: 503, json: { msg: 'no', data: 'unavailable' } }) : route.fallback()));
  await open(page, '/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd');
  await expect(page.getByTestId('detail-price')).toBeVisible();
  failing = true;
  await expect(page.getByTestId('stale-notice')).toContainText(/^Not updated — prices as of \d\d:\d\d/, { timeout: 30_000 });
  await expect(page.getByTestId('detail-price')).toBeVisible();
});

test('an unknown code says so, stops asking the server and keeps its star locked', async ({ page }) => {
  // The page's timers on Playwright's clock from its start (hence the reload), so the test can move time past the
  // polling period instead of waiting it out.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('NOPE') && asked.push(r.url()));
  await open(page, '/stock/v2/NOPE.NS/undefined');
  await expect(page.getByTestId('not-found')).toContainText('No stock with this code');
  await expect(page.getByTestId('favourite')).toBeDisabled();

  const before = asked.length;
  // Polling ran every 3 s: a poll due in these two periods on the page's clock would have sent a request.
  await page.clock.runFor(7000);
  expect(asked.slice(before)).toEqual([]);
  await expect(page.getByTestId('favourite')).toBeDisabled();
});

test('a section opened offline comes back by itself once online, and so do its other screens', async ({ page, context }) => {
  await context.setOffline(true);
  await open(page, '/account/changes');
  const failed = page.getByTestId('retry-panel');
  // It says the connection is the reason, and that it comes back by itself.
  await expect(failed).toContainText("You're offline");
  await expect(failed).toContainText('opens by itself once you are connected again');
  // It can be left: its bar has a back arrow.
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  // A sibling route of the same section says the same while offline.
  await open(page, '/recharge');
  await expect(failed).toBeVisible();

  // No tap: the connection coming back is enough.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Recharge' })).toBeVisible();
  await open(page, '/account/changes');
  await expect(page.getByRole('heading', { name: 'Bill list' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a screen of a loaded section that failed offline does not break the others, and returns when online', async ({ page, context }) => {
  await open(page, '/account/changes');
  await expect(page.getByRole('heading', { name: 'Bill list' })).toBeVisible();
  await context.setOffline(true);
  await open(page, '/loan');
  await expect(page.getByTestId('retry-panel')).toContainText("You're offline");
  // The screen that is already here still opens.
  await open(page, '/account/changes');
  await expect(page.getByRole('heading', { name: 'Bill list' })).toBeVisible();
  // Back to the failed one after the connection returned while it was not on screen.
  await context.setOffline(false);
  // The page knows it is online (the failed screen's load is redone only when drawn online).
  await page.waitForFunction(() => navigator.onLine);
  await open(page, '/loan');
  await expect(page.getByRole('heading', { name: 'Loan' })).toBeVisible();
  await expect(page.getByTestId('retry-panel')).toHaveCount(0);
});

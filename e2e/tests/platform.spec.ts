import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi } from './helpers';

/** One route of each remote, and the remote whose manifest (`/remotes/<short>/<version>/mf-manifest.json`) it fetches. */
const REMOTE_ROUTES = [
  { path: '/markets', remote: 'markets', title: 'Markets' },
  { path: '/trade', remote: 'trading', title: 'Positions' },
  { path: '/account/changes', remote: 'wallet', title: 'Bill list' },
  { path: '/ipo', remote: 'products', title: 'IPO' },
  { path: '/account', remote: 'account', title: null },
];
const MANIFEST = /^\/remotes\/([^/]+)\/[^/]+\/mf-manifest\.json$/;


test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('each remote mounts on its route, is fetched only then, and shares the page’s React, router and libraries', async ({ page }) => {
  const manifests: string[] = [];
  const manifestUrls: string[] = [];
  const requested: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    requested.push(url.pathname);
    const remote = MANIFEST.exec(url.pathname)?.[1];
    if (remote) {
      manifests.push(remote);
      manifestUrls.push(url.pathname);
    }
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  expect(manifests).toEqual(['markets']);

  for (const r of REMOTE_ROUTES) {
    await open(page, r.path);
    if (r.title) await expect(page.getByRole('heading', { name: r.title, exact: true })).toBeVisible();
    else await expect(page.getByTestId('total-assets')).toBeVisible();
    expect(manifests).toContain(r.remote);
  }
  // Exactly one remote is mounted at a time.
  const mounted = await page.locator('#remotes > div:not(:empty)').count();
  expect(mounted).toBe(1);

  // Every shared module came from the page (the shell's build, whose versions every remote accepts): no remote's
  // own copy of one was downloaded, and the shell's was.
  const shared = async (manifestUrl: string) => {
    const manifest = (await (await page.request.get(manifestUrl)).json()) as { shared: { name: string; assets: { js: { sync: string[] } } }[] };
    const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    return new Map(manifest.shared.map((s) => [s.name, s.assets.js.sync.map((f) => `${dir}${f}`)]));
  };
  const ownCopies = (await Promise.all(manifestUrls.map(shared))).flatMap((m) => [...m.values()].flat());
  expect(ownCopies.length).toBeGreaterThan(0);
  expect(requested.filter((f) => ownCopies.includes(f))).toEqual([]);
  const pageCopies = await shared('/mf-manifest.json');
  for (const pkg of ['react', 'react-dom/client', 'react/jsx-runtime', 'react-router-dom', '@invest/runtime', '@invest/shared']) {
    expect(pageCopies.get(pkg)?.length, pkg).toBeGreaterThan(0);
    for (const file of pageCopies.get(pkg)!) expect(requested, `${pkg}: ${file}`).toContain(file);
  }
});

test('a deep link asks for its remote with the page: the hinted files, each once, as the runtime asks for them', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    const pathname = new URL(r.url()).pathname;
    if (pathname.startsWith('/remotes/')) asked.push(pathname);
  });
  await page.goto('/trade');
  await expect(page.getByRole('heading', { name: 'Positions', exact: true })).toBeVisible();
  const hinted = await page.locator('head link[rel="preload"][href^="/remotes/trading/"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
  expect(hinted.some((href) => href.endsWith('/mf-manifest.json'))).toBe(true);
  expect(hinted.some((href) => href.endsWith('/remoteEntry.js'))).toBe(true);
  for (const href of hinted) expect(asked).toContain(href);
  // A hint in another request mode than the runtime's would be fetched twice.
  expect(asked.filter((p, i) => asked.indexOf(p) !== i)).toEqual([]);
});

test('the bus carries the shell’s pause/resume to a remote: polling stops in the background', async ({ page }) => {
  // The page's timers on Playwright's clock from its start (hence the reload), so the test can move time past the
  // polling period instead of waiting it out.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await open(page, '/account');
  await expect(page.getByTestId('total-assets')).toBeVisible();
  const infoCalls: number[] = [];
  page.on('request', (r) => r.url().includes('/api/stock/success/v2/user/info') && infoCalls.push(Date.now()));

  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  await setVisibility('hidden');
  infoCalls.length = 0;
  // Two 3 s polling periods on the page's clock: a poll still running would have sent a request by now.
  await page.clock.runFor(7000);
  expect(infoCalls).toHaveLength(0);

  const resumedAt = Date.now();
  await setVisibility('visible');
  await expect.poll(() => infoCalls.length, { timeout: 2000 }).toBeGreaterThan(0);
  expect(infoCalls[0]! - resumedAt).toBeLessThan(1500);
});

test('a remote that fails to load shows a retry panel; the rest keeps working; retry reloads it', async ({ page }) => {
  let fail = true;
  await page.route('**/remotes/wallet/*/mf-manifest.json', (route) =>
    fail ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
  );
  await open(page, '/account/changes');
  const panel = page.getByTestId('retry-panel');
  await expect(panel).toContainText('This section could not load');

  await open(page, '/markets');
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await expect(panel).toBeHidden();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Me', exact: true }).click();
  await expect(page.getByTestId('total-assets')).toBeVisible();

  await open(page, '/recharge');
  await expect(panel).toBeVisible();
  fail = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Recharge' })).toBeVisible();
  await expect(panel).toBeHidden();
});

/**
 * What a build of mf-account against @invest/runtime 2 carries where the page's shell has 1: the runtime it asks the
 * page for (webpack's parsed range: `[1, 2, 0, 0]` is `^2.0.0`) and the one it provides. Written into the served
 * entry, not its manifest, so webpack's own strict check refuses it (the shell's check of the manifest, before the
 * entry runs, is the independent test's); no second build, and the shell and the other remotes are the real ones.
 */
const ANOTHER_RUNTIME_MAJOR = (entry: string) =>
  entry
    .replace(/("@invest\/runtime",!1,)\[1,1,\d+,\d+\]/g, '$1[1,2,0,0]')
    .replace(/(\("@invest\/runtime",)"1\.\d+\.\d+"/g, '$1"2.0.0"');

test('a remote built for another major of the runtime is refused with its retry panel and one console error; the rest works', async ({ page }) => {
  let rewritten = 0;
  await page.route('**/remotes/account/*/remoteEntry.js', async (route) => {
    const res = await route.fetch();
    const entry = ANOTHER_RUNTIME_MAJOR(await res.text());
    rewritten += Number(entry.includes('"@invest/runtime",!1,[1,2,0,0]') && entry.includes('("@invest/runtime","2.0.0"'));
    await route.fulfill({ response: res, body: entry, headers: { ...res.headers(), 'content-encoding': '' } });
  });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await open(page, '/account');
  await expect(page.getByTestId('retry-panel')).toContainText('This section could not load');
  expect(rewritten).toBe(1);
  // One clear message, naming the app, for the refusal; nothing else went wrong.
  expect(errors.filter((e) => e.includes('[shell] mf-account unavailable'))).toHaveLength(1);
  expect(errors.filter((e) => !e.includes('[shell] mf-account unavailable'))).toEqual([]);
  // The page's runtime is still the one: the rest of the app works.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Markets' })).toBeVisible();
  await open(page, '/account/changes');
  await expect(page.getByRole('heading', { name: 'Bill list', exact: true })).toBeVisible();
});

test('the app starts when its initial data fails to load', async ({ page }) => {
  await page.route('**/api/stock/category/list', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('#app-loading')).toHaveCount(0);
});

test('the bottom nav follows the route flags and hides under a dialog', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Market', 'Watch', 'Trade', 'Me']);
  await open(page, '/news');
  await expect(nav).toBeHidden();
  await open(page, '/settings');
  await expect(nav).toBeHidden();
  await open(page, '/watchlists');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Trade' }).click();
  await expect(page).toHaveURL(/\/trade$/);
  await expect(page.getByRole('heading', { name: 'Positions' })).toBeVisible();
});

test('language: English is offered, the others stay hidden; the choice is stored and reloads the page', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('locale', 'zh'));
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['首页', '行情', '自选', '交易', '我的']);
  await open(page, '/settings');
  await page.getByRole('button', { name: '语言' }).click();
  const options = page.getByRole('dialog').getByRole('button');
  await expect(options).toHaveText(['English']);
  await Promise.all([page.waitForEvent('load'), options.first().click()]);
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

/**
 * The app opens offline (shell/src/offline): once a visit has run, a fresh load without a network shows the app's
 * own screens with the last data they had; and while online the service worker never stands between a deploy and
 * the next load. This test runs a server of its own with releases of its own, so that it can deploy a new release of
 * mf-markets and repoint remotes.json as operators do without touching the release every other test runs on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@invest/api';
import { releaseFileUrl } from '@invest/shared/release-path';
import { publish, publishAll, REMOTES, registerWeb, writeRegistry } from '@invest/web';
import { demoConfig, demoSession, type DemoSession } from '../../scripts/demo-app';
import { expect, test } from './fixtures';
import { freshPhone, open } from './helpers';
import type { Page, Response } from '@playwright/test';

const PORT = Number(process.env.E2E_OFFLINE_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1000);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const MARKETS = REMOTES.find((r) => r.dir === 'mf-markets')!;

test.use({ baseURL: BASE_URL, serviceWorkers: 'allow' });

let app: FastifyInstance;
let session: DemoSession;
let releases: string;
let remotesFile: string;
let registry: Record<string, string>;
/** A call the shell makes as it starts, logged in (the service icons' badge), and the deployment's public settings. */
const UNREAD_COUNT = '/api/stock/success/user_message/unread-count';
const SETTINGS = '/api/v2/config';
/** The paths the server was asked for: offline, none. */
const served: string[] = [];

const repoint = (manifestUrl: string) => {
  registry = { ...registry, [MARKETS.container]: manifestUrl };
  writeRegistry(remotesFile, registry);
};
const versionIn = (manifestUrl: string) => manifestUrl.split('/')[3]!;

/**
 * A new release of mf-markets, as a team would publish it: its build with one text changed (home's "Indices"), so a
 * page shows which release it runs. Published beside the running one, nothing else touched.
 */
function publishChangedMarkets(marker: string): string {
  const current = path.join(releases, MARKETS.short, versionIn(registry[MARKETS.container]!));
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-markets-build-'));
  fs.cpSync(current, build, { recursive: true });
  // The text is in the code the shell mounts, and in the remote's standalone page's copy of it.
  const texts = fs.readdirSync(build).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(build, f), 'utf8').includes('indices:"Indices"'));
  expect(texts).toContainEqual(expect.stringMatching(/^lifecycles\./));
  for (const file of texts.map((f) => path.join(build, f))) {
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('indices:"Indices"', `indices:"${marker}"`));
    // Its compressed copies said the old text: the server sends the file itself.
    for (const copy of [`${file}.br`, `${file}.gz`]) fs.rmSync(copy, { force: true });
  }
  const manifestUrl = publish(MARKETS, build, releases);
  fs.rmSync(build, { recursive: true, force: true });
  return manifestUrl;
}

/** The release a page's mf-markets files came from. */
function marketsReleases(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (res: Response) => {
    const m = new RegExp(`/remotes/${MARKETS.short}/([^/]+)/`).exec(new URL(res.url()).pathname);
    if (m) seen.add(m[1]!);
  });
  return seen;
}

/** How the browser routed each API call the page made (its resource timing): by the worker, or past it. */
const apiSources = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
        .map((e) => [new URL(e.name).pathname, (e as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType ?? 'none']),
    ),
  );

/** Every URL the service worker's caches keep. */
const keptUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });

/**
 * A fresh load while offline: the app's own home with the last data it had (its indices under `indices`, their prices
 * marked as old), asking the server for nothing.
 */
async function expectHomeOffline(page: Page, indices: string): Promise<void> {
  served.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: indices, exact: true })).toBeVisible();
  await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();
  await expect(page.getByTestId('stale-notice')).toContainText(/^Offline — prices as of \d\d:\d\d/);
  await expect(page.getByText('No market data available right now')).toHaveCount(0);
  // The page, its code, remotes.json and the settings came from the service worker's caches, its data from the app's
  // own. (A call the page before made online may still land as it goes: Chromium sends one it had queued after
  // the switch, past the emulation. The API calls of this page cannot reach the server.)
  expect(served.filter((url) => !url.startsWith('/api/') || url.startsWith(SETTINGS))).toEqual([]);
}

test.beforeAll(async () => {
  expect(await fetch(`${BASE_URL}/api/v2/config`).then((r) => r.status, () => 0), `port ${PORT} is taken`).toBe(0);
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-offline-releases-'));
  remotesFile = path.join(releases, 'remotes.json');
  registry = publishAll(releases);
  writeRegistry(remotesFile, registry);
  const built = await buildApp(demoConfig('offline', { LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '10' }));
  app = built.app;
  app.addHook('onRequest', async (req) => void served.push(req.url));
  await registerWeb(app, { releasesDir: releases, remotesFile });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  session = await demoSession(app, built.seeded.inviteCode!, freshPhone());
});

test.afterAll(async () => {
  await app?.close();
  if (releases) fs.rmSync(releases, { recursive: true, force: true });
});

test('after one visit, a fresh load offline shows home with its last data; online, a repointed remote is what loads', async ({ page, context }) => {
  test.setTimeout(120_000);
  // Logged in as the login screen leaves a phone: the session in local storage.
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userInfo', s.userInfo);
    localStorage.setItem('login', 'true');
  }, session);
  await page.goto('/');
  await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();

  await test.step('the service worker takes the page over, and has stored what the page loaded before it existed', async () => {
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 }).toBe(`${BASE_URL}/sw.js`);
    // Already stored, not on their way: the install waits for them, so each script is kept with its compiled code.
    const startFiles = await page.evaluate(() => {
      const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.responseEnd <= loaded && /\.(js|css)$|\/mf-manifest\.json$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname);
    });
    const manifest = new URL(registry[MARKETS.container]!, BASE_URL).pathname;
    expect(startFiles).toEqual(expect.arrayContaining([expect.stringMatching(/^\/main\.[0-9a-f]{8}\.js$/), manifest, releaseFileUrl(MARKETS.short, versionIn(registry[MARKETS.container]!), 'remoteEntry.js')]));
    expect(await keptUrls(page)).toEqual(expect.arrayContaining(['/index.html', '/remotes.json', ...startFiles]));
  });

  await test.step("the API calls of a page it controls never wait for it: they go straight to the network", async () => {
    await page.reload();
    await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();
    await expect.poll(() => apiSources(page), { timeout: 15_000 }).toEqual(expect.objectContaining({ [UNREAD_COUNT]: 'network', [SETTINGS]: 'fetch-event' }));
  });

  await test.step('the positions screen opened once online: its code is kept', async () => {
    await open(page, '/trade');
    await expect(page.getByText('No stock positions yet')).toBeVisible();
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  await test.step('offline after that one visit, a fresh load is the app with its last data', async () => {
    await context.setOffline(true);
    await expectHomeOffline(page, 'Indices');
    await context.setOffline(false);
  });

  const v1 = registry[MARKETS.container]!;
  const v2 = publishChangedMarkets('Indices, release two');
  await test.step('a new release of mf-markets, repointed: the next load online runs it, through the service worker', async () => {
    repoint(v2);
    const seen = marketsReleases(page);
    // The page, with the registry in it, is the network's, handed on by the service worker.
    const answer = await page.reload();
    expect(answer?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Indices, release two' })).toBeVisible();
    expect([...seen]).toEqual([versionIn(v2)]);
  });

  await test.step('offline, a fresh load runs the release it last ran, with its last data', async () => {
    await context.setOffline(true);
    await expectHomeOffline(page, 'Indices, release two');
    await page.screenshot({ path: test.info().outputPath('home-offline.png') });
    // A section whose code this phone never fetched says it is offline, in the app, and the rest stays.
    await open(page, '/account/changes');
    await expect(page.getByTestId('retry-panel')).toContainText("You're offline");
    // A section whose code is kept opens, with the settings the worker kept, and says its own data needs a connection.
    await open(page, '/trade');
    await expect(page.getByTestId('load-error')).toHaveAttribute('data-reason', 'offline');
    await expect(page.getByTestId('load-error')).toContainText('Check your connection and try again.');
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  });

  await test.step('back online, a rollback is a repoint: the next load runs the release before', async () => {
    await context.setOffline(false);
    repoint(v1);
    const seen = marketsReleases(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Indices', exact: true })).toBeVisible();
    expect([...seen]).not.toContain(versionIn(v2));
  });

  await test.step('nothing personal is kept: of the API, only the public settings', async () => {
    await open(page, '/account');
    await expect(page.getByTestId('total-assets')).toBeVisible();
    const api = (await keptUrls(page)).filter((u) => u.startsWith('/api/'));
    expect(api).toEqual(['/api/v2/config']);
  });
});

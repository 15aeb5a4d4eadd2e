/**
 * `npm run test:independent`: the account team ships its remote alone. On the production build, served as operators
 * serve it (releases and remotes.json), the team changes mf-account in its own checkout (a new text, a new kit
 * component, a new contract call, with a minor of @invest/shared), builds only mf-account, publishes it beside the
 * release the page runs and repoints remotes.json. Then: a fresh load shows the change while every other file is
 * the one served before; a tab opened before the deploy keeps working and moves over once when its old code is gone;
 * a rollback is a repoint; a build for another major of the runtime is refused on its own routes only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { distOf, publish, publishAll, REMOTES, WEB_APPS, writeRegistry, type WebApp } from '@invest/web';
import { buildMissing } from '../../scripts/build-missing';
import base from '../playwright.config';
import { freshPhone, loginByUi, open, PASSWORD } from '../tests/helpers';
import { CHANGED_VERSIONS, makeAccountChange, MEMBER_SINCE, MEMBER_SINCE_PATH, requireRuntimeMajor } from './accountChange';
import { buildOne, checkoutForTeam, hashesOf } from './teamCheckout';

const PORT = Number(process.env.E2E_INDEPENDENT_PORT ?? 8191);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const SHELL = WEB_APPS[0];
const ACCOUNT = REMOTES.find((r) => r.dir === 'mf-account')!;
const OTHERS = REMOTES.filter((r) => r !== ACCOUNT);

let checkout: string;
let releases: string;
let remotesFile: string;
let server: ChildProcess;

/** remotes.json as the test last wrote it. */
let registry: Record<string, string>;
const repoint = (app: WebApp, manifestUrl: string) => {
  registry = { ...registry, [app.container]: manifestUrl };
  writeRegistry(remotesFile, registry);
};
const versionIn = (manifestUrl: string) => manifestUrl.split('/')[3]!;

async function startServer(): Promise<ChildProcess> {
  const child = spawn(path.join(checkout, 'node_modules', '.bin', 'tsx'), ['e2e/independent/serve.ts'], {
    cwd: checkout,
    env: { ...process.env, PORT: String(PORT), DATABASE_URL: 'memory://', RELEASES_DIR: releases, REMOTES_FILE: remotesFile, LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '10', MARKET_ALWAYS_OPEN: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await expect
    .poll(async () => {
      if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
      return fetch(`${BASE_URL}/api/v2/config`).then((r) => r.status, () => 0);
    }, { timeout: 120_000, intervals: [250] })
    .toBe(200);
  return child;
}

/** Every file on disk the page is served from, except the account remote's releases: what must not change. */
const servedExceptAccount = () => ({
  ...Object.fromEntries(Object.entries(hashesOf(path.join(checkout, 'shell', 'dist'))).map(([f, h]) => [`shell/${f}`, h])),
  ...Object.fromEntries(OTHERS.flatMap((r) => Object.entries(hashesOf(path.join(releases, r.short))).map(([f, h]) => [`${r.short}/${f}`, h]))),
});

/** A phone's browser of its own (its own cache), as the other browser tests configure it. */
async function newPhone(browser: Browser): Promise<Page> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = base.use ?? {};
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL: BASE_URL, serviceWorkers: 'block' });
  return context.newPage();
}

/** The web files (not the page, the API or remotes.json) a page downloads, by URL, with the sha-256 of their bytes. */
function recordFiles(page: Page): Map<string, string> {
  const files = new Map<string, string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (res.request().resourceType() === 'document' || url.pathname.startsWith('/api/') || url.pathname === '/remotes.json' || res.status() !== 200) return;
    void res.body().then(
      (body) => files.set(url.pathname, crypto.createHash('sha256').update(body).digest('hex')),
      () => undefined,
    );
  });
  return files;
}

/** Logs in and opens the account tab: the same way in, before and after the deploy. */
async function toAccount(page: Page, user: string) {
  await loginByUi(page, user, PASSWORD);
  await open(page, '/account');
  await expect(page.getByTestId('total-assets')).toBeVisible();
}

const memberSince = (page: Page) => page.getByRole('note').filter({ hasText: MEMBER_SINCE });
const accountFiles = (files: Map<string, string>) => [...files.keys()].filter((f) => f.startsWith(`/remotes/${ACCOUNT.short}/`));

test.beforeAll(async () => {
  test.setTimeout(10 * 60_000);
  // The production build every app ships from (CI built it already; a local run builds what is missing).
  await buildMissing((m) => console.log(`[build] ${m}`));
  checkout = checkoutForTeam();
  releases = path.join(checkout, 'releases');
  remotesFile = path.join(releases, 'remotes.json');
  // What is deployed before the change: the shell's build, and each remote's build published as a release.
  fs.cpSync(distOf(SHELL), path.join(checkout, 'shell', 'dist'), { recursive: true });
  registry = publishAll(releases);
  writeRegistry(remotesFile, registry);
  // The team's change; the API's part of it is deployed before the remote that calls it.
  makeAccountChange(checkout);
  server = await startServer();
});

test.afterAll(() => {
  server?.kill();
  if (checkout) fs.rmSync(checkout, { recursive: true, force: true });
});

test('one remote is deployed alone, rolled back by a repoint, and refused when built for another runtime major', async ({ browser }) => {
  const user = freshPhone();
  const reg = await fetch(`${BASE_URL}/api/stock/user/reg`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, password: PASSWORD, code: 'DEMO2026' }) });
  expect(reg.status).toBe(200);
  const v1 = registry[ACCOUNT.container]!;

  // A tab opened before the deploy: it runs the release it loaded.
  const oldTab = await newPhone(browser);
  const filesBefore = recordFiles(oldTab);
  await toAccount(oldTab, user);
  await expect(memberSince(oldTab)).toHaveCount(0);
  const before = servedExceptAccount();

  let v2 = '';
  await test.step('the account team builds only mf-account and publishes it beside the running release', () => {
    v2 = publish(ACCOUNT, buildOne(checkout, ACCOUNT.dir), releases, checkout);
    expect(versionIn(v2)).toMatch(new RegExp(`^${CHANGED_VERSIONS.account.replace(/\./g, '\\.')}-`));
    expect(v2).not.toBe(v1);
    // The new release asks for the library's new minor, which the page's shell does not have.
    const manifest = JSON.parse(fs.readFileSync(path.join(releases, ACCOUNT.short, versionIn(v2), 'mf-manifest.json'), 'utf8')) as { shared: { name: string; requiredVersion: string }[] };
    expect(manifest.shared.find((s) => s.name === '@invest/shared')?.requiredVersion).toBe(`^${CHANGED_VERSIONS.shared}`);
    // Nothing else was rebuilt: the shell and every other remote are byte for byte what was served; the old release stays.
    expect(servedExceptAccount()).toEqual(before);
    expect(fs.existsSync(path.join(releases, ACCOUNT.short, versionIn(v1), 'mf-manifest.json'))).toBe(true);
    repoint(ACCOUNT, v2);
  });

  const fresh = await newPhone(browser);
  await test.step('a fresh load shows the change, with the shell and the other remotes the files served before', async () => {
    const errors: string[] = [];
    fresh.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const files = recordFiles(fresh);
    const answered = fresh.waitForResponse((r) => r.url().endsWith(`/api${MEMBER_SINCE_PATH}`) && r.status() === 200);
    await toAccount(fresh, user);
    await answered;
    await expect(memberSince(fresh)).toContainText(/Member since \S/);
    expect(accountFiles(files).length).toBeGreaterThan(0);
    expect(accountFiles(files).every((f) => f.startsWith(`/remotes/${ACCOUNT.short}/${versionIn(v2)}/`))).toBe(true);
    for (const [file, hash] of files) if (!file.startsWith(`/remotes/${ACCOUNT.short}/`)) expect({ file, hash }).toEqual({ file, hash: filesBefore.get(file) });
    // The other remotes still share the page's copy of the library, and work.
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market', exact: true }).click();
    await expect(fresh.getByRole('heading', { name: 'Markets' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  await test.step('the tab opened before the deploy keeps working on its release, whose files are still served', async () => {
    const files = recordFiles(oldTab);
    await open(oldTab, '/settings');
    await expect(oldTab.getByRole('heading', { name: 'Settings' })).toBeVisible();
    expect(accountFiles(files).length).toBeGreaterThan(0);
    expect(accountFiles(files).every((f) => f.includes(`/${versionIn(v1)}/`))).toBe(true);
    await open(oldTab, '/account');
    await expect(oldTab.getByTestId('total-assets')).toBeVisible();
    await expect(memberSince(oldTab)).toHaveCount(0);
  });

  await test.step('when its old code is gone, that tab reloads once onto the current release, never in a loop', async () => {
    // The old release removed (an operator pruned it): the tab's next screen cannot load its code.
    await oldTab.route(`**/remotes/${ACCOUNT.short}/${versionIn(v1)}/**`, (route) => route.fulfill({ status: 404, body: '' }));
    let loads = 0;
    oldTab.on('load', () => (loads += 1));
    await open(oldTab, '/settings/bank-cards');
    await expect(oldTab.getByRole('heading', { name: 'Bank cards' })).toBeVisible();
    expect(loads).toBe(1);
    await open(oldTab, '/account');
    await expect(memberSince(oldTab)).toBeVisible();
    // Now the current release's code fails too: the app shows its retry panel instead of reloading again.
    await oldTab.route(`**/remotes/${ACCOUNT.short}/${versionIn(v2)}/**`, (route) => route.abort());
    await open(oldTab, '/settings/real-name');
    await expect(oldTab.getByTestId('retry-panel')).toBeVisible();
    expect(loads).toBe(1);
  });

  await test.step('rolling back is repointing remotes.json: the old release returns on the next load, nothing rebuilt', async () => {
    repoint(ACCOUNT, v1);
    const files = recordFiles(fresh);
    await fresh.reload();
    await open(fresh, '/account');
    await expect(fresh.getByTestId('total-assets')).toBeVisible();
    await expect(memberSince(fresh)).toHaveCount(0);
    expect(accountFiles(files).every((f) => f.includes(`/${versionIn(v1)}/`))).toBe(true);
    expect(servedExceptAccount()).toEqual(before);
  });

  await test.step('a build for another major of the runtime is refused on its routes, with one console error; the rest works', async () => {
    requireRuntimeMajor(checkout, 2);
    const v3 = publish(ACCOUNT, buildOne(checkout, ACCOUNT.dir), releases, checkout);
    repoint(ACCOUNT, v3);
    const errors: string[] = [];
    fresh.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await fresh.reload();
    await open(fresh, '/account');
    await expect(fresh.getByTestId('retry-panel')).toContainText('This section could not load');
    expect(errors.filter((e) => e.includes('[shell] mf-account unavailable'))).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('[shell] mf-account unavailable'))).toEqual([]);
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Market', exact: true }).click();
    await expect(fresh.getByRole('heading', { name: 'Markets' })).toBeVisible();
    expect(servedExceptAccount()).toEqual(before);
  });
});

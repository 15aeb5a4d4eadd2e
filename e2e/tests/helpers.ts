import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const INVITE = process.env.SEED_INVITE_CODE ?? 'DEMO2026';

/** Minor units as the screens show INR: ₹1,234.50, -₹23.60. */
export const inr = (minor: number) => `${minor < 0 ? '-' : ''}₹${(Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const PASSWORD = 'secret123';

let counter = 0;
/** A phone number no other test uses: 10 digits. */
export function freshPhone(): string {
  counter += 1;
  return `9${String(Date.now() % 1e7).padStart(7, '0')}${String(counter % 100).padStart(2, '0')}`;
}

/** Registers through the API (fast set-up for tests that are not about registration). */
export async function registerByApi(request: APIRequestContext, user = freshPhone(), password = PASSWORD): Promise<string> {
  const res = await request.post('/api/stock/user/reg', { data: { user, password, code: INVITE } });
  expect(res.status(), await res.text()).toBe(200);
  return user;
}

export async function loginByUi(page: Page, user: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Phone number', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login page loads the app at `/`; wait for home itself, so the app's start (its remote manifests included)
  // is over before the test goes on, and a test that counts requests counts only its own.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
}

/** Client-side navigation (single-spa reroutes on pushState), like a tap on an in-app link. */
export async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => window.history.pushState(null, '', p), path);
}

/**
 * Resolves once the page has rendered two more frames: work it queued for its next frame (a canvas paint, a layout
 * shift's measurement) is done. Not for a page on Playwright's clock, which fakes requestAnimationFrame.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The bearer token of the logged-in page. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

/** An error message shown on the form (role=alert), by its exact text. */
export const formError = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * The operator login: OPS_USER/OPS_PASSWORD when given, else what the server's first start wrote to its data folder.
 */
export function operatorCredentials(dataDir = process.env.E2E_DATA_DIR ?? ''): { user: string; password: string } {
  if (process.env.OPS_USER && process.env.OPS_PASSWORD) return { user: process.env.OPS_USER, password: process.env.OPS_PASSWORD };
  const file = path.join(dataDir, 'operator-credentials.json');
  const { user, password } = JSON.parse(fs.readFileSync(file, 'utf8')) as { user: string; password: string };
  return { user, password };
}

/** Logs an operator in through the ops API and returns the bearer token. */
export async function operatorToken(request: APIRequestContext, dataDir?: string): Promise<string> {
  const res = await request.post('/api/ops/login', { data: operatorCredentials(dataDir) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The signed-in page's bearer header, for API calls a test makes as that user. */
export const authOf = async (page: Page) => ({ Authorization: `Bearer ${await tokenOf(page)}` });

/** GET an API call as the page's user; its `data`. */
export async function apiGet<T>(request: APIRequestContext, page: Page, url: string): Promise<T> {
  const res = await request.get(url, { headers: await authOf(page) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Money in the page user's wallet: a deposit requested through the API and completed by an operator (ops API). */
export async function fund(request: APIRequestContext, page: Page, units: number, dataDir?: string): Promise<void> {
  const res = await request.post('/api/stock/success/v2/recharge/add', {
    headers: { ...(await authOf(page)), 'Idempotency-Key': `fund-${Date.now()}-${Math.random()}` },
    data: { count: units * 100 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = ((await res.json()) as { data: { id: number } }).data;
  const done = await request.post(`/api/ops/recharges/${id}/complete`, { headers: { Authorization: `Bearer ${await operatorToken(request, dataDir)}` }, data: {} });
  expect(done.status(), await done.text()).toBe(200);
}

/** `npm run ops -- <args>` against the test server, as an operator would type it; its output. */
export function opsCli(baseURL: string, ...args: string[]): Promise<string> {
  return opsCliOn({ baseURL }, ...args);
}

/** `npm run ops -- <args>` against a server of a test's own, whose first start wrote its operator to `dataDir`. */
export async function opsCliOn(server: { baseURL: string; dataDir?: string }, ...args: string[]): Promise<string> {
  const { baseURL } = server;
  const { user, password } = operatorCredentials(server.dataDir);
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, OPS_URL: baseURL, OPS_USER: user, OPS_PASSWORD: password },
    timeout: 60_000,
  });
  return stdout;
}

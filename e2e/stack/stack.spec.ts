/**
 * `npm run test:stack`: the production topology running natively (scripts/stack/run.ts: the edge nginx, the shell's
 * and each remote's nginx, the page server, two API replicas on PostgreSQL and Redis), tried as operators and
 * investors meet it: a replica stopped under load (SIGTERM, then SIGKILL), what replicas share, a remote repointed
 * and rolled back through the edge, and home's first frame and bytes through the edge. After `npm run build`.
 */
import crypto, { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Client } from 'pg';
import { distOf, REMOTES, WEB_APPS, writeRegistry } from '@invest/web';
import { startStack, type Stack } from '../../scripts/stack/run';
import { BUDGET_ROUTES, fileResolver, isChartFile, loadRoute, servedSize } from '../../scripts/route-bytes';
import base from '../playwright.config';
import { freshPhone, PASSWORD } from '../tests/helpers';

const PORT = Number(process.env.E2E_STACK_PORT ?? 8500);
const DATABASE = `invest_stack_test_${process.pid}`;
const ADMIN = process.env.STACK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS = 50;

let stack: Stack;
let dir: string;
let ops: string;
const logs: string[] = [];

/** A call through `url`'s server (the edge unless a replica's port is given): status and the envelope's data. */
async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: any }> {
  try {
    const res = await fetch(url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as { data?: unknown } | null;
    return { status: res.status, data: json?.data };
  } catch {
    return { status: 0, data: null };
  }
}
const edge = (p: string) => `${stack.base}/api${p}`;
const replica = (i: number, p: string) => `http://127.0.0.1:${stack.ports.api[i]}/api${p}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function user(): Promise<{ phone: string; token: string }> {
  const phone = freshPhone();
  expect((await call(edge('/stock/user/reg'), 'POST', { user: phone, password: PASSWORD, code: 'DEMO2026' })).status).toBe(200);
  const login = await call(edge('/stock/user/login'), 'POST', { user: phone, password: PASSWORD });
  expect(login.status).toBe(200);
  return { phone, token: login.data.token };
}

async function deposit(token: string, units: number): Promise<void> {
  const made = await call(edge('/stock/success/v2/recharge/add'), 'POST', { count: units * 100 }, { ...bearer(token), 'idempotency-key': randomUUID() });
  expect(made.status).toBe(200);
  expect((await call(edge(`/ops/recharges/${made.data.id}/complete`), 'POST', {}, bearer(ops))).status).toBe(200);
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-stack-test-'));
  stack = await startStack({
    port: PORT,
    dir,
    database: DATABASE,
    redisPrefix: `invest-stack-test-${randomUUID()}:`,
    // Fifty users register and log in from one address (the test's); markets open whatever the hour.
    env: { RATE_LIMIT_FACTOR: '20', MARKET_ALWAYS_OPEN: '1', LOG_LEVEL: 'warn' },
    log: (m) => logs.push(`[stack] ${m}`),
    output: (name, text) => logs.push(`[${name}] ${text}`),
  }).catch((err: unknown) => {
    console.log(logs.join(''));
    throw err;
  });
  const { user: name, password } = JSON.parse(fs.readFileSync(path.join(stack.dataDir, 'operator-credentials.json'), 'utf8')) as { user: string; password: string };
  ops = (await call(edge('/ops/login'), 'POST', { user: name, password })).data.token;
});

test.afterAll(async () => {
  await stack?.stop();
  const admin = new Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`).finally(() => admin.end());
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test.afterEach(({}, info) => {
  if (info.status === info.expectedStatus) return;
  console.log(logs.slice(-80).join(''));
  const nginxErrors = path.join(dir, 'nginx', 'logs', 'error.log');
  // Why the edge took replicas out of rotation, then the last lines.
  const lines = fs.existsSync(nginxErrors) ? fs.readFileSync(nginxErrors, 'utf8').split('\n') : [];
  console.log([...lines.filter((l) => !l.includes('no live upstreams')).slice(-40), ...lines.slice(-10)].join('\n'));
});

test('fifty clients read and buy while a replica stops, then crashes: reads go on, no buy is lost or booked twice, the books hold', async () => {
  test.setTimeout(240_000);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => user()));
  // Enough for every buy the rounds can make (about sixty a second each).
  await Promise.all(clients.map((c) => deposit(c.token, 5_000_000)));
  // Buys booked before each round, per client.
  const totalBooked = new Map(clients.map((c) => [c.token, 0]));

  for (const [signal, i] of [['SIGTERM', 0], ['SIGKILL', 1]] as const) {
    await test.step(`replica ${i + 1} gets ${signal} under load`, async () => {
      const booked = new Map<string, number>();
      let readsFailed = 0;
      const failedStatuses = new Map<number, number>();
      let reads = 0;
      let retries = 0;
      let running = true;
      const client = async (c: { token: string }) => {
        while (running) {
          reads++;
          const quote = await call(edge('/v2/yahoo?symbol=RELIANCE.NS&mold=1d'), 'GET', undefined, bearer(c.token));
          if (quote.status !== 200) {
            readsFailed++;
            failedStatuses.set(quote.status, (failedStatuses.get(quote.status) ?? 0) + 1);
            continue;
          }
          // A buy and its retries under one key, until the API answers it (a replica gone mid-request answers nothing).
          const key = randomUUID();
          for (;;) {
            const buy = await call(edge('/stock/success/deal/buy'), 'POST', { tag: 'RELIANCE.NS', count: 1, price: quote.data.price }, { ...bearer(c.token), 'idempotency-key': key });
            if (buy.status === 200) {
              booked.set(c.token, (booked.get(c.token) ?? 0) + 1);
              break;
            }
            if (buy.status !== 0 && buy.status < 500) break; // refused (the price moved): nothing booked
            retries++;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      };
      const load = Promise.all(clients.map(client));
      await new Promise((r) => setTimeout(r, 2_000));
      await stack.stopReplica(i, signal);
      await new Promise((r) => setTimeout(r, 3_000));
      await stack.startReplica(i);
      await new Promise((r) => setTimeout(r, 1_000));
      running = false;
      await load;
      console.log(`${signal}: ${reads} reads (${readsFailed} failed: ${JSON.stringify([...failedStatuses])}), ${[...booked.values()].reduce((a, b) => a + b, 0)} buys booked, ${retries} retries`);
      expect(readsFailed).toBe(0);

      // Each client's orders are exactly the buys the API answered: none lost, none twice.
      for (const c of clients) {
        const orders = await call(edge('/stock/success/deal/list'), 'POST', { page: 1, limit: 1 }, bearer(c.token));
        expect(orders.status).toBe(200);
        expect(orders.data.count).toBe(totalBooked.get(c.token)! + (booked.get(c.token) ?? 0));
      }
      for (const [token, n] of booked) totalBooked.set(token, totalBooked.get(token)! + n);
      const verify = await call(edge('/ops/ledger/verify'), 'GET', undefined, bearer(ops));
      expect(verify).toMatchObject({ status: 200, data: { ok: true, breaches: [] } });
    });
  }
});

test('what one replica is told the other knows: an event, a logout, a rate limit', async () => {
  const u = await user();
  // The stream through the edge lands on either replica; a deposit completed through each one reaches it.
  const abort = new AbortController();
  const res = await fetch(`${stack.base}/api/stock/success/v2/wallet/stream`, { headers: bearer(u.token), signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = '';
  const next = async () => {
    for (const until = Date.now() + 5_000; Date.now() < until; ) {
      const { value, done } = await Promise.race([reader.read(), new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), 5_000))]);
      if (done) break;
      text += new TextDecoder().decode(value);
      if (text.includes('event: wallet')) return true;
    }
    return false;
  };
  for (const i of [0, 1]) {
    text = '';
    const made = await call(replica(i, '/stock/success/v2/recharge/add'), 'POST', { count: 500_000 }, { ...bearer(u.token), 'idempotency-key': randomUUID() });
    expect((await call(replica(i, `/ops/recharges/${made.data.id}/complete`), 'POST', {}, bearer(ops))).status).toBe(200);
    expect(await next()).toBe(true);
  }
  abort.abort();

  // Logged out through one replica: refused at once on the other and through the edge.
  for (const i of [0, 1]) expect((await call(replica(i, '/stock/success/v2/user/info'), 'GET', undefined, bearer(u.token))).status).toBe(200);
  expect((await call(replica(0, '/stock/success/user/logout'), 'POST', {}, bearer(u.token))).status).toBe(200);
  expect((await call(replica(1, '/stock/success/v2/user/info'), 'GET', undefined, bearer(u.token))).status).toBe(401);
  expect((await call(edge('/stock/success/v2/user/info'), 'GET', undefined, bearer(u.token))).status).toBe(401);

  // Wrong passwords from one address, alternating replicas, count together: 5 × the stack's factor of 20.
  const other = await user();
  let refusedAt = 0;
  for (let n = 1; n <= 101 && !refusedAt; n++) {
    const r = await call(replica(n % 2, '/stock/user/login'), 'POST', { user: other.phone, password: 'wrong-one' });
    if (r.status === 429) refusedAt = n;
  }
  expect(refusedAt).toBe(101);
});

/** The web files a page downloads, by URL path, with the sha-256 of their bytes. */
function recordFiles(page: Page): Map<string, string> {
  const files = new Map<string, string>();
  page.on('response', async (r) => {
    const { pathname } = new URL(r.url());
    if (!/\.(js|css|json)$/.test(pathname) || pathname.startsWith('/api/')) return;
    const body = await r.body().catch(() => null);
    if (body) files.set(pathname, crypto.createHash('sha256').update(body).digest('hex'));
  });
  return files;
}

test('a remote is repointed and rolled back through the edge, the shell and the other remotes untouched', async ({ browser }) => {
  const account = REMOTES.find((r) => r.dir === 'mf-account')!;
  const registry = JSON.parse(fs.readFileSync(stack.remotesFile, 'utf8')) as Record<string, string>;
  const v1 = registry[account.container]!.split('/')[3]!;
  // A second release of the remote beside the first (its files as they are: where they are served from is the point).
  const v2 = `${v1}-r2`;
  fs.cpSync(path.join(stack.releases, account.short, v1), path.join(stack.releases, account.short, v2), { recursive: true });

  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = base.use ?? {};
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent });
  const u = await user();
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('userInfo', JSON.stringify({ id: 0, user: s.phone, login: true }));
    localStorage.setItem('login', 'true');
  }, u);
  const page = await context.newPage();
  const accountFiles = (files: Map<string, string>) => [...files.keys()].filter((f) => f.startsWith(`/remotes/${account.short}/`));
  const visit = async () => {
    const files = recordFiles(page);
    await page.goto(`${stack.base}/account`);
    await expect(page.getByTestId('total-assets')).toBeVisible();
    // The account remote's files have come (the page keeps its event streams open: it is never network-idle).
    await expect.poll(() => accountFiles(files).length).toBeGreaterThan(0);
    return files;
  };
  const others = (files: Map<string, string>) => new Map([...files].filter(([f]) => !f.startsWith(`/remotes/${account.short}/`) && f !== '/remotes.json'));

  const before = await visit();
  expect(accountFiles(before).every((f) => f.includes(`/${v1}/`))).toBe(true);

  writeRegistry(stack.remotesFile, { ...registry, [account.container]: registry[account.container]!.replace(v1, v2) });
  const after = await visit();
  expect(accountFiles(after).length).toBeGreaterThan(0);
  expect(accountFiles(after).every((f) => f.includes(`/${v2}/`))).toBe(true);
  for (const [file, hash] of others(after)) if (before.has(file)) expect({ file, hash }).toEqual({ file, hash: before.get(file) });

  writeRegistry(stack.remotesFile, registry);
  const back = await visit();
  expect(accountFiles(back).every((f) => f.includes(`/${v1}/`))).toBe(true);
  await context.close();
});

test("home's first frame and its bytes hold through the edge", async ({ browser }) => {
  const u = await user();
  const res = await fetch(`${stack.base}/`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('id="prerender"');

  const home = BUDGET_ROUTES.find((r) => r.name === 'home')!;
  const session = { token: u.token, userInfo: JSON.stringify({ id: 0, user: u.phone, login: true }) };
  const { js } = await loadRoute(browser, stack.base, home, session);
  const fileOf = fileResolver((short) => (short ? path.join(stack.releases, short) : distOf(WEB_APPS[0]!)));
  const files = js.map((f) => ({ ...f, file: fileOf(f.url) })).filter((f) => !isChartFile(f.file));
  const bytes = files.reduce((sum, f) => sum + servedSize(f.file), 0);
  console.log(`home through the edge: ${files.length} JS files, ${(bytes / 1024).toFixed(1)} KB (limit ${home.limitKb} KB)`);
  expect(bytes).toBeLessThanOrEqual(home.limitKb * 1024);
  // Each file went over the wire as its pre-compressed copy (its size, give or take the headers).
  for (const f of files) expect(f.wireBytes, f.url).toBeLessThanOrEqual(servedSize(f.file) + 1024);
});

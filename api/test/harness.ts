/**
 * Test harness: an app on in-memory PGlite, and — when TEST_DATABASE_URL is set — the same app on a
 * fresh PostgreSQL database created for the suite and dropped after it. Suites run once per backend:
 *
 *   describe.each(backends)('$name', (backend) => { const t = useApp(backend); ... })
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Client } from 'pg';
import sharp from 'sharp';
import { buildApp, type AppDeps, type BuiltApp } from '../src/app';
import { loadConfig, MEMORY_DATABASE_URL, type Config } from '../src/config';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/db/database';
import type { RateLimits } from '../src/http/rate-limit';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database, and how to get rid of it. */
  create(): Promise<{ database: Database; url: string; drop(): Promise<void> }>;
}

const pglite: Backend = {
  name: 'pglite',
  async create() {
    const database = await openDatabase(
      { databaseUrl: MEMORY_DATABASE_URL, dataDir: os.tmpdir() },
      { pgliteTemplate: await pgliteTemplate(), PGlite },
    );
    return { database, url: MEMORY_DATABASE_URL, drop: () => database.close() };
  },
};

const adminUrl = process.env.TEST_DATABASE_URL;

const postgres: Backend = {
  name: 'postgres',
  async create() {
    const name = `invest_api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database "${name}"`));
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    return {
      database,
      url: url.toString(),
      async drop() {
        await database.close();
        await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
      },
    };
  },
};

async function admin(fn: (c: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

/** Every backend this run can reach: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = adminUrl ? [pglite, postgres] : [pglite];
export const postgresBackend: Backend | null = adminUrl ? postgres : null;

/**
 * A fresh PGlite costs ~2 s of initdb; loading a dump ~0.4 s. The dump is made once per migration set
 * and kept in the OS temp dir, keyed by the migrations' content so a schema change makes a new one.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const p = path.join(MIGRATIONS_DIR, f);
    if (fs.statSync(p).isFile()) hash.update(f).update(fs.readFileSync(p));
  }
  hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  const file = path.join(os.tmpdir(), `invest-api-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const fresh = await openDatabase({ databaseUrl: MEMORY_DATABASE_URL, dataDir: os.tmpdir() }, { PGlite });
    const dump = await (fresh.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await fresh.close();
    // Write-then-rename: parallel Jest workers may race to create it.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Limits high enough that only the rate-limit suite ever meets them. */
export const RELAXED_LIMITS: RateLimits = {
  loginPerIp: { max: 10_000, windowMs: 60_000 },
  passwordFailuresPerPhoneAndIp: { max: 10_000, windowMs: 60_000 },
  passwordFailuresPerPhone: { max: 10_000, windowMs: 60_000 },
  registerPerIp: { max: 10_000, windowMs: 60_000 },
  registerPerPhone: { max: 10_000, windowMs: 60_000 },
  forgetPerIp: { max: 10_000, windowMs: 60_000 },
  opsLoginPerIp: { max: 10_000, windowMs: 60_000 },
  opsPasswordFailuresPerUserAndIp: { max: 10_000, windowMs: 60_000 },
  opsPasswordFailuresPerUser: { max: 10_000, windowMs: 60_000 },
  passwordFailuresPerDevice: { max: 10_000, windowMs: 60_000 },
  uploadsPerUser: { max: 10_000, windowMs: 60_000 },
};

export interface Reply<T = unknown> {
  status: number;
  body: { msg: string; data: T };
  headers: Record<string, unknown>;
}

export interface TestApp {
  built: BuiltApp;
  config: Config;
  database: Database;
  /** Moves the app's clock forward (tokens expire by it). */
  advance(ms: number): void;
  get<T = any>(path: string, opts?: { token?: string; query?: Record<string, string> }): Promise<Reply<T>>;
  post<T = any>(path: string, body?: unknown, opts?: { token?: string; ip?: string; raw?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  inject(opts: InjectOptions): Promise<Reply>;
  /** A phone no other test in this suite uses. */
  phone(): string;
  /** Registers a new user with the demo invitation code; returns their phone and password. */
  register(password?: string): Promise<{ phone: string; password: string }>;
  /** Closes the app and builds it again over the same database (a server restart). */
  restart(): Promise<void>;
  /** Logs in and returns the token (fails the test if login fails). */
  login(phone: string, password: string): Promise<string>;
  /** Logs the seeded operator in and returns their token. */
  operatorToken(): Promise<string>;
  /** POSTs `data` as the multipart `file` field of an upload. */
  upload<T = any>(token: string | undefined, data: Buffer, filename?: string, contentType?: string): Promise<Reply<T>>;
  /**
   * Gives the user an approved real-name verification, as a user and an operator would (two generated photos, a
   * submission, an operator's approval): withdrawals and loans need one.
   */
  approveRealName(token: string): Promise<void>;
  /** Puts `amount` (minor units) in the user's wallet as a user and an operator would: a deposit, then its completion. */
  deposit(token: string, amount: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  env?: Record<string, string>;
  deps?: Omit<AppDeps, 'database' | 'clock' | 'rateLimits'>;
  /** Registers more on the whole server before it is ready (the web files, as `npm start` does). */
  beforeReady?: (app: FastifyInstance) => Promise<void>;
}

export async function createTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await backend.create();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-api-test-'));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  let offset = 0;
  const boot = async () => {
    const next = await buildApp(config, {
      logger: false,
      ...options.deps,
      database,
      clock: () => new Date(Date.now() + offset),
      rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    });
    await options.beforeReady?.(next.app);
    await next.app.ready();
    return next;
  };
  let built: BuiltApp;
  try {
    built = await boot();
  } catch (err) {
    await drop();
    throw err;
  }

  const inject = async (opts: InjectOptions): Promise<Reply> => {
    const res = await built.app.inject(opts);
    let body: Reply['body'];
    try {
      body = res.json();
    } catch {
      body = { msg: '(not json)', data: res.body };
    }
    return { status: res.statusCode, body, headers: res.headers };
  };
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  // Phones start with a digit per suite so parallel suites on one PostgreSQL server never collide (they
  // use separate databases anyway); the counter keeps them unique inside the suite.
  const prefix = String(100 + (randomBytes(2).readUInt16BE() % 900));
  let counter = 0;

  const t: TestApp = {
    get built() {
      return built;
    },
    config,
    database,
    advance: (ms) => {
      offset += ms;
    },
    inject,
    get: (p, opts = {}) =>
      inject({ method: 'GET', url: `/api${p}`, query: opts.query, headers: auth(opts.token) }) as Promise<Reply<any>>,
    post: (p, body, opts = {}) =>
      inject({
        method: 'POST',
        url: `/api${p}`,
        headers: { 'content-type': 'application/json', ...auth(opts.token), ...opts.headers },
        payload: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
        remoteAddress: opts.ip,
      }) as Promise<Reply<any>>,
    phone: () => `${prefix}${String(++counter).padStart(7, '0')}`,
    async register(password = 'secret123') {
      const phone = t.phone();
      const res = await t.post('/stock/user/reg', { user: phone, password, code: config.seedInviteCode });
      if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { phone, password };
    },
    async login(phone, password) {
      const res = await t.post('/stock/user/login', { user: phone, password });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async operatorToken() {
      const op = t.built.seeded.operator!;
      const res = await t.post('/ops/login', { user: op.user, password: op.password });
      if (res.status !== 200) throw new Error(`operator login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    upload: (token, data, filename = 'photo.jpg', contentType = 'image/jpeg') => {
      const boundary = `----test${randomBytes(8).toString('hex')}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return inject({ method: 'POST', url: '/api/stock/success/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth(token) }, payload }) as Promise<Reply<any>>;
    },
    async approveRealName(token) {
      const photos: string[] = [];
      for (const background of ['#3366cc', '#cc6633']) {
        const res = await t.upload(token, await testJpeg(background));
        if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
        photos.push((res.body.data as { url: string }).url);
      }
      const id_number = config.currency === 'INR' ? '234123412346' : 'ID12345678';
      const sub = await t.post('/stock/success/autonomy/add', { real_name: 'Test User', id_type: 'idCard', id_number, id_number_img: photos[0], id_number_img_two: photos[1] }, { token });
      if (sub.status !== 200) throw new Error(`real-name submit failed: ${sub.status} ${JSON.stringify(sub.body)}`);
      const ok = await t.post(`/ops/kyc/${(sub.body.data as { id: number }).id}/approve`, {}, { token: await t.operatorToken() });
      if (ok.status !== 200) throw new Error(`real-name approval failed: ${ok.status} ${JSON.stringify(ok.body)}`);
    },
    async deposit(token, amount) {
      const req = await t.post('/stock/success/v2/recharge/add', { count: amount }, { token, headers: { 'idempotency-key': `deposit-${randomBytes(8).toString('hex')}` } });
      if (req.status !== 200) throw new Error(`deposit failed: ${req.status} ${JSON.stringify(req.body)}`);
      const done = await t.post(`/ops/recharges/${(req.body.data as { id: number }).id}/complete`, {}, { token: await t.operatorToken() });
      if (done.status !== 200) throw new Error(`deposit completion failed: ${done.status} ${JSON.stringify(done.body)}`);
    },
    async restart() {
      // The database stays: a new process over the same data, as after a crash or a deploy.
      await built.app.close();
      built = await boot();
    },
    async close() {
      await built.app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** A small JPEG of one colour (a stand-in ID photo). */
export function testJpeg(background = '#3366cc', width = 64, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
}

/**
 * Per-test time limit. The root config's project-level testTimeout is not a project option Jest reads,
 * so suites set it here; hooks get HOOK_TIMEOUT (the first suite makes the PGlite template, ~3 s).
 */
export const HOOK_TIMEOUT = 60_000;

/** Holds the app's clock (and so the market engine's) at `at`, until set again; a restart builds a new app, so set it again. */
export function setClock(t: Pick<TestApp, 'built'>, at: Date | number): void {
  const instant = new Date(at);
  (t.built.app as unknown as { clock: () => Date }).clock = () => instant;
}
jest.setTimeout(20_000);

/** Builds one app per suite (beforeAll) and closes it (afterAll); read `.current` inside tests. */
export function useApp(backend: Backend, options?: TestAppOptions): { current: TestApp } {
  const ref = {} as { current: TestApp };
  beforeAll(async () => {
    ref.current = await createTestApp(backend, options);
  }, HOOK_TIMEOUT);
  afterAll(async () => {
    await ref.current?.close();
  }, HOOK_TIMEOUT);
  return ref;
}

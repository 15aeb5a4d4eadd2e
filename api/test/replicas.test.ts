/**
 * Two API processes on one PostgreSQL and one Redis (REDIS_TEST_URL, default the local one), as replicas behind a
 * balancer: what one is told, the other knows. Each is `api/src/main.ts` in a process of its own, since what
 * replicas share through Redis is exactly what a single process shares in memory. Runs when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openEventStream } from './event-stream';
import { HOOK_TIMEOUT, postgresBackend } from './harness';

const ROOT = path.resolve(__dirname, '../..');
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
// A deployment of its own in the shared Redis: no counter or channel of an earlier run is seen.
const REDIS_PREFIX = `invest-test-${randomUUID()}:`;
const START_MS = 90_000;

interface Replica {
  base: string;
  child: ChildProcess;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startReplica(databaseUrl: string, dataDir: string): Promise<Replica> {
  const port = await freePort();
  // Node itself with tsx's loader, so the child's pid is the replica's (tsx's command runs Node in a child).
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX, DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', MARKET_ALWAYS_OPEN: '1', RATE_LIMIT_FACTOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a replica stopped:\n${output}`);
    if (Date.now() > until) throw new Error(`a replica did not become ready:\n${output}`);
    const status = await fetch(`${base}/api/ready`).then((r) => r.status, () => 0);
    if (status === 200) return { base, child, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopReplica(r: Replica | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null) return;
  const exited = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill('SIGTERM');
  await exited;
}

/** A call to a replica: status and the envelope's data. */
async function call(r: Replica, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: any }> {
  const res = await fetch(`${r.base}/api${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { data?: unknown } | null;
  return { status: res.status, data: json?.data };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

(postgresBackend ? describe : describe.skip)('two API replicas on one PostgreSQL and Redis', () => {
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let dataDir: string;
  let a: Replica;
  let b: Replica;
  let ops: string;

  beforeAll(async () => {
    const created = await postgresBackend!.create();
    drop = created.drop;
    databaseUrl = created.url;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-replicas-'));
    // One after the other: the first seeds the database (and writes the operator's login to the shared data folder).
    a = await startReplica(created.url, dataDir);
    b = await startReplica(created.url, dataDir);
    const { user, password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'operator-credentials.json'), 'utf8')) as { user: string; password: string };
    ops = (await call(a, 'POST', '/ops/login', { user, password })).data.token;
  }, 2 * START_MS + HOOK_TIMEOUT);

  afterAll(async () => {
    await Promise.all([stopReplica(a), stopReplica(b)]);
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, HOOK_TIMEOUT);

  /** A new user, registered and logged in through `r`: phone, password and token. */
  async function user(r: Replica) {
    const phone = `9${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    const password = 'secret123';
    expect((await call(r, 'POST', '/stock/user/reg', { user: phone, password, code: 'DEMO2026' })).status).toBe(200);
    const login = await call(r, 'POST', '/stock/user/login', { user: phone, password });
    expect(login.status).toBe(200);
    return { phone, password, token: login.data.token as string };
  }

  it('each says it is alive and ready, with the database and Redis up', async () => {
    for (const r of [a, b]) {
      expect(await call(r, 'GET', '/health')).toEqual({ status: 200, data: { status: 'alive' } });
      expect(await call(r, 'GET', '/ready')).toEqual({ status: 200, data: { database: 'up', redis: 'up' } });
    }
  });

  it("a deposit completed through one replica reaches the user's event stream on the other", async () => {
    const u = await user(a);
    const abort = new AbortController();
    const events = await openEventStream(b.base, u.token, 'wallet', abort.signal);
    const deposit = await call(a, 'POST', '/stock/success/v2/recharge/add', { count: 500_000 }, { ...bearer(u.token), 'idempotency-key': randomUUID() });
    expect(deposit.status).toBe(200);
    expect((await call(a, 'POST', `/ops/recharges/${deposit.data.id}/complete`, {}, bearer(ops))).status).toBe(200);
    expect(await events(5_000)).toContain('event: wallet');
    abort.abort();
  });

  it('a logout on one replica is refused at once on the other, whose cache knew the token, and ends its stream there', async () => {
    const u = await user(a);
    // Known to both: each has checked the token and keeps the answer in its cache.
    for (const r of [a, b]) expect((await call(r, 'GET', '/stock/success/v2/user/info', undefined, bearer(u.token))).status).toBe(200);
    const abort = new AbortController();
    const events = await openEventStream(b.base, u.token, 'never', abort.signal);
    expect((await call(a, 'POST', '/stock/success/user/logout', {}, bearer(u.token))).status).toBe(200);
    expect((await call(b, 'GET', '/stock/success/v2/user/info', undefined, bearer(u.token))).status).toBe(401);
    expect((await call(a, 'GET', '/stock/success/v2/user/info', undefined, bearer(u.token))).status).toBe(401);
    // The stream on the other replica closed: read until its end, well before a heartbeat (15 s) could have.
    const started = Date.now();
    await events(5_000);
    expect(Date.now() - started).toBeLessThan(4_000);
    abort.abort();
  });

  it('counts wrong passwords across replicas: the sixth from one address is refused wherever it lands', async () => {
    const u = await user(a);
    const wrong = (r: Replica) => call(r, 'POST', '/stock/user/login', { user: u.phone, password: 'wrong-one' });
    for (const r of [a, b, a, b, a]) expect((await wrong(r)).status).not.toBe(429);
    // Five wrong from this address, three through one replica and two through the other: the limit is five.
    expect((await wrong(b)).status).toBe(429);
    expect((await wrong(a)).status).toBe(429);
  });

  it('runs the order matcher in one replica at a time, and in the other once that one stops', async () => {
    const holder = async () => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ holder: string }>(`select holder from job_leases where name = 'order matcher'`);
        return rows.map((r) => Number(r.holder.split(':').at(-2)));
      } finally {
        await client.end();
      }
    };
    const pids = [a.child.pid, b.child.pid];
    let held: number[] = [];
    for (const until = Date.now() + 10_000; !(held = await holder()).length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 200));
    expect(held).toHaveLength(1);
    expect(pids).toContain(held[0]);
    const [running, other] = held[0] === a.child.pid ? [a, b] : [b, a];
    await stopReplica(running);
    // Given up on the way out: the other replica takes the job at its next pass (a second), not at the lease's expiry.
    const until = Date.now() + 5_000;
    while ((await holder())[0] !== other.child.pid && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await holder()).toEqual([other.child.pid]);
  });
});

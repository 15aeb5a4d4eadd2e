/**
 * Replicas benchmark (`npm run bench -- replicas`; not a test): the API as production runs it (compiled JavaScript,
 * PostgreSQL and Redis), one replica and then two on the same database:
 * - orders per second: BENCH_USERS clients each buying one share through HTTP (its own Idempotency-Key, the engine's
 *   price) for BENCH_DURATION seconds, against one replica, then split over two; p50/p99 of one order;
 * - ledger transfers per second the same way (deposits completed by an operator, and withdrawals), beside pgbench's
 *   TPC-B-like transactions per second on the same server (bench/pgbench.ts);
 * - fan-out: BENCH_SSE_CLIENTS (default 5,000) quote streams split over the two replicas, each as a client of its
 *   own address (the edge's X-Forwarded-For): when one tick reaches them all, from the first to the 50th and 99th
 *   percentile client;
 * - memory: each process's resident set, idle and after the load.
 * The database is a fresh one on BENCH_DATABASE_URL's (else TEST_DATABASE_URL's) server; Redis is REDIS_URL's (else
 * the local one).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { QUOTE_STREAM_PATH } from '@invest/shared/contract';
import { ROOT } from '@invest/web';
import { buildServer } from '../scripts/build-server';
import { waitFor } from '../scripts/stack/run';
import { pgbenchTps } from './pgbench';
import { BENCH_DURATION_S, BENCH_USERS, report, withBenchDatabase } from './support';

const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 5000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SYMBOL = 'RELIANCE.NS';

interface Replica {
  base: string;
  child: ChildProcess;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startReplica(env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/ready`);
  return { base, child };
}

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** What the bench reads of an answer: a login's token, a deposit's id. */
type Answer = { token: string; id: number; url: string };

async function post(base: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; data: Answer }> {
  const res = await fetch(`${base}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, data: ((await res.json()) as { data: Answer }).data };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

/** Orders per second from the clients, each sent to the replicas in turn. */
async function orders(replicas: Replica[], tokens: string[]): Promise<{ perSec: number; p50: number; p99: number; refused: number }> {
  const latencies: number[] = [];
  let refused = 0;
  const until = performance.now() + BENCH_DURATION_S * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      const base = replicas[i % replicas.length]!.base;
      const auth = { authorization: `Bearer ${token}` };
      let price = 0;
      for (let n = 0; performance.now() < until; n++) {
        if (n % 20 === 0) price = ((await (await fetch(`${base}/api/v2/yahoo?symbol=${SYMBOL}&mold=1d`, { headers: auth })).json()) as { data: { price: number } }).data.price;
        const t0 = performance.now();
        const r = await post(base, '/stock/success/deal/buy', { tag: SYMBOL, count: 1, price }, { ...auth, 'idempotency-key': randomUUID() });
        if (r.status === 200) latencies.push(performance.now() - t0);
        else refused++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSec: Math.round(latencies.length / BENCH_DURATION_S), p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)), refused };
}

/** A withdrawal needs an approved real-name check: submitted with two ID photos, approved by the operator. */
async function approveRealName(base: string, token: string, ops: string): Promise<void> {
  const photos: string[] = [];
  for (const background of ['#3366cc', '#cc6633']) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 64, height: 40, channels: 3, background } }).jpeg().toBuffer())], { type: 'image/jpeg' }), 'id.jpg');
    const res = await fetch(`${base}/api/stock/success/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    photos.push(((await res.json()) as { data: Answer }).data.url);
  }
  const submitted = await post(base, '/stock/success/autonomy/add', { real_name: 'Bench User', id_type: 'idCard', id_number: '234123412346', id_number_img: photos[0], id_number_img_two: photos[1] }, { authorization: `Bearer ${token}` });
  const approved = await post(base, `/ops/kyc/${submitted.data.id}/approve`, {}, { authorization: `Bearer ${ops}` });
  if (approved.status !== 200) throw new Error(`real-name approval: ${approved.status}`);
}

interface Person {
  token: string;
  card: number;
}

/**
 * Ledger transfers per second through HTTP: each client alternates a deposit (its request, then the operator's
 * completion: one transfer) and a withdrawal (one transfer), each on the replica it is assigned, as the ledger bench
 * does in-process.
 */
async function transfers(replicas: Replica[], people: Person[], ops: string): Promise<{ perSec: number; p50: number; p99: number; refused: number }> {
  const latencies: number[] = [];
  let refused = 0;
  const until = performance.now() + BENCH_DURATION_S * 1000;
  await Promise.all(
    people.map(async ({ token, card }, i) => {
      const base = replicas[i % replicas.length]!.base;
      const auth = { authorization: `Bearer ${token}` };
      for (let n = 0; performance.now() < until; n++) {
        const t0 = performance.now();
        let done: { status: number };
        if (n % 2 === 0) {
          const requested = await post(base, '/stock/success/v2/recharge/add', { count: 500_000 }, { ...auth, 'idempotency-key': randomUUID() });
          done = requested.status === 200 ? await post(base, `/ops/recharges/${requested.data.id}/complete`, {}, { authorization: `Bearer ${ops}` }) : requested;
        } else {
          done = await post(base, '/stock/success/money/access', { bank_id: card, count: 450_000 }, { ...auth, 'idempotency-key': randomUUID() });
        }
        if (done.status === 200) latencies.push(performance.now() - t0);
        else refused++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSec: Math.round(latencies.length / BENCH_DURATION_S), p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)), refused };
}

/** Opens the quote streams over the replicas; resolves with when each saw its first tick after they were all open. */
async function fanOut(replicas: Replica[], token: string): Promise<{ clients: number; p0: number; p50: number; p99: number; max: number }> {
  const abort = new AbortController();
  // One signal ends every stream: each fetch listens on it.
  setMaxListeners(SSE_CLIENTS + 16, abort.signal);
  const arrivals: number[] = [];
  let armed = false;
  let open = 0;
  const opened = Array.from({ length: SSE_CLIENTS }, async (_, i) => {
    const base = replicas[i % replicas.length]!.base;
    const res = await fetch(`${base}/api${QUOTE_STREAM_PATH}?symbols=${SYMBOL}`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      signal: abort.signal,
    });
    if (!res.ok) throw new Error(`stream ${i}: ${res.status}`);
    open++;
    const reader = res.body!.getReader();
    let seen = false;
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        if (armed && !seen && new TextDecoder().decode(value).includes('event: quote')) {
          seen = true;
          arrivals.push(performance.now());
        }
      }
    })();
  });
  await Promise.all(opened);
  // The first tick after every stream is open: ticks come every 5 s.
  await new Promise((r) => setTimeout(r, 1000));
  armed = true;
  for (const until = performance.now() + 12_000; arrivals.length < open && performance.now() < until; ) await new Promise((r) => setTimeout(r, 100));
  abort.abort();
  const sorted = arrivals.sort((a, b) => a - b);
  const first = sorted[0] ?? 0;
  return { clients: sorted.length, p0: 0, p50: Math.round(percentile(sorted, 0.5) - first), p99: Math.round(percentile(sorted, 0.99) - first), max: Math.round((sorted.at(-1) ?? first) - first) };
}

export function runReplicasBench(): Promise<unknown> {
  return withBenchDatabase('replicas', async (_db, url) => {
    await buildServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-replicas-bench-'));
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_PREFIX: `invest-bench-${randomUUID()}:`,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MARKET_ALWAYS_OPEN: '1',
      RATE_LIMIT_FACTOR: '1000',
      // The bench speaks as the edge: each stream client has an address of its own.
      TRUST_PROXY: 'true',
    };
    const a = await startReplica(env);
    const b = await startReplica(env);
    try {
      const idle = [rssMb(a.child.pid!), rssMb(b.child.pid!)];
      const { user, password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'operator-credentials.json'), 'utf8')) as { user: string; password: string };
      const ops = (await post(a.base, '/ops/login', { user, password })).data.token;
      const people: Person[] = [];
      for (let i = 0; i < BENCH_USERS; i++) {
        const phone = `97${String(i).padStart(8, '0')}`;
        await post(a.base, '/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' });
        const token = (await post(a.base, '/stock/user/login', { user: phone, password: 'secret123' })).data.token;
        const deposit = await post(a.base, '/stock/success/v2/recharge/add', { count: 50_000_000_00 }, { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
        await post(a.base, `/ops/recharges/${deposit.data.id}/complete`, {}, { authorization: `Bearer ${ops}` });
        await approveRealName(a.base, token, ops);
        const card = await post(a.base, '/stock/success/bank/add', { bank: 'Bench Bank', bank_card: '123456789012', bank_user: 'Bench', ifsc: 'BNCH0000000' }, { authorization: `Bearer ${token}` });
        people.push({ token, card: card.data.id });
      }
      const tokens = people.map((p) => p.token);
      const one = await orders([a], tokens);
      const two = await orders([a, b], tokens);
      const moneyOne = await transfers([a], people, ops);
      const moneyTwo = await transfers([a, b], people, ops);
      const database = await pgbenchTps(url);
      const fan = await fanOut([a, b], tokens[0]!);
      const loaded = [rssMb(a.child.pid!), rssMb(b.child.pid!)];
      const ofDatabase = (perSec: number) => (database ? Number((perSec / database.tps).toFixed(2)) : null);
      const result = {
        users: BENCH_USERS,
        seconds: BENCH_DURATION_S,
        one,
        two,
        ratio: Number((two.perSec / Math.max(1, one.perSec)).toFixed(2)),
        transfers: { one: moneyOne, two: moneyTwo, ofPgbench: [ofDatabase(moneyOne.perSec), ofDatabase(moneyTwo.perSec)] },
        pgbench: database,
        fan,
        rssMb: { idle, loaded },
      };
      console.table([
        { case: 'orders, one replica', 'per s': one.perSec, 'p50 ms': one.p50, 'p99 ms': one.p99, refused: one.refused },
        { case: 'orders, two replicas', 'per s': two.perSec, 'p50 ms': two.p50, 'p99 ms': two.p99, refused: two.refused },
        { case: 'transfers, one replica', 'per s': moneyOne.perSec, 'p50 ms': moneyOne.p50, 'p99 ms': moneyOne.p99, refused: moneyOne.refused },
        { case: 'transfers, two replicas', 'per s': moneyTwo.perSec, 'p50 ms': moneyTwo.p50, 'p99 ms': moneyTwo.p99, refused: moneyTwo.refused },
        ...(database ? [{ case: `pgbench TPC-B-like, ${database.clients} clients, scale ${database.scale}`, 'per s': database.tps }] : []),
      ]);
      console.log(`fan-out: one tick reached ${fan.clients} of ${SSE_CLIENTS} streams over two replicas; after the first: p50 ${fan.p50} ms, p99 ${fan.p99} ms, last ${fan.max} ms`);
      console.log(`memory (RSS MB) of the replicas: idle ${idle.join(', ')}; after the load ${loaded.join(', ')}`);
      report('replicas', 'API replicas (compiled, PostgreSQL and Redis)', {
        'orders/s, one replica': one.perSec,
        'orders/s, two replicas': two.perSec,
        'two / one': result.ratio,
        'transfers/s, one replica': moneyOne.perSec,
        'transfers/s, two replicas': moneyTwo.perSec,
        'pgbench tps': database?.tps ?? null,
        'fan-out streams': fan.clients,
        'fan-out p99 ms': fan.p99,
        'RSS MB idle': idle.join(', '),
        'RSS MB loaded': loaded.join(', '),
      });
      return result;
    } finally {
      for (const r of [a, b]) r.child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

/**
 * API load benchmark (`npm run bench -- api`; not a test). The app runs in a child process (bench/api-server.ts) and
 * its reference in another (bench/bare-server.ts: a bare Fastify answering the same bytes, and for a call that reads
 * the database, running the same queries first); this process loads both with autocannon over loopback and reports
 * req/s, p50 and p99 and the app's share of the reference:
 * - on the embedded database: the engine's calls (quotes) against the bare bytes, goal >= QUOTE_GOAL; and user info
 *   at EMBEDDED_CONNECTIONS connections, goal p99 <= EMBEDDED_P99_GOAL_MS (the bare process cannot share the
 *   embedded database, which lives in the app's memory);
 * - on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL; skipped without either): user info against the bare
 *   process running the same queries, goal >= READS_GOAL.
 * Each pair alternates reference and app in two rounds (half the duration each) after a warm-up, so drift on a shared
 * machine falls on both alike; latency percentiles come from every response's own time (autocannon's histogram
 * has 1 ms resolution, too coarse for loopback) on an open connection (see load()). Written as JSON to bench/results/ (gitignored).
 *
 * BENCH_DURATION (seconds per route and case, default 10) and BENCH_CONNECTIONS (default 10) tune it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ServerReady } from './api-server';
import type { BareSetup } from './bare-server';
import { admin } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Math.min(2, DURATION_S);
const ROUNDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (!(DURATION_S > 0 && DURATION_S <= 120) || !(Number.isInteger(CONNECTIONS) && CONNECTIONS > 0 && CONNECTIONS <= 1000)) {
  throw new Error('BENCH_DURATION must be 1-120 seconds and BENCH_CONNECTIONS 1-1000');
}
const RESULTS_DIR = path.resolve(__dirname, 'results');
/** The app's share of the bare bytes' throughput for the engine's calls. */
const QUOTE_GOAL = 0.7;
/** The app's share of the bare same-queries throughput for an authenticated read on PostgreSQL. */
const READS_GOAL = 0.6;
const EMBEDDED_CONNECTIONS = 50;
const EMBEDDED_P99_GOAL_MS = 100;

export interface Measurement {
  route: 'api' | 'bare';
  url: string;
  connections: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface CaseResult {
  name: string;
  database: 'embedded' | 'postgres';
  bytes: number;
  api: Measurement;
  bare?: Measurement;
  /** api / bare req/s. */
  ratio?: number;
  goal: string;
  met: boolean;
}

/** Forks a bench child under tsx; resolves with its first IPC message (what it reports when it listens). */
function forkChild<T>(file: string, env: Record<string, string>, setup?: object): Promise<{ child: ChildProcess; ready: T }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, file), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} did not start within 60 s`));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve({ child, ready: m as T });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before it was ready`));
    });
    if (setup) child.send(setup);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.send('stop');
  await new Promise((r) => {
    child.once('exit', r);
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * One autocannon run; with `samples`, every response's time (ms, fractional) is pushed there, but for each
 * connection's first: that one also waits for the connection to be accepted, and a busy Node process accepts about one
 * new connection per turn of its event loop, which is not what a request on an open connection (a browser's, or
 * nginx's kept-alive upstream) waits.
 */
function load(url: string, headers: Record<string, string>, connections: number, seconds: number, samples?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (samples) {
      const opened = new WeakSet<object>();
      (instance as unknown as EventEmitter).on('response', (client: object, _status: number, _bytes: number, ms: number) => {
        if (opened.has(client)) samples.push(ms);
        else opened.add(client);
      });
    }
  });
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

interface Target {
  route: 'api' | 'bare';
  url: string;
  headers: Record<string, string>;
}

/** The targets loaded alternately, ROUNDS times each, after a warm-up of each. */
async function measure(targets: Target[], connections: number): Promise<Measurement[]> {
  for (const t of targets) await load(t.url, t.headers, connections, WARMUP_S);
  const acc = targets.map(() => ({ requests: 0, seconds: 0, non2xx: 0, errors: 0, samples: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const a = acc[i]!;
      const res = await load(t.url, t.headers, connections, DURATION_S / ROUNDS, a.samples);
      a.requests += res.requests.total;
      a.seconds += res.duration;
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  return targets.map((t, i): Measurement => {
    const a = acc[i]!;
    if (a.non2xx || a.errors) throw new Error(`${t.url}: ${a.non2xx} non-2xx answers, ${a.errors} errors`);
    const sorted = Float64Array.from(a.samples).sort();
    return {
      route: t.route,
      url: t.url,
      connections,
      reqPerSec: Math.round(a.requests / a.seconds),
      p50Ms: round3(percentile(sorted, 50)),
      p99Ms: round3(percentile(sorted, 99)),
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
    };
  });
}

function table(results: CaseResult[]): string {
  const head = ['case', 'database', 'route', 'conns', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'goal'];
  const rows: string[][] = [];
  for (const c of results) {
    for (const m of [c.api, c.bare]) {
      if (!m) continue;
      const api = m.route === 'api';
      rows.push([
        c.name,
        c.database,
        api ? 'API' : 'bare Fastify',
        String(m.connections),
        String(c.bytes),
        String(m.reqPerSec),
        String(m.p50Ms),
        String(m.p99Ms),
        api ? (c.ratio === undefined ? '' : c.ratio.toFixed(2)) : '1.00',
        api ? `${c.goal} ${c.met ? 'met' : 'MISSED'}` : '',
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Starts the app on `databaseUrl` and its bare reference, runs `fn` with both, and stops them. */
async function withServers<T>(databaseUrl: string | undefined, fn: (api: string, bare: string, ready: ServerReady) => Promise<T>): Promise<T> {
  const api = await forkChild<ServerReady>('api-server.ts', databaseUrl ? { BENCH_API_DATABASE_URL: databaseUrl } : {});
  try {
    const setup: BareSetup = { ready: api.ready, databaseUrl };
    const bare = await forkChild<{ port: number }>('bare-server.ts', {}, setup);
    try {
      return await fn(`http://127.0.0.1:${api.ready.port}`, `http://127.0.0.1:${bare.ready.port}`, api.ready);
    } finally {
      await stopChild(bare.child);
    }
  } finally {
    await stopChild(api.child);
  }
}

async function embeddedCases(): Promise<CaseResult[]> {
  return withServers(undefined, async (api, bare, ready) => {
    const auth = { authorization: `Bearer ${ready.token}` };
    const results: CaseResult[] = [];
    for (const [i, c] of ready.cases.entries()) {
      const bytes = Buffer.byteLength(c.body);
      console.log(`- ${c.name}, embedded (${bytes} bytes)`);
      if (c.reads) {
        const [m] = await measure([{ route: 'api', url: `${api}${c.path}`, headers: auth }], EMBEDDED_CONNECTIONS);
        results.push({ name: c.name, database: 'embedded', bytes, api: m!, goal: `p99 <= ${EMBEDDED_P99_GOAL_MS} ms`, met: m!.p99Ms <= EMBEDDED_P99_GOAL_MS });
        continue;
      }
      const query = c.path.slice(c.path.indexOf('?'));
      const [b, a] = await measure(
        [
          { route: 'bare', url: `${bare}/bare/${i}${query}`, headers: {} },
          { route: 'api', url: `${api}${c.path}`, headers: auth },
        ],
        CONNECTIONS,
      );
      const ratio = a!.reqPerSec / b!.reqPerSec;
      results.push({ name: c.name, database: 'embedded', bytes, api: a!, bare: b!, ratio, goal: `>= ${QUOTE_GOAL}x`, met: ratio >= QUOTE_GOAL });
    }
    return results;
  });
}

async function postgresCases(): Promise<CaseResult[]> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    console.log('[bench] api on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return [];
  }
  const name = `invest_api_bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    return await withServers(url.toString(), async (api, bare, ready) => {
      const auth = { authorization: `Bearer ${ready.token}` };
      const results: CaseResult[] = [];
      for (const [i, c] of ready.cases.entries()) {
        if (!c.reads) continue;
        const bytes = Buffer.byteLength(c.body);
        console.log(`- ${c.name}, PostgreSQL (${bytes} bytes)`);
        const [b, a] = await measure(
          [
            { route: 'bare', url: `${bare}/bare/${i}`, headers: {} },
            { route: 'api', url: `${api}${c.path}`, headers: auth },
          ],
          CONNECTIONS,
        );
        const ratio = a!.reqPerSec / b!.reqPerSec;
        results.push({ name: c.name, database: 'postgres', bytes, api: a!, bare: b!, ratio, goal: `>= ${READS_GOAL}x`, met: ratio >= READS_GOAL });
      }
      return results;
    });
  } finally {
    await admin(server, `drop database if exists "${name}" with (force)`);
  }
}

export async function runApiBench(): Promise<CaseResult[]> {
  console.log(
    `API bench: ${DURATION_S} s per route and case in ${ROUNDS} alternating rounds (+${WARMUP_S} s warm-up), ${CONNECTIONS} connections (user info on the embedded database: ${EMBEDDED_CONNECTIONS}), loopback`,
  );
  const results = [...(await embeddedCases()), ...(await postgresCases())];
  console.log(`\n${table(results)}\n`);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    durationS: DURATION_S,
    warmupS: WARMUP_S,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  return results;
}

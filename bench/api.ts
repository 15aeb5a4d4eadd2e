/**
 * API load benchmark (`npm run bench`; not a test). Starts the real app in a child process (bench/api-server.ts),
 * then, from this process, loads each measured call with autocannon over loopback with the user's bearer token, and
 * a bare Fastify route in the same server answering the same bytes with no auth and no engine. Reports req/s, p50
 * and p99 latency and the ratio to the bare route, as a table and as JSON in bench/results/ (gitignored).
 *
 * Each case alternates bare and API in two rounds (half the duration each) after a warm-up, so drift on a shared
 * machine falls on both alike; latency percentiles come from every response's own time (autocannon's histogram
 * has 1 ms resolution, too coarse for loopback).
 *
 * BENCH_DURATION (seconds per route and case, default 10) and BENCH_CONNECTIONS (default 10) tune it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { ServerReady } from './api-server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Math.min(2, DURATION_S);
const ROUNDS = 2;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (!(DURATION_S > 0 && DURATION_S <= 120) || !(Number.isInteger(CONNECTIONS) && CONNECTIONS > 0 && CONNECTIONS <= 1000)) {
  throw new Error('BENCH_DURATION must be 1-120 seconds and BENCH_CONNECTIONS 1-1000');
}
const RESULTS_DIR = path.resolve(__dirname, 'results');
/** The bar this bench holds the API to: at least this share of the bare route's throughput. */
export const TARGET_RATIO = 0.7;

export interface Measurement {
  route: 'api' | 'bare';
  url: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface CaseResult {
  name: string;
  bytes: number;
  api: Measurement;
  bare: Measurement;
  ratio: number;
}

function startServer(): Promise<{ child: ChildProcess; ready: ServerReady }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'api-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the API server did not start within 60 s'));
    }, 60_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve({ child, ready: m as ServerReady });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API server exited (${code}) before it was ready`));
    });
  });
}

/** One autocannon run; with `samples`, every response's time (ms, fractional) is pushed there. */
function load(url: string, headers: Record<string, string>, seconds: number, samples?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    if (samples) {
      (instance as unknown as EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
        samples.push(ms);
      });
    }
  });
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round2 = (x: number) => Math.round(x * 1000) / 1000;

/** Bare and API alternately, ROUNDS times each, after a warm-up of both. */
async function measurePair(
  bareUrl: string,
  apiUrl: string,
  auth: Record<string, string>,
): Promise<{ bare: Measurement; api: Measurement }> {
  const routes = [
    { route: 'bare' as const, url: bareUrl, headers: {} },
    { route: 'api' as const, url: apiUrl, headers: auth },
  ];
  for (const r of routes) await load(r.url, r.headers, WARMUP_S);
  const acc = routes.map(() => ({ requests: 0, seconds: 0, non2xx: 0, errors: 0, samples: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, r] of routes.entries()) {
      const a = acc[i]!;
      const res = await load(r.url, r.headers, DURATION_S / ROUNDS, a.samples);
      a.requests += res.requests.total;
      a.seconds += res.duration;
      a.non2xx += res.non2xx;
      a.errors += res.errors;
    }
  }
  const [bare, api] = routes.map((r, i): Measurement => {
    const a = acc[i]!;
    const sorted = Float64Array.from(a.samples).sort();
    return {
      route: r.route,
      url: r.url,
      reqPerSec: Math.round(a.requests / a.seconds),
      p50Ms: round2(percentile(sorted, 50)),
      p99Ms: round2(percentile(sorted, 99)),
      requests: a.requests,
      non2xx: a.non2xx,
      errors: a.errors,
    };
  });
  return { bare: bare!, api: api! };
}

function table(results: CaseResult[]): string {
  const head = ['case', 'route', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'vs bare'];
  const rows: string[][] = [];
  for (const c of results) {
    for (const m of [c.api, c.bare]) {
      rows.push([
        c.name,
        m.route === 'api' ? 'API (auth + engine)' : 'bare route',
        String(c.bytes),
        String(m.reqPerSec),
        String(m.p50Ms),
        String(m.p99Ms),
        m.route === 'api' ? `${c.ratio.toFixed(2)}${c.ratio >= TARGET_RATIO ? '' : ` (< ${TARGET_RATIO})`}` : '1.00',
      ]);
    }
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export async function runApiBench(): Promise<CaseResult[]> {
  console.log(
    `API bench: ${DURATION_S} s per route and case in ${ROUNDS} alternating rounds (+${WARMUP_S} s warm-up), ${CONNECTIONS} connections, loopback`,
  );
  const { child, ready } = await startServer();
  const base = `http://127.0.0.1:${ready.port}`;
  const auth = { authorization: `Bearer ${ready.token}` };
  const results: CaseResult[] = [];
  try {
    for (const c of ready.cases) {
      console.log(`- ${c.name} (${c.bytes} bytes)`);
      const { bare, api } = await measurePair(`${base}${c.barePath}`, `${base}${c.path}`, auth);
      for (const m of [bare, api]) {
        if (m.non2xx || m.errors) throw new Error(`${m.url}: ${m.non2xx} non-2xx answers, ${m.errors} errors`);
      }
      results.push({ name: c.name, bytes: c.bytes, api, bare, ratio: api.reqPerSec / bare.reqPerSec });
    }
  } finally {
    child.send('stop');
    await new Promise((r) => {
      child.once('exit', r);
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  }

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
    targetRatio: TARGET_RATIO,
    results,
  };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  return results;
}

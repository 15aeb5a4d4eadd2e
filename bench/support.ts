/** What the PostgreSQL benchmarks share: a throw-away database, funded users with wallets, and their report. */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Db } from '../api/src/db/database';
import { operators, settings, users } from '../api/src/db/schema';
import { openWallet } from '../api/src/ledger/accounts';
import { completeRecharge, requestRecharge } from '../api/src/wallet/recharges';

export const BENCH_USERS = 50;
export const BENCH_DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of the same load before the measured window (BENCH_WARMUP). */
export const BENCH_WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
export const BENCH_CURRENCY = 'INR';
const RESULTS_DIR = path.resolve(__dirname, 'results');

/** Runs one statement on `url` over its own connection. */
export async function admin(url: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Runs `fn` on a fresh database on BENCH_DATABASE_URL's (else TEST_DATABASE_URL's) server, dropped afterwards.
 * Without either it says so and skips: PGlite has one connection, so concurrency figures there would mean nothing.
 */
export async function withBenchDatabase<T>(label: string, fn: (db: Db, url: string) => Promise<T>): Promise<T | null> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    console.log(`[bench] ${label}: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)`);
    return null;
  }
  const name = `invest_${label}_bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  try {
    return await fn(database.db, url.toString());
  } finally {
    await database.close();
    await admin(server, `drop database if exists "${name}" with (force)`);
  }
}

/** The bench's people: BENCH_USERS users with a wallet each, a deposit method, and an operator to complete deposits. */
export async function benchUsers(db: Db, phonePrefix: string): Promise<{ operatorId: number; userIds: number[] }> {
  await db.insert(settings).values([
    { tag: 'recharge_bank_enabled', value: '1' },
    { tag: 'recharge_bank_account_name', value: 'Bench' },
    { tag: 'recharge_bank_name', value: 'Bench Bank' },
    { tag: 'recharge_bank_account', value: '000000000000' },
    { tag: 'recharge_bank_ifsc', value: 'BNCH0000000' },
  ]);
  const [operator] = await db.insert(operators).values({ username: 'bench', passwordHash: 'x' }).returning();
  const userIds = await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < BENCH_USERS; i++) {
      const n = String(i).padStart(5, '0');
      const [u] = await tx.insert(users).values({ phone: `${phonePrefix}${n}`, passwordHash: 'x', accountNo: `${phonePrefix}${n}`.slice(-8) }).returning();
      await openWallet(tx, u!.id, BENCH_CURRENCY);
      ids.push(u!.id);
    }
    return ids;
  });
  return { operatorId: operator!.id, userIds };
}

/** Money in a bench user's wallet: a deposit requested and completed by the operator. */
export async function fundBenchUser(db: Db, operatorId: number, userId: number, amount: number): Promise<void> {
  const { record } = await requestRecharge(db, { userId, key: randomUUID(), method: 'bank', amount, currency: BENCH_CURRENCY });
  await completeRecharge(db, record.id, operatorId, new Date());
}

/**
 * This process's CPU time (user + system) per operation over a measured window, in ms: a figure that, unlike the
 * rate, holds when other work shares the machine (the database's own CPU is not in it).
 */
export function cpuMeter(): { msPer(ops: number): number } {
  const start = process.cpuUsage();
  return {
    msPer(ops) {
      const used = process.cpuUsage(start);
      return ops ? Number(((used.user + used.system) / 1000 / ops).toFixed(3)) : 0;
    },
  };
}

/** CPU ticks (user + system) of every local process named `postgres`, or null where /proc cannot tell. */
function postgresTicks(): number | null {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        // Fields after the ")" that ends the command name: utime and stime are the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while we looked.
      }
    }
    return ticks;
  } catch {
    return null;
  }
}

/**
 * The local PostgreSQL server's CPU per operation over a measured window, in ms (every postgres process, at the
 * kernel's 10 ms tick): with cpuMeter's figure, what one operation costs the machine whatever else runs on it.
 * Null when the server is not on this machine (or /proc is absent).
 */
export function databaseCpuMeter(url: string): { msPer(ops: number): number | null } {
  const host = new URL(url).hostname;
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host);
  const start = local ? postgresTicks() : null;
  return {
    msPer(ops) {
      const end = start === null ? null : postgresTicks();
      if (start === null || end === null || !ops) return null;
      return Number((((end - start) * 10) / ops).toFixed(3));
    },
  };
}

export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Latency figures of a run: p50 and p99 in ms, two decimals. */
export function latencyOf(latencies: number[]): { p50Ms: number; p99Ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: Number(percentile(sorted, 0.5).toFixed(2)), p99Ms: Number(percentile(sorted, 0.99).toFixed(2)) };
}

/** Writes a run's figures to bench/results/<name>-<time>.json and prints them as a table under `title`. */
export function report(name: string, title: string, result: object): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n[bench] ${title}:`);
  console.table([result]);
}

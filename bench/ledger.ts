/**
 * Ledger benchmark (`npm run bench`; not a test): 50 users at once on PostgreSQL, each completing deposits and
 * withdrawing, for BENCH_DURATION seconds; then verify-ledger. Reports ledger transfers per second and the p50/p99
 * latency of one money action (request + transfer, each in its own transaction), and the breaches (target: none).
 *
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL's server: a fresh database is created and dropped.
 * Without either it says so and skips (PGlite has one connection: concurrency figures there would mean nothing).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openDatabase } from '../api/src/db/database';
import { openWallet } from '../api/src/ledger/accounts';
import { verifyLedger } from '../api/src/ledger/verify';
import { completeRecharge, requestRecharge } from '../api/src/wallet/recharges';
import { requestWithdrawal } from '../api/src/wallet/withdrawals';
import { bankCards, operators, settings, users } from '../api/src/db/schema';

const USERS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CURRENCY = 'INR';
const RESULTS_DIR = path.resolve(__dirname, 'results');
/** The bar: transfers per second on this 2-core machine, with zero breaches. */
export const TARGET_TRANSFERS_PER_S = 1_000;

export interface LedgerBenchResult {
  users: number;
  seconds: number;
  transfers: number;
  transfersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  breaches: number;
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function runLedgerBench(): Promise<LedgerBenchResult | null> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    console.log('[bench] ledger: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return null;
  }
  const name = `invest_ledger_bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  const db = database.db;
  try {
    // Set-up: users with wallets and a card each, and a deposit method to pay in with.
    await db.insert(settings).values([
      { tag: 'recharge_bank_enabled', value: '1' },
      { tag: 'recharge_bank_account_name', value: 'Bench' },
      { tag: 'recharge_bank_name', value: 'Bench Bank' },
      { tag: 'recharge_bank_account', value: '000000000000' },
      { tag: 'recharge_bank_ifsc', value: 'BNCH0000000' },
    ]);
    const [operator] = await db.insert(operators).values({ username: 'bench', passwordHash: 'x' }).returning();
    const people = await db.transaction(async (tx) => {
      const made: { id: number; card: number }[] = [];
      for (let i = 0; i < USERS; i++) {
        const [u] = await tx.insert(users).values({ phone: `70000${String(i).padStart(5, '0')}`, passwordHash: 'x', accountNo: `9${String(i).padStart(7, '0')}` }).returning();
        await openWallet(tx, u!.id, CURRENCY);
        const [card] = await tx.insert(bankCards).values({ userId: u!.id, bank: 'Bench Bank', cardNumber: '123456789012', ifsc: 'BNCH0000000', holder: 'Bench' }).returning();
        made.push({ id: u!.id, card: card!.id });
      }
      return made;
    });

    const latencies: number[] = [];
    let transfers = 0;
    let refused = 0;
    const deadline = performance.now() + DURATION_S * 1000;
    const now = new Date();
    // Each user alternates: a deposit completed by an operator (one transfer), then a withdrawal (one transfer).
    await Promise.all(
      people.map(async ({ id, card }) => {
        for (let round = 0; performance.now() < deadline; round++) {
          const t0 = performance.now();
          if (round % 2 === 0) {
            const { record } = await requestRecharge(db, { userId: id, key: randomUUID(), method: 'bank', amount: 500_000, currency: CURRENCY });
            await completeRecharge(db, record.id, operator!.id, now).catch(() => refused++);
          } else {
            await requestWithdrawal(db, { userId: id, key: randomUUID(), bankCardId: card, amount: 450_000, currency: CURRENCY }, now).catch(() => refused++);
          }
          latencies.push(performance.now() - t0);
          transfers++;
        }
      }),
    );
    const report = await verifyLedger(db);
    latencies.sort((a, b) => a - b);
    const result: LedgerBenchResult = {
      users: USERS,
      seconds: DURATION_S,
      transfers,
      transfersPerSec: Math.round(transfers / DURATION_S),
      p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
      p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
      refused,
      breaches: report.breaches.length,
    };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, `ledger-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log('\n[bench] ledger on PostgreSQL, 50 users (deposit completions and withdrawals):');
    console.table([result]);
    console.log(
      `[bench] ${result.transfersPerSec} transfers/s (target ${TARGET_TRANSFERS_PER_S}), p99 ${result.p99Ms} ms, ` +
        `${result.breaches} breaches after verify-ledger${report.ok ? '' : `: ${JSON.stringify(report.breaches.slice(0, 3))}`}`,
    );
    return result;
  } finally {
    await database.close();
    await admin(server, `drop database if exists "${name}" with (force)`);
  }
}

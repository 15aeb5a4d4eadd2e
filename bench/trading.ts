/**
 * Trading benchmark (`npm run bench -- trading`; not a test): 50 users at once on PostgreSQL, each buying a lot at the
 * market engine's price and selling it again, for BENCH_DURATION seconds, with the order matcher ticking alongside
 * over resting limit orders; then verify-ledger. Reports orders per second, the p50/p99 latency of one order (its
 * own transaction: order row, transfers, fill, position) and the breaches (target: none).
 *
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL's server: a fresh database is created and dropped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openDatabase } from '../api/src/db/database';
import { operators, settings, users } from '../api/src/db/schema';
import { openWallet } from '../api/src/ledger/accounts';
import { verifyLedger } from '../api/src/ledger/verify';
import { createMarketEngine } from '../api/src/market/engine';
import { OrderMatcher } from '../api/src/trading/matcher';
import { placeBuy, sellLot, type Market, type TradeDeps } from '../api/src/trading/orders';
import { completeRecharge, requestRecharge } from '../api/src/wallet/recharges';

const USERS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CURRENCY = 'INR';
const SYMBOL = 'RELIANCE.NS';
const RESULTS_DIR = path.resolve(__dirname, 'results');

export interface TradingBenchResult {
  users: number;
  seconds: number;
  orders: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  matcherFilled: number;
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

export async function runTradingBench(): Promise<TradingBenchResult | null> {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) {
    console.log('[bench] trading: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return null;
  }
  const name = `invest_trading_bench_${randomBytes(4).toString('hex')}`;
  await admin(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
  const db = database.db;
  try {
    // Markets always open, so every market order fills at once; the clock is real.
    const engine = createMarketEngine({ seed: 'bench', alwaysOpen: true });
    let pinned: Date | null = null;
    const market: Market = {
      engine,
      at: (instant, fn) => {
        const outer = pinned;
        pinned = instant;
        try {
          return fn();
        } finally {
          pinned = outer;
        }
      },
    };
    const deps: TradeDeps = { db, market, currency: CURRENCY };
    await db.insert(settings).values([
      { tag: 'recharge_bank_enabled', value: '1' },
      { tag: 'recharge_bank_account_name', value: 'Bench' },
      { tag: 'recharge_bank_name', value: 'Bench Bank' },
      { tag: 'recharge_bank_account', value: '000000000000' },
      { tag: 'recharge_bank_ifsc', value: 'BNCH0000000' },
    ]);
    const [operator] = await db.insert(operators).values({ username: 'bench', passwordHash: 'x' }).returning();
    const people = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (let i = 0; i < USERS; i++) {
        const [u] = await tx.insert(users).values({ phone: `71000${String(i).padStart(5, '0')}`, passwordHash: 'x', accountNo: `8${String(i).padStart(7, '0')}` }).returning();
        await openWallet(tx, u!.id, CURRENCY);
        ids.push(u!.id);
      }
      return ids;
    });
    for (const id of people) {
      const { record } = await requestRecharge(db, { userId: id, key: randomUUID(), method: 'bank', amount: 100_000_000, currency: CURRENCY });
      await completeRecharge(db, record.id, operator!.id, new Date());
    }

    // Resting limit orders (two per user, one reachable) for the matcher to work through meanwhile.
    const price = engine.quote(SYMBOL).price;
    for (const id of people) {
      for (const limit of [price * 1.5, price * 0.5]) {
        await placeBuy(deps, { userId: id, key: randomUUID(), tag: SYMBOL, count: 1, price, mold: 'stock', kind: 'limit', limitPrice: limit, tif: 'gtc' }, new Date());
      }
    }
    const matcher = new OrderMatcher(deps, { intervalMs: 200, clock: () => new Date() });

    const latencies: number[] = [];
    let orders = 0;
    let refused = 0;
    const deadline = performance.now() + DURATION_S * 1000;
    matcher.start();
    await Promise.all(
      people.map(async (userId) => {
        while (performance.now() < deadline) {
          const now = new Date();
          const p = market.at(now, () => engine.quote(SYMBOL).price);
          const t0 = performance.now();
          try {
            const lot = await placeBuy(deps, { userId, key: randomUUID(), tag: SYMBOL, count: 10, price: p, mold: 'stock', kind: 'market', tif: 'day' }, now);
            latencies.push(performance.now() - t0);
            orders++;
            const t1 = performance.now();
            await sellLot(deps, { userId, key: randomUUID(), no: lot.no, sellPrice: market.at(new Date(), () => engine.quote(SYMBOL).price) }, new Date());
            latencies.push(performance.now() - t1);
            orders++;
          } catch {
            refused++;
          }
        }
      }),
    );
    await matcher.stop();
    await matcher.tick();
    const report = await verifyLedger(db);
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from trade_fills f join trade_orders o on o.id = f.order_id where o.kind = 'limit'`).finally(() => c.end());
    latencies.sort((a, b) => a - b);
    const result: TradingBenchResult = {
      users: USERS,
      seconds: DURATION_S,
      orders,
      ordersPerSec: Math.round(orders / DURATION_S),
      p50Ms: Number(percentile(latencies, 0.5).toFixed(2)),
      p99Ms: Number(percentile(latencies, 0.99).toFixed(2)),
      refused,
      matcherFilled: rows[0]?.n ?? 0,
      breaches: report.breaches.length,
    };
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, `trading-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
    console.log('\n[bench] trading on PostgreSQL, 50 users (market buys and sales, matcher running):');
    console.table([result]);
    console.log(
      `[bench] ${result.ordersPerSec} orders/s, p99 ${result.p99Ms} ms, ${result.matcherFilled} limit orders filled by the matcher, ` +
        `${result.breaches} breaches after verify-ledger${report.ok ? '' : `: ${JSON.stringify(report.breaches.slice(0, 3))}`}`,
    );
    return result;
  } finally {
    await database.close();
    await admin(server, `drop database if exists "${name}" with (force)`);
  }
}

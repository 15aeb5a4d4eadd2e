/**
 * Trading benchmark (`npm run bench -- trading`; not a test): 50 users at once on PostgreSQL, each buying a lot at the
 * market engine's price and selling it again, for BENCH_DURATION seconds, with the order matcher ticking alongside
 * over resting limit orders; then verify-ledger. Reports orders per second, the p50/p99 latency of one order (its
 * own transaction: order row, transfers, fill, position) and the breaches (target: none).
 *
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL's server: a fresh database is created and dropped.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DEFAULT_MAX_AMOUNT } from '../api/src/config';
import { verifyLedger } from '../api/src/ledger/verify';
import { createPinnableEngine } from '../api/src/market/engine';
import { OrderMatcher } from '../api/src/trading/matcher';
import { placeBuy, sellLot, type TradeDeps } from '../api/src/trading/orders';
import { BENCH_CURRENCY, BENCH_DURATION_S, BENCH_USERS, admin, benchUsers, cpuMeter, databaseCpuMeter, fundBenchUser, latencyOf, report, withBenchDatabase } from './support';

const SYMBOL = 'RELIANCE.NS';

export interface TradingBenchResult {
  users: number;
  seconds: number;
  orders: number;
  ordersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  matcherFilled: number;
  /** This process's CPU per order (the API side's cost, whatever else runs on the machine). */
  nodeCpuMsPerOrder: number;
  /** The local PostgreSQL server's CPU per order (null when it runs elsewhere). */
  dbCpuMsPerOrder: number | null;
  breaches: number;
}

export function runTradingBench(): Promise<TradingBenchResult | null> {
  return withBenchDatabase('trading', async (db, url) => {
    // Markets always open, so every market order fills at once; the clock is real.
    const market = createPinnableEngine({ seed: 'bench', alwaysOpen: true });
    const { engine } = market;
    const deps: TradeDeps = { db, market, currency: BENCH_CURRENCY, maxAmount: DEFAULT_MAX_AMOUNT };
    const { operatorId, userIds: people } = await benchUsers(db, '71000');
    for (const id of people) await fundBenchUser(db, operatorId, id, 100_000_000);

    // Resting limit orders (two per user, one reachable) for the matcher to work through meanwhile.
    const price = engine.quote(SYMBOL).price;
    for (const id of people) {
      for (const limit of [price * 1.5, price * 0.5]) {
        await placeBuy(deps, { userId: id, key: randomUUID(), tag: SYMBOL, count: 1, price, mold: 'stock', kind: 'limit', limitPrice: limit, tif: 'gtc' }, new Date());
      }
    }
    const matcher = new OrderMatcher(deps, { intervalMs: 200, clock: () => new Date() });
    // Statistics as a running server's autovacuum keeps them (a fresh database's plans scan whole tables).
    await admin(url, 'analyze');

    const latencies: number[] = [];
    let orders = 0;
    let refused = 0;
    const deadline = performance.now() + BENCH_DURATION_S * 1000;
    const cpu = cpuMeter();
    const dbCpu = databaseCpuMeter(url);
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
    const nodeCpuMsPerOrder = cpu.msPer(orders);
    const dbCpuMsPerOrder = dbCpu.msPer(orders);
    await matcher.tick();
    const verified = await verifyLedger(db);
    const c = new Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from trade_fills f join trade_orders o on o.id = f.order_id where o.kind = 'limit'`).finally(() => c.end());
    const result: TradingBenchResult = {
      users: BENCH_USERS,
      seconds: BENCH_DURATION_S,
      orders,
      ordersPerSec: Math.round(orders / BENCH_DURATION_S),
      ...latencyOf(latencies),
      refused,
      matcherFilled: rows[0]?.n ?? 0,
      nodeCpuMsPerOrder,
      dbCpuMsPerOrder,
      breaches: verified.breaches.length,
    };
    report('trading', 'trading on PostgreSQL, 50 users (market buys and sales, matcher running)', result);
    console.log(
      `[bench] ${result.ordersPerSec} orders/s, p99 ${result.p99Ms} ms, ${result.matcherFilled} limit orders filled by the matcher, ` +
        `${result.breaches} breaches after verify-ledger${verified.ok ? '' : `: ${JSON.stringify(verified.breaches.slice(0, 3))}`}`,
    );
    return result;
  });
}

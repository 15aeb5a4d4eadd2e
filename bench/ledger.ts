/**
 * Ledger benchmark (`npm run bench`; not a test): 50 users at once on PostgreSQL, each completing deposits and
 * withdrawing, for BENCH_DURATION seconds; then verify-ledger. Reports ledger transfers per second, the p50/p99
 * latency of one money action (a deposit: its request and its completion; a withdrawal), the CPU each transfer costs
 * this process and the local PostgreSQL server, and the breaches (target: none).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { bankCards } from '../api/src/db/schema';
import { verifyLedger } from '../api/src/ledger/verify';
import { completeRecharge, requestRecharge } from '../api/src/wallet/recharges';
import { requestWithdrawal } from '../api/src/wallet/withdrawals';
import { BENCH_CURRENCY, BENCH_DURATION_S, BENCH_USERS, BENCH_WARMUP_S, admin, benchUsers, cpuMeter, databaseCpuMeter, latencyOf, report, withBenchDatabase } from './support';

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
  /** This process's CPU per transfer (the API side's cost, whatever else runs on the machine). */
  nodeCpuMsPerTransfer: number;
  /** The local PostgreSQL server's CPU per transfer (null when it runs elsewhere). */
  dbCpuMsPerTransfer: number | null;
  breaches: number;
}

export function runLedgerBench(): Promise<LedgerBenchResult | null> {
  return withBenchDatabase('ledger', async (db, url) => {
    // Set-up: users with wallets and a card each, and a deposit method to pay in with.
    const { operatorId, userIds } = await benchUsers(db, '70000');
    const people: { id: number; card: number }[] = [];
    for (const id of userIds) {
      const [card] = await db.insert(bankCards).values({ userId: id, bank: 'Bench Bank', cardNumber: '123456789012', ifsc: 'BNCH0000000', holder: 'Bench' }).returning();
      people.push({ id, card: card!.id });
    }

    const now = new Date();
    // Each user alternates: a deposit completed by an operator (one transfer), then a withdrawal (one transfer).
    const workload = async (seconds: number) => {
      const run = { latencies: [] as number[], transfers: 0, refused: 0 };
      const deadline = performance.now() + seconds * 1000;
      await Promise.all(
        people.map(async ({ id, card }) => {
          for (let round = 0; performance.now() < deadline; round++) {
            const t0 = performance.now();
            if (round % 2 === 0) {
              const { record } = await requestRecharge(db, { userId: id, key: randomUUID(), method: 'bank', amount: 500_000, currency: BENCH_CURRENCY });
              await completeRecharge(db, record.id, operatorId, now).catch(() => run.refused++);
            } else {
              await requestWithdrawal(db, { userId: id, key: randomUUID(), bankCardId: card, amount: 450_000, currency: BENCH_CURRENCY }, now).catch(() => run.refused++);
            }
            run.latencies.push(performance.now() - t0);
            run.transfers++;
          }
        }),
      );
      return run;
    };
    // A running server's tables have statistics (autovacuum analyses them as they grow); a fresh database's have
    // none, and plans made then scan whole tables. Warm up, analyse, then measure.
    await workload(BENCH_WARMUP_S);
    await admin(url, 'analyze');
    const cpu = cpuMeter();
    const dbCpu = databaseCpuMeter(url);
    const { latencies, transfers, refused } = await workload(BENCH_DURATION_S);
    const nodeCpuMsPerTransfer = cpu.msPer(transfers);
    const dbCpuMsPerTransfer = dbCpu.msPer(transfers);
    const verified = await verifyLedger(db);
    const result: LedgerBenchResult = {
      users: BENCH_USERS,
      seconds: BENCH_DURATION_S,
      transfers,
      transfersPerSec: Math.round(transfers / BENCH_DURATION_S),
      ...latencyOf(latencies),
      refused,
      nodeCpuMsPerTransfer,
      dbCpuMsPerTransfer,
      breaches: verified.breaches.length,
    };
    report('ledger', 'ledger on PostgreSQL, 50 users (deposit completions and withdrawals)', result);
    console.log(
      `[bench] ${result.transfersPerSec} transfers/s (target ${TARGET_TRANSFERS_PER_S}), p99 ${result.p99Ms} ms, ` +
        `${result.breaches} breaches after verify-ledger${verified.ok ? '' : `: ${JSON.stringify(verified.breaches.slice(0, 3))}`}`,
    );
    return result;
  });
}

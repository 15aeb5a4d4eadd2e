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
import { BENCH_CURRENCY, BENCH_DURATION_S, BENCH_USERS, benchUsers, cpuMeter, databaseCpuMeter, latencyOf, report, withBenchDatabase } from './support';

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
    const people = [];
    for (const id of userIds) {
      const [card] = await db.insert(bankCards).values({ userId: id, bank: 'Bench Bank', cardNumber: '123456789012', ifsc: 'BNCH0000000', holder: 'Bench' }).returning();
      people.push({ id, card: card!.id });
    }

    const latencies: number[] = [];
    let transfers = 0;
    let refused = 0;
    const deadline = performance.now() + BENCH_DURATION_S * 1000;
    const now = new Date();
    const cpu = cpuMeter();
    const dbCpu = databaseCpuMeter(url);
    // Each user alternates: a deposit completed by an operator (one transfer), then a withdrawal (one transfer).
    await Promise.all(
      people.map(async ({ id, card }) => {
        for (let round = 0; performance.now() < deadline; round++) {
          const t0 = performance.now();
          if (round % 2 === 0) {
            const { record } = await requestRecharge(db, { userId: id, key: randomUUID(), method: 'bank', amount: 500_000, currency: BENCH_CURRENCY });
            await completeRecharge(db, record.id, operatorId, now).catch(() => refused++);
          } else {
            await requestWithdrawal(db, { userId: id, key: randomUUID(), bankCardId: card, amount: 450_000, currency: BENCH_CURRENCY }, now).catch(() => refused++);
          }
          latencies.push(performance.now() - t0);
          transfers++;
        }
      }),
    );
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

/**
 * `npm run bench`: the performance harness — the API load benchmark (bench/api.ts) and the ledger benchmark
 * (bench/ledger.ts, on PostgreSQL) and the trading benchmark (bench/trading.ts, on PostgreSQL). `npm run bench --
 * ledger` (or `api`, `trading`) runs one. It is a measurement to read, not
 * a test, so it exits 0 even when a figure misses its target.
 */
import { runApiBench } from './api';
import { runLedgerBench } from './ledger';
import { runTradingBench } from './trading';

const only = process.argv[2];
async function main(): Promise<void> {
  if (!only || only === 'api') await runApiBench();
  if (!only || only === 'ledger') await runLedgerBench();
  if (!only || only === 'trading') await runTradingBench();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

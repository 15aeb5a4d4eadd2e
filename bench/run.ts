/**
 * `npm run bench`: the performance harness — the API load benchmark (bench/api.ts), the ledger benchmark
 * (bench/ledger.ts, on PostgreSQL), the trading benchmark (bench/trading.ts, on PostgreSQL), the web benchmark
 * (bench/web.ts: bytes and Lighthouse, federated vs one bundle) and the chart benchmark (bench/chart.ts: live updates
 * and first draw on a throttled phone). `npm run bench -- ledger` (or `api`, `trading`, `web`, `chart`) runs one. It
 * is a measurement to read, not a test, so it exits 0 even when a figure misses its target.
 */
import { runApiBench } from './api';
import { runChartBench } from './chart';
import { runLedgerBench } from './ledger';
import { runTradingBench } from './trading';
import { runWebBench } from './web';

const only = process.argv[2];
async function main(): Promise<void> {
  if (!only || only === 'api') await runApiBench();
  if (!only || only === 'ledger') await runLedgerBench();
  if (!only || only === 'trading') await runTradingBench();
  if (!only || only === 'web') await runWebBench();
  if (!only || only === 'chart') await runChartBench();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

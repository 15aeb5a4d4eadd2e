/**
 * `npm run bench`: the performance harness — the API load benchmark (bench/api.ts), the ledger benchmark
 * (bench/ledger.ts, on PostgreSQL), the trading benchmark (bench/trading.ts, on PostgreSQL), the web benchmark
 * (bench/web.ts: bytes and Lighthouse, federated vs one bundle), the chart benchmark (bench/chart.ts: live updates
 * and first draw on a throttled phone), the replicas benchmark (bench/replicas.ts: orders with one and two API
 * processes, a tick fanned out to 5,000 streams, memory) and the stack benchmark (bench/stack.ts: Lighthouse for home
 * through the production topology and from one process). `npm run bench -- ledger` (or `api`, `trading`, `web`,
 * `chart`, `replicas`, `stack`) runs one; `npm run bench -- web-ab` compares two federated builds (bench/web-ab.ts).
 * It is a measurement to read, not a test, so it exits 0 even when a figure misses its target.
 */
import { runApiBench } from './api';
import { runChartBench } from './chart';
import { runLedgerBench } from './ledger';
import { runReplicasBench } from './replicas';
import { runStackBench } from './stack';
import { runTradingBench } from './trading';
import { runWebBench } from './web';
import { runWebAbBench } from './web-ab';

const only = process.argv[2];
async function main(): Promise<void> {
  if (!only || only === 'api') await runApiBench();
  if (!only || only === 'ledger') await runLedgerBench();
  if (!only || only === 'trading') await runTradingBench();
  if (!only || only === 'web') await runWebBench();
  if (!only || only === 'chart') await runChartBench();
  if (!only || only === 'replicas') await runReplicasBench();
  if (!only || only === 'stack') await runStackBench();
  // Only when asked: it compares two builds someone kept.
  if (only === 'web-ab') await runWebAbBench();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * The server side of the web benchmark (bench/web.ts starts one per variant as a child process): the real app
 * (buildApp on in-memory PGlite, markets always open) and the web files of one variant, served the way `npm start`
 * serves them (@invest/web: pre-compressed brotli, the same cache headers). WEB_DIST names the variant's files:
 * a folder holding one build folder per app (`<WEB_DIST>/shell`, `<WEB_DIST>/mf-markets`…); without it, each app's
 * own dist. Reports { port, token, userInfo } to the parent over IPC, then serves until told to stop. BENCH_HOLDING=1
 * gives the user a position to chart (a completed deposit and one share bought at the engine's price).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/src';
import { deployBuilds, distOf, registerWeb, type WebApp } from '@invest/web';
import { demoConfig, demoSession, type DemoSession } from '../scripts/demo-app';
import { listenLocal, serveUntilStopped } from './child-server';

export interface WebServerReady extends DemoSession {
  port: number;
}

async function main(): Promise<void> {
  const config = demoConfig('bench-web', { LOG_LEVEL: 'warn' });
  const { app, seeded } = await buildApp(config);
  const root = process.env.WEB_DIST;
  const distOfVariant = root ? (a: WebApp) => path.join(root, a.dir) : distOf;
  // Deployed as `npm start` deploys: each remote a release of its own, in RELEASES_DIR when the parent reads the files
  // (bench/web.ts), else in a folder that goes with the process.
  const releasesDir = process.env.RELEASES_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'invest-bench-web-'));
  if (!process.env.RELEASES_DIR) process.once('exit', () => fs.rmSync(releasesDir, { recursive: true, force: true }));
  await registerWeb(app, { distOf: distOfVariant, releasesDir, remotesFile: deployBuilds(releasesDir, distOfVariant) });
  const port = await listenLocal(app, Number(process.env.PORT ?? 0));

  const ready: WebServerReady = { port, ...(await demoSession(app, seeded.inviteCode!, '9000000002')) };
  if (process.env.BENCH_HOLDING === '1') await buyOneShare(app, seeded.operator!, ready.token, 'RELIANCE.NS');
  process.send?.(ready);
  serveUntilStopped(app);
}

/** A deposit an operator completes, then one share of `symbol` at the price the engine quotes now. */
async function buyOneShare(app: FastifyInstance, operator: { user: string; password: string }, token: string, symbol: string): Promise<void> {
  const ok = async <T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> => {
    const r = await res;
    if (r.statusCode !== 200) throw new Error(r.body);
    return (r.json() as { data: T }).data;
  };
  const user = { authorization: `Bearer ${token}` };
  const deposit = await ok<{ id: number }>(app.inject({ method: 'POST', url: '/api/stock/success/v2/recharge/add', headers: { ...user, 'idempotency-key': 'bench-deposit' }, payload: { count: 10_000_000 } }));
  const ops = await ok<{ token: string }>(app.inject({ method: 'POST', url: '/api/ops/login', payload: { user: operator.user, password: operator.password } }));
  await ok(app.inject({ method: 'POST', url: `/api/ops/recharges/${deposit.id}/complete`, headers: { authorization: `Bearer ${ops.token}` }, payload: {} }));
  const quote = await ok<{ price: number }>(app.inject({ method: 'GET', url: `/api/v2/yahoo?symbol=${symbol}&mold=1d`, headers: user }));
  await ok(app.inject({ method: 'POST', url: '/api/stock/success/deal/buy', headers: { ...user, 'idempotency-key': 'bench-buy' }, payload: { tag: symbol, count: 1, price: quote.price } }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

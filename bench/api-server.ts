/**
 * The API under test in the API benchmark (bench/api.ts starts it as a child process, so the load generator does not
 * share its event loop): the real app (buildApp) on the PostgreSQL database BENCH_API_DATABASE_URL names, else on the
 * embedded one in a data folder (as `npm start` runs it), and one registered user with money, an open position and a
 * wallet, so that every query of a read finds rows. Reports { port, token, userId, cases } to the parent over IPC, then serves until it is told to stop.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/src';
import { demoConfig, demoSession } from '../scripts/demo-app';
import { listenLocal, serveUntilStopped } from './child-server';

export interface BenchCase {
  name: string;
  /** The measured call (with the bearer token). */
  path: string;
  /** The exact body the call answered when captured: the bare server answers the same bytes. */
  body: string;
  /** The call reads the database (the bare server repeats its queries) rather than the engine's memory. */
  reads: boolean;
}

export interface ServerReady {
  port: number;
  token: string;
  userId: number;
  currency: string;
  cases: BenchCase[];
}

const CASES = [
  { name: 'yahoo ^NSEI (1m)', path: '/api/v2/yahoo?symbol=%5ENSEI', reads: false },
  { name: 'stock/list ^NSEI p1 l10', path: '/api/v2/stock/list?symbol=%5ENSEI&page=1&limit=10', reads: false },
  { name: 'user info', path: '/api/stock/success/v2/user/info', reads: true },
];

async function call(app: FastifyInstance, method: 'GET' | 'POST', url: string, init: { token?: string; payload?: object; key?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['idempotency-key'] = randomUUID();
  const res = await app.inject({ method, url, headers, payload: init.payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function main(): Promise<void> {
  // Without one, the embedded database in the data folder, as `npm start` runs it.
  const databaseUrl = process.env.BENCH_API_DATABASE_URL;
  // Prices move on any day of the week, so the response caches really turn over every price tick.
  const config = demoConfig('bench-api', { LOG_LEVEL: 'silent', MARKET_ALWAYS_OPEN: process.env.MARKET_ALWAYS_OPEN ?? '1', DATABASE_URL: databaseUrl });
  // The 1-minute chart grows through the day: the app's clock reads 15:00 IST (09:30 UTC) of today whatever the hour
  // the bench runs at, so an index's chart is about 110 KB of JSON in every run. It still ticks, so the response
  // caches turn over as they do in service.
  const at = new Date();
  at.setUTCHours(9, 30, 0, 0);
  const offset = at.getTime() - Date.now();
  const { app, seeded } = await buildApp(config, { logger: false, clock: () => new Date(Date.now() + offset) });
  const port = await listenLocal(app);

  const { token, userInfo } = await demoSession(app, seeded.inviteCode!, `9${String(Date.now()).slice(-9)}`);
  const operator = seeded.operator!;
  const opsToken = (await call(app, 'POST', '/api/ops/login', { payload: { user: operator.user, password: operator.password } })).json().data.token;
  const deposit = await call(app, 'POST', '/api/stock/success/v2/recharge/add', { token, payload: { count: 5_000_000 }, key: true });
  await call(app, 'POST', `/api/ops/recharges/${deposit.json().data.id}/complete`, { token: opsToken, payload: {} });
  const quote = await call(app, 'GET', '/api/v2/yahoo?symbol=TCS.NS&mold=1d', { token });
  await call(app, 'POST', '/api/stock/success/deal/buy', { token, payload: { tag: 'TCS.NS', count: 2, price: quote.json().data.price }, key: true });

  const cases: BenchCase[] = [];
  for (const c of CASES) cases.push({ ...c, body: (await call(app, 'GET', c.path, { token })).body });

  const ready: ServerReady = { port, token, userId: (JSON.parse(userInfo) as { id: number }).id, currency: config.currency, cases };
  process.send?.(ready);
  serveUntilStopped(app);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

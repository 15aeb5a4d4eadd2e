/**
 * The server side of the API benchmark (bench/api.ts starts it as a child process, so the load generator does not
 * share its event loop): the real app (buildApp on in-memory PGlite), one registered user, and bare routes in the
 * same process that answer the exact bytes of each measured call, captured once, with no auth and no engine.
 * Reports { port, token, cases } to the parent over IPC, then serves until it is told to stop.
 */
import { buildApp } from '../api/src';
import { demoConfig, demoSession } from '../scripts/demo-app';
import { listenLocal, serveUntilStopped } from './child-server';

export interface BenchCase {
  name: string;
  /** The measured call (needs the bearer token). */
  path: string;
  /** The bare route answering the same bytes (asked with the same query string, so both parse the same request). */
  barePath: string;
  bytes: number;
}

export interface ServerReady {
  port: number;
  token: string;
  cases: BenchCase[];
}

const CASES = [
  { name: 'yahoo ^NSEI (1m)', path: '/api/v2/yahoo?symbol=%5ENSEI' },
  { name: 'stock/list ^NSEI p1 l10', path: '/api/v2/stock/list?symbol=%5ENSEI&page=1&limit=10' },
];

async function main(): Promise<void> {
  // Prices move on any day of the week, so the response caches really turn over every price tick.
  const config = demoConfig('bench-api', { LOG_LEVEL: 'silent', MARKET_ALWAYS_OPEN: process.env.MARKET_ALWAYS_OPEN ?? '1' });
  // The 1-minute chart grows through the day: the app's clock reads 15:00 IST (09:30 UTC) of today whatever the hour
  // the bench runs at, so an index's chart is about 110 KB of JSON in every run. It still ticks, so the response
  // caches turn over as they do in service.
  const at = new Date();
  at.setUTCHours(9, 30, 0, 0);
  const offset = at.getTime() - Date.now();
  const { app, seeded } = await buildApp(config, { logger: false, clock: () => new Date(Date.now() + offset) });

  const captured = new Map<string, string>();
  CASES.forEach((c, i) => {
    const body = () => captured.get(c.path) ?? '';
    app.get(`/bare/${i}`, (_req, reply) => {
      reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body());
    });
  });

  const port = await listenLocal(app);

  const { token } = await demoSession(app, seeded.inviteCode!, '9000000001');

  const cases: BenchCase[] = [];
  for (const [i, c] of CASES.entries()) {
    const res = await app.inject({ method: 'GET', url: c.path, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${c.path}: ${res.statusCode} ${res.body}`);
    captured.set(c.path, res.body);
    const query = c.path.slice(c.path.indexOf('?'));
    cases.push({ name: c.name, path: c.path, barePath: `/bare/${i}${query}`, bytes: Buffer.byteLength(res.body) });
  }

  const ready: ServerReady = { port, token, cases };
  process.send?.(ready);
  serveUntilStopped(app);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

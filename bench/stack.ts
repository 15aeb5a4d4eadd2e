/**
 * Stack benchmark (`npm run bench -- stack`; not a test): Lighthouse (mobile) for home served through the production
 * topology (scripts/stack/run.ts: the edge nginx, the page server, the apps' nginx, two API replicas on PostgreSQL
 * and Redis) against the same build served by one process as `npm start` serves it, in the same run, the runs of the
 * two interleaved; medians of BENCH_LH_RUNS (default 3). Needs the local PostgreSQL and Redis (the stack starts them).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startStack } from '../scripts/stack/run';
import type { DemoSession } from '../scripts/demo-app';
import { LH_RUNS, lighthouseOnce, median } from './lighthouse';
import { report } from './support';
import { startWebServer, stopWebServer } from './web-server-process';

const PORT = Number(process.env.BENCH_STACK_PORT ?? 8700);
const DATABASE = `invest_stack_bench_${process.pid}`;
const ADMIN = process.env.STACK_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A user registered and logged in through the edge: the session the page keeps. */
async function stackSession(base: string): Promise<DemoSession> {
  const phone = `96${String(Date.now()).slice(-8)}`;
  const send = (url: string, body: unknown) => fetch(`${base}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await send('/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' });
  const { data } = (await (await send('/stock/user/login', { user: phone, password: 'secret123' })).json()) as { data: { token: string; id: number; user: string; login: string } };
  return { token: data.token, userInfo: JSON.stringify({ id: data.id, user: data.user, login: data.login }) };
}

export async function runStackBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-stack-bench-'));
  const stack = await startStack({ port: PORT, dir, database: DATABASE, redisPrefix: `invest-stack-bench-${randomUUID()}:`, env: { LOG_LEVEL: 'warn' }, output: () => {} });
  const { child, ready } = await startWebServer({ RELEASES_DIR: path.join(dir, 'one-process-releases') });
  try {
    const targets = [
      { name: 'through the stack (edge nginx)', url: `${stack.base}/`, session: await stackSession(stack.base) },
      { name: 'one process (npm start)', url: `http://127.0.0.1:${ready.port}/`, session: ready as DemoSession },
    ];
    const runs = new Map(targets.map((t) => [t.name, [] as Awaited<ReturnType<typeof lighthouseOnce>>[]]));
    for (let i = 0; i < Math.max(1, LH_RUNS); i++) for (const t of targets) runs.get(t.name)!.push(await lighthouseOnce(t.url, t.session));
    const rows = targets.map((t) => {
      const r = runs.get(t.name)!;
      return { home: t.name, score: median(r.map((x) => x.score)), 'LCP ms': median(r.map((x) => x.lcpMs)), 'TBT ms': median(r.map((x) => x.tbtMs)), runs: r.length };
    });
    console.table(rows);
    report('stack', 'Lighthouse for home: the stack against one process', Object.fromEntries(rows.flatMap((r) => [[`${r.home}: score`, r.score], [`${r.home}: LCP ms`, r['LCP ms']]])));
  } finally {
    await stopWebServer(child);
    await stack.stop();
    const admin = new Client({ connectionString: ADMIN });
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`).finally(() => admin.end());
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

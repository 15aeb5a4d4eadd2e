/**
 * The database's own ceiling, for the money benchmarks to be read against: pgbench's built-in TPC-B-like transaction
 * (three updates, a select and an insert, one commit: close to one ledger transfer) on a scratch database of the same
 * server, with as many clients as the bench has users, for the same time. Null where pgbench is not installed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { admin, BENCH_DURATION_S, BENCH_USERS } from './support';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  clients: number;
  /** Scale factor: as many branches as clients, so clients contend as little as bench users on their own wallets. */
  scale: number;
  seconds: number;
}

export async function pgbenchTps(server: string): Promise<PgbenchResult | null> {
  const name = `invest_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  const scale = BENCH_USERS;
  try {
    await run('pgbench', ['--version']);
  } catch {
    console.log('[bench] pgbench: not installed (Debian: postgresql-client); no database reference');
    return null;
  }
  await admin(server, `create database "${name}"`);
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), url.toString()]);
    const { stdout } = await run('pgbench', ['-n', '-c', String(BENCH_USERS), '-j', '2', '-T', String(BENCH_DURATION_S), url.toString()]);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`pgbench said: ${stdout}`);
    return { tps: Math.round(tps), clients: BENCH_USERS, scale, seconds: BENCH_DURATION_S };
  } finally {
    await admin(server, `drop database if exists "${name}" with (force)`);
  }
}

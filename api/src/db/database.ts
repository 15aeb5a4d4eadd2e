import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import { MEMORY_DATABASE_URL, type Config } from '../config';
import { API_ROOT } from '../package-root';
import * as schema from './schema';
import { statementName } from './statement';

/** The committed SQL migrations (api/drizzle), applied on every open. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');

/** One drizzle type for both drivers; code never needs to know which one it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. Use it, never `db`, in there: PGlite has one connection. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for helpers that work inside or outside a transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Serialises migrations when several API replicas start at once against one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_302_026;

/**
 * Opens the configured database and applies pending migrations:
 * PostgreSQL when `databaseUrl` is a postgres:// URL, otherwise embedded PGlite in `<dataDir>/pg`
 * (or in memory for `memory://`).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<Database> {
  const url = config.databaseUrl;
  if (url && url !== MEMORY_DATABASE_URL) return openPostgres(url);
  return openPglite(url === MEMORY_DATABASE_URL ? null : path.join(config.dataDir, 'pg'), options);
}

export interface OpenOptions {
  /** In-memory PGlite only: start from a dump (PGlite's dumpDataDir) instead of a fresh initdb (~2 s). Tests use it. */
  pgliteTemplate?: Blob;
  /**
   * The PGlite class to use. Tests pass one loaded by Node itself: PGlite's CommonJS build imports
   * Node built-ins with dynamic import(), which Jest's module sandbox refuses.
   */
  PGlite?: typeof PGlite;
}

async function openPglite(dir: string | null, options: OpenOptions): Promise<Database> {
  const unlock = dir ? lockDataDir(dir) : () => {};
  const Pglite = options.PGlite ?? PGlite;
  let client: PGlite | undefined;
  try {
    client = dir
      ? await Pglite.create(dir)
      : await Pglite.create(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {});
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: once(async () => {
        await opened.close();
        unlock();
      }),
    };
  } catch (err) {
    await client?.close().catch(() => {});
    unlock();
    throw err;
  }
}

export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * PGlite has no server to arbitrate: two processes on one data directory corrupt it. A pid file makes
 * the second one (a second server, or the ops CLI while the server runs) fail with a clear message.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or use DATABASE_URL (PostgreSQL) to share one database.`,
        );
      }
      // Left behind by a process that died (or by this pid in an earlier life, e.g. pid 1 in a
      // restarted container): take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * node-postgres prepares a query that has a `name` once per connection, then only binds and executes it. Drizzle's
 * `execute` sends no name, so this client gives runStatement's statements theirs (carried in their text).
 */
class StatementClient extends Client {
  override query(config: unknown, ...rest: unknown[]) {
    // A string, a config or a submittable: only a config has a `text` property.
    const name = statementName((config as { text?: unknown } | null)?.text);
    return Reflect.apply(super.query, this, [name ? { ...(config as object), name } : config, ...rest]);
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: 10, Client: StatementClient });
  // An idle client that loses its server emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {});
  try {
    const db = drizzlePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lock.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: once(() => pool.end()) };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

const once = (fn: () => Promise<void>) => {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
};

/**
 * One runner at a time for a periodic job among the processes that share a database: a lease row per job name, taken
 * when free or expired and renewed by its holder on every pass. A row, not a session-level advisory lock, because it
 * holds nothing between statements: it survives a transaction-pooling proxy (PgBouncer) and a connection that is
 * recycled, and the embedded database runs it the same way. Expiry is the database's clock, the one all replicas
 * share. The price: a holder that dies leaves the job idle until its lease expires (a few passes).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobLeases } from '../db/schema';

export interface Lease {
  db: Db;
  /** This process among those sharing the database. */
  holder: string;
}

/** Takes or renews the job's lease for `ttlMs`; whether this process holds it now. */
export async function holdLease(lease: Lease, job: string, ttlMs: number): Promise<boolean> {
  const rows = await lease.db
    .insert(jobLeases)
    .values({ name: job, holder: lease.holder, expiresAt: sql`now() + ${ttlMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder: lease.holder, expiresAt: sql`excluded.expires_at` },
      setWhere: sql`${jobLeases.holder} = ${lease.holder} or ${jobLeases.expiresAt} < now()`,
    })
    .returning({ holder: jobLeases.holder });
  return rows.length > 0;
}

/** Gives the job up at once (a process that stops), so another takes it over at its next pass. */
export async function releaseLease(lease: Lease, job: string): Promise<void> {
  await lease.db.delete(jobLeases).where(and(eq(jobLeases.name, job), eq(jobLeases.holder, lease.holder)));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lease of this app's periodic jobs, on a database other processes may share; decorated by buildApp. */
    jobLease: Lease | undefined;
  }
}

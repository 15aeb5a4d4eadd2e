import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/**
 * Runs one hand-written statement of a hot path (a money action's), prepared once per connection under `name`:
 * PostgreSQL then neither parses nor plans it again, and no query builder runs per call (a profile of the ledger
 * benchmark spent a fifth of its time building queries). Both drivers answer `{ rows }` with columns by their SQL
 * names; int8 arrives as a string on node-postgres, so read numbers through `Number()` or `rowOf`.
 */
export async function runStatement<R>(db: DbOrTx, name: string, text: string, params: unknown[]): Promise<R[]> {
  const result = (await db._.session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as { rows: R[] };
  return result.rows;
}

/** A timestamp parameter: ISO text both drivers pass through unchanged (null lets the statement use now()). */
export const timestampParam = (at: Date | undefined): string | null => at?.toISOString() ?? null;

/**
 * The SQL column list of `table` as this code knows it: statements name their columns rather than `*`, so a column
 * a later migration adds (while this version still runs) does not change a prepared statement's result type.
 */
export const columnsOf = (table: PgTable): string =>
  Object.values(getTableColumns(table))
    .map((c) => `"${c.name}"`)
    .join(', ');

/** A raw row of `table` (its columns by their SQL names) as drizzle would have returned it. */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

import { getTableColumns, Param, SQL, StringChunk, type SQLChunk } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/**
 * Runs one hand-written statement of a hot path (a money action's) through drizzle's public `execute`, on the
 * connection of `db` (a transaction's own when `db` is one), with no query builder per call (a profile of the ledger
 * benchmark spent a fifth of its time building queries). On PostgreSQL it is prepared once per connection under
 * `name` (its text carries the name, which database.ts's client hands the driver): PostgreSQL then neither parses nor
 * plans it again. Both drivers answer `{ rows }` with columns by their SQL names; int8 arrives as a string on
 * node-postgres, so read numbers through `Number()` or `rowOf`.
 */
export async function runStatement<R>(db: DbOrTx, name: string, text: string, params: unknown[]): Promise<R[]> {
  const result = (await db.execute(statementSql(name, text, params))) as unknown as { rows: R[] };
  return result.rows;
}

const NAME_MARK = '-- statement ';

/** The name runStatement gave a statement's text, if it is one of its statements. */
export function statementName(text: unknown): string | undefined {
  if (typeof text !== 'string' || !text.startsWith(NAME_MARK)) return undefined;
  return text.slice(NAME_MARK.length, text.indexOf('\n'));
}

/**
 * The statement as drizzle SQL, its text verbatim. Drizzle writes each parameter as the next `$n`, in order; listed
 * once each in a comment ahead of the text, they are numbered as the text numbers them, so a parameter the text
 * references several times is one value. Values go in as the `sql` template puts what it interpolates: a primitive as
 * it is (drizzle renders it as a parameter with the fewest checks), an object (an array) wrapped in a Param so it
 * stays one parameter rather than a list.
 */
function statementSql(name: string, text: string, params: unknown[]): SQL {
  const chunks: unknown[] = [new StringChunk(`${NAME_MARK}${name}\n/* `)];
  for (const value of params) chunks.push(value === undefined ? null : typeof value === 'object' && value !== null ? new Param(value) : value);
  chunks.push(new StringChunk(` */\n${text}`));
  return new SQL(chunks as SQLChunk[]);
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

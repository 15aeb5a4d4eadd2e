/** Postgres error fields we read; both pg and PGlite errors carry them (drizzle wraps them as `cause`). */
interface PgErrorFields {
  code?: string;
  constraint?: string;
}

/** Finds the driver's error below drizzle's DrizzleQueryError wrapper. */
function pgError(err: unknown): PgErrorFields | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fields = e as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    e = fields.cause;
  }
  return null;
}

/** A unique-index violation (23505), optionally of one named constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  if (!pg || pg.code !== '23505') return false;
  return constraint === undefined || pg.constraint === constraint;
}

/**
 * A data exception (SQLSTATE class 22: a number out of its column's range, text the encoding cannot hold, ...):
 * the database refused a value the input check should have stopped.
 */
export function isDataException(err: unknown): boolean {
  return pgError(err)?.code?.startsWith('22') ?? false;
}

/**
 * A loggable view of a database error. DrizzleQueryError's message lists the query parameters,
 * which can be password or token hashes: keep those out of the logs.
 */
export function redactDbError(err: unknown): unknown {
  if (!(err instanceof Error) || !('query' in err) || !('params' in err)) return err;
  const cause = err.cause instanceof Error ? err.cause : undefined;
  const pg = pgError(err);
  const safe = new Error(`Failed query: ${String(err.query)}${cause ? `: ${cause.message}` : ''}`);
  safe.name = 'DatabaseError';
  Object.assign(safe, { code: pg?.code, constraint: pg?.constraint });
  if (cause?.stack) safe.stack = `${safe.name}: ${safe.message}\n${cause.stack.split('\n').slice(1).join('\n')}`;
  return safe;
}

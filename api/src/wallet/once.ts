import { keyReused } from '../ledger/errors';

/**
 * A request booked once per idempotency key: `insert` adds the row unless the key has one already (ON CONFLICT DO
 * NOTHING); then the first row answers a replay of the same request, and a different request under the same key
 * is refused (409).
 */
export async function insertOnce<R extends { requestHash: string }>(
  hash: string,
  insert: () => Promise<R | undefined>,
  existing: () => Promise<R | undefined>,
): Promise<{ row: R; replayed: boolean }> {
  const row = await insert();
  if (row) return { row, replayed: false };
  const first = await existing();
  if (!first || first.requestHash !== hash) throw keyReused();
  return { row: first, replayed: true };
}

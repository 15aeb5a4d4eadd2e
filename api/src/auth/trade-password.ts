import { eq, sql } from 'drizzle-orm';
import { TRADE_PASSWORD_LOCK_MINUTES, TRADE_PASSWORD_MAX_FAILURES, type TradePasswordState } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { tradePasswords } from '../db/schema';
import { ApiError } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';

const LOCK_MS = TRADE_PASSWORD_LOCK_MINUTES * 60_000;

async function findTradePassword(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(tradePasswords).where(eq(tradePasswords.userId, userId)).limit(1);
  return row ?? null;
}

export async function tradePasswordState(db: DbOrTx, userId: number, now: Date): Promise<TradePasswordState> {
  const row = await findTradePassword(db, userId);
  const locked = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null;
  return { is_set: row !== null, locked_until: locked };
}

/** The first transaction password: refused when one exists (changing it needs the login password: modifyTradePassword). */
export async function setTradePassword(db: DbOrTx, userId: number, code: string, now: Date): Promise<void> {
  if (await findTradePassword(db, userId)) throw new ApiError(409, 'tradePasswordAlreadySet');
  const passwordHash = await hashPassword(code);
  try {
    await db.insert(tradePasswords).values({ userId, passwordHash, updatedAt: now });
  } catch (err) {
    // Two first-time sets at once: the primary key lets one in.
    if (isUniqueViolation(err)) throw new ApiError(409, 'tradePasswordAlreadySet');
    throw err;
  }
}

/** A new transaction password (the caller has checked the login password); it also lifts a lock. */
export async function modifyTradePassword(db: DbOrTx, userId: number, code: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(code);
  const [row] = await db
    .update(tradePasswords)
    .set({ passwordHash, failures: 0, lockedUntil: null, updatedAt: now })
    .where(eq(tradePasswords.userId, userId))
    .returning({ userId: tradePasswords.userId });
  if (!row) throw new ApiError(422, 'tradePasswordNotSet');
}

/**
 * Checks a transaction code (block trading and QIP purchases). While locked it refuses without looking at the code;
 * each wrong code counts, and the TRADE_PASSWORD_MAX_FAILURES-th in a row locks it for TRADE_PASSWORD_LOCK_MINUTES.
 * A right code resets the count. The count lives in the database, so every replica agrees on it.
 */
export async function verifyTradePassword(db: DbOrTx, userId: number, code: string, now: Date): Promise<void> {
  const row = await findTradePassword(db, userId);
  if (!row) throw new ApiError(422, 'tradePasswordNotSet');
  if (row.lockedUntil && row.lockedUntil > now) throw new ApiError(423, 'tradePasswordLocked', Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000));
  if (await verifyPassword(row.passwordHash, code)) {
    if (row.failures > 0) await db.update(tradePasswords).set({ failures: 0 }).where(eq(tradePasswords.userId, userId));
    return;
  }
  // Counted in one statement, so concurrent wrong codes cannot each read the same count.
  const [after] = await db
    .update(tradePasswords)
    .set({
      failures: sql`case when ${tradePasswords.failures} + 1 >= ${TRADE_PASSWORD_MAX_FAILURES} then 0 else ${tradePasswords.failures} + 1 end`,
      lockedUntil: sql`case when ${tradePasswords.failures} + 1 >= ${TRADE_PASSWORD_MAX_FAILURES} then ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz else ${tradePasswords.lockedUntil} end`,
    })
    .where(eq(tradePasswords.userId, userId))
    .returning({ lockedUntil: tradePasswords.lockedUntil });
  if (after?.lockedUntil && after.lockedUntil > now) throw new ApiError(423, 'tradePasswordLocked', Math.ceil(LOCK_MS / 1000));
  throw new ApiError(422, 'tradePasswordIncorrect');
}

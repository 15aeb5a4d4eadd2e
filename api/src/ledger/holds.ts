import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { accounts, ledgerHolds, ledgerTransfers } from '../db/schema';
import { alreadySettled, insufficientFunds, keyReused } from './errors';
import { requestHash, touch, transfer, type Transfer, type TransferRequest } from './transfer';

export interface Hold {
  id: number;
  account: number;
  amount: number;
  status: 'pending' | 'captured' | 'released';
  ref: string | null;
  replayed: boolean;
}

type HoldRow = typeof ledgerHolds.$inferSelect;
const toHold = (row: HoldRow, replayed: boolean): Hold => ({
  id: row.id,
  account: row.accountId,
  amount: row.amount,
  status: row.status as Hold['status'],
  ref: row.ref,
  replayed,
});

/**
 * Reserves `amount` of an account's available money (an order resting, an application waiting). The money stays
 * in the balance but is no longer available; a replayed key returns the first hold.
 */
export async function placeHold(tx: Tx, req: { key: string; account: number; amount: number; ref?: string | null }, at?: Date): Promise<Hold> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError(`hold amount must be a positive integer: ${req.amount}`);
  const hash = requestHash({ account: req.account, amount: req.amount, ref: req.ref });
  const [inserted] = await tx
    .insert(ledgerHolds)
    .values({ idempotencyKey: req.key, requestHash: hash, accountId: req.account, amount: req.amount, ref: req.ref ?? null, ...(at ? { createdAt: at } : {}) })
    .onConflictDoNothing({ target: ledgerHolds.idempotencyKey })
    .returning();
  if (!inserted) {
    const [first] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.idempotencyKey, req.key));
    if (!first || first.requestHash !== hash) throw keyReused();
    return toHold(first, true);
  }
  const [row] = await tx
    .update(accounts)
    .set({ held: sql`${accounts.held} + ${req.amount}` })
    .where(and(eq(accounts.id, req.account), sql`${accounts.balance} - ${accounts.held} >= ${req.amount}`))
    .returning({ userId: accounts.userId });
  if (!row) throw insufficientFunds();
  if (row.userId !== null) touch(tx, row.userId);
  return toHold(inserted, false);
}

/** Marks a pending hold settled and frees its reservation; null when it was settled before. */
async function settle(tx: Tx, holdId: number, status: 'captured' | 'released', at: Date): Promise<HoldRow | null> {
  const [row] = await tx
    .update(ledgerHolds)
    .set({ status, settledAt: at })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
    .returning();
  if (!row) return null;
  const [account] = await tx
    .update(accounts)
    .set({ held: sql`${accounts.held} - ${row.amount}` })
    .where(eq(accounts.id, row.accountId))
    .returning({ userId: accounts.userId });
  if (account?.userId) touch(tx, account.userId);
  return row;
}

/**
 * Captures a pending hold: one transfer of at most the held amount from the held account (an order filled at a
 * better price captures less; the rest is simply available again). Exactly once: a second capture of the same
 * hold with the same transfer key returns the first transfer, anything else is refused.
 */
export async function captureHold(
  tx: Tx,
  holdId: number,
  req: Omit<TransferRequest, 'from'>,
  at: Date = new Date(),
): Promise<Transfer> {
  const row = await settle(tx, holdId, 'captured', at);
  if (!row) {
    const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId));
    const [first] = hold?.status === 'captured' ? await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.holdId, holdId)) : [];
    // The same capture again (a retry): the transfer's own key answers with the first booking.
    if (first?.idempotencyKey === req.key) return transfer(tx, { ...req, from: first.debitAccountId }, { holdId, at });
    throw alreadySettled();
  }
  if (req.amount > row.amount) throw new RangeError(`capture of ${req.amount} exceeds hold ${holdId} of ${row.amount}`);
  return transfer(tx, { ...req, from: row.accountId }, { holdId, at });
}

/** Releases a pending hold: the money is available again. Releasing twice is harmless; a captured hold refuses. */
export async function releaseHold(tx: Tx, holdId: number, at: Date = new Date()): Promise<Hold> {
  const row = await settle(tx, holdId, 'released', at);
  if (row) return toHold(row, false);
  const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId));
  if (hold?.status === 'released') return toHold(hold, true);
  throw alreadySettled();
}

import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { accounts, ledgerEntries, ledgerTransfers } from '../db/schema';
import { insufficientFunds, isRetryable, keyReused } from './errors';
import { walletEvents } from './events';
import type { BillReason } from '@invest/shared/contract';

export interface TransferRequest {
  /** Unique across the ledger: the same key books once, whatever happens around it. */
  key: string;
  reason: BillReason;
  currency: string;
  /** Minor units, > 0. */
  amount: number;
  /** Debited account id. */
  from: number;
  /** Credited account id. */
  to: number;
  /** What the transfer is about (a recharge id, an order number). */
  ref?: string | null;
}

export interface Transfer {
  id: number;
  reason: string;
  currency: string;
  amount: number;
  from: number;
  to: number;
  ref: string | null;
  createdAt: Date;
  /** True when the key had booked this transfer before: nothing moved this time. */
  replayed: boolean;
}

/** The fingerprint that tells a replay (same request) from a reuse of the key (another request). */
export function requestHash(parts: Record<string, unknown>): string {
  const stable = Object.keys(parts)
    .sort()
    .map((k) => [k, parts[k] ?? null]);
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex');
}

type TransferRow = typeof ledgerTransfers.$inferSelect;
const toTransfer = (row: TransferRow, replayed: boolean): Transfer => ({
  id: row.id,
  reason: row.reason,
  currency: row.currency,
  amount: row.amount,
  from: row.debitAccountId,
  to: row.creditAccountId,
  ref: row.ref,
  createdAt: row.createdAt,
  replayed,
});

/**
 * Books one transfer inside the caller's transaction (so the caller's own state change, say a deposit marked
 * complete, commits with it or not at all). A replayed key returns the first transfer; a reused key with another
 * request is refused (409). The debited account, when it is a user's, never goes below its holds: the update is
 * conditional, and both rows are updated in id order so two transfers over the same accounts cannot deadlock.
 */
export async function transfer(tx: Tx, req: TransferRequest, options: { holdId?: number; at?: Date } = {}): Promise<Transfer> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError(`transfer amount must be a positive integer: ${req.amount}`);
  const hash = requestHash({ reason: req.reason, currency: req.currency, amount: req.amount, from: req.from, to: req.to, ref: req.ref, hold: options.holdId });
  const [inserted] = await tx
    .insert(ledgerTransfers)
    .values({
      idempotencyKey: req.key,
      requestHash: hash,
      reason: req.reason,
      currency: req.currency,
      amount: req.amount,
      debitAccountId: req.from,
      creditAccountId: req.to,
      holdId: options.holdId ?? null,
      ref: req.ref ?? null,
      ...(options.at ? { createdAt: options.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning();
  if (!inserted) {
    const [first] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, req.key));
    if (!first || first.requestHash !== hash) throw keyReused();
    return toTransfer(first, true);
  }

  const legs = [
    { account: req.from, delta: -req.amount },
    { account: req.to, delta: req.amount },
  ].sort((a, b) => a.account - b.account);
  for (const leg of legs) {
    const [row] = await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${leg.delta}` })
      .where(
        sql`${accounts.id} = ${leg.account} and ${accounts.currency} = ${req.currency}
            and (${accounts.userId} is null or ${accounts.balance} - ${accounts.held} + ${leg.delta} >= 0)`,
      )
      .returning({ balance: accounts.balance, userId: accounts.userId });
    if (!row) throw (await accountIn(tx, leg.account, req.currency)) ? insufficientFunds() : new Error(`account ${leg.account} does not hold ${req.currency}`);
    if (row.userId !== null) touch(tx, row.userId);
    await tx.insert(ledgerEntries).values({
      transferId: inserted.id,
      accountId: leg.account,
      amount: leg.delta,
      balanceAfter: row.balance,
      reason: req.reason,
      createdAt: inserted.createdAt,
    });
  }
  return toTransfer(inserted, false);
}

async function accountIn(tx: Tx, id: number, currency: string): Promise<boolean> {
  const [row] = await tx.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, id));
  return row?.currency === currency;
}

const MAX_ATTEMPTS = 5;

/** The users whose money each open ledger transaction moved: told once it commits. */
const touchedUsers = new WeakMap<Tx, Set<number>>();

/** Notes that this transaction changed the user's money (a transfer, a hold placed or settled). */
export function touch(tx: Tx, userId: number): void {
  touchedUsers.get(tx)?.add(userId);
}

/**
 * Runs `fn` in a transaction, again when PostgreSQL reports a serialization failure or a deadlock (the whole
 * transaction rolled back, so trying again is safe). Every money action goes through here. Once it commits, the
 * users whose money moved are told (walletEvents).
 */
export async function inLedgerTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const touched = new Set<number>();
    try {
      const result = await db.transaction((tx) => {
        touchedUsers.set(tx, touched);
        return fn(tx);
      });
      walletEvents.publish(touched);
      return result;
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt * Math.random()));
    }
  }
}

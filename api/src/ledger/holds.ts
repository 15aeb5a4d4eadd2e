import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { ledgerHolds, ledgerTransfers } from '../db/schema';
import { runStatement, timestampParam } from '../db/statement';
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

interface HoldOutcome {
  id: number;
  account_id: number;
  amount: string | number;
  status: string;
  ref: string | null;
  user_id: number | null;
}

const fromOutcome = (o: HoldOutcome, replayed: boolean): Hold => ({
  id: o.id,
  account: o.account_id,
  amount: Number(o.amount),
  status: o.status as Hold['status'],
  ref: o.ref,
  replayed,
});

/* One statement: the account is locked, and only when its available money covers the amount is the hold inserted
   (ON CONFLICT on the key: a replay inserts nothing) and the account's `held` raised. */
const PLACE_SQL = `
with locked as materialized (
  select id, balance - held as available from accounts where id = $3::int4 for update
), placed as (
  insert into ledger_holds (idempotency_key, request_hash, account_id, amount, ref, created_at)
  select $1::text, $2::text, $3::int4, $4::int8, $5::text, coalesce($6::timestamptz, now())
  from locked where available >= $4::int8
  on conflict (idempotency_key) do nothing
  returning id, account_id, amount, status, ref
), reserved as (
  update accounts a set held = a.held + p.amount from placed p where a.id = p.account_id returning a.user_id
)
select p.*, (select user_id from reserved) as user_id from placed p`;

/**
 * Reserves `amount` of an account's available money (an order resting, an application waiting). The money stays
 * in the balance but is no longer available; a replayed key returns the first hold.
 */
export async function placeHold(tx: Tx, req: { key: string; account: number; amount: number; ref?: string | null }, at?: Date): Promise<Hold> {
  if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw new RangeError(`hold amount must be a positive integer: ${req.amount}`);
  const hash = requestHash({ account: req.account, amount: req.amount, ref: req.ref });
  const [placed] = await runStatement<HoldOutcome>(tx, 'ledger_place_hold', PLACE_SQL, [req.key, hash, req.account, req.amount, req.ref ?? null, timestampParam(at)]);
  if (placed) {
    if (placed.user_id !== null) touch(tx, placed.user_id);
    return fromOutcome(placed, false);
  }
  const [first] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.idempotencyKey, req.key));
  if (!first) throw insufficientFunds();
  if (first.requestHash !== hash) throw keyReused();
  return toHold(first, true);
}

const SETTLE_SQL = `
with settled as (
  update ledger_holds set status = $2::text, settled_at = $3::timestamptz
  where id = $1::int4 and status = 'pending'
  returning id, account_id, amount, status, ref
), freed as (
  update accounts a set held = a.held - s.amount from settled s where a.id = s.account_id returning a.user_id
)
select s.*, (select user_id from freed) as user_id from settled s`;

/** Marks a pending hold settled and frees its reservation (one statement); null when it was settled before. */
async function settle(tx: Tx, holdId: number, status: 'captured' | 'released', at: Date): Promise<Hold | null> {
  const [row] = await runStatement<HoldOutcome>(tx, 'ledger_settle_hold', SETTLE_SQL, [holdId, status, at.toISOString()]);
  if (!row) return null;
  if (row.user_id !== null) touch(tx, row.user_id);
  return fromOutcome(row, false);
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
  return transfer(tx, { ...req, from: row.account }, { holdId, at });
}

/** Releases a pending hold: the money is available again. Releasing twice is harmless; a captured hold refuses. */
export async function releaseHold(tx: Tx, holdId: number, at: Date = new Date()): Promise<Hold> {
  const row = await settle(tx, holdId, 'released', at);
  if (row) return row;
  const [hold] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId));
  if (hold?.status === 'released') return toHold(hold, true);
  throw alreadySettled();
}

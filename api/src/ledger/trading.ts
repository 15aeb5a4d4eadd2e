import type { BillReason } from '@invest/shared/contract';
import type { Tx } from '../db/database';
import { systemAccountId, systemShard } from './accounts';
import { captureHold, placeHold, releaseHold, type Hold } from './holds';
import { transfers, type Booking } from './transfer';

/**
 * The money side of trading. A fill moves the amount between the user's wallet and `settlement:stocks` (the market
 * side of every trade, under the bill reason buyStock/sellStock/buyForex/...), and the fee to `income:fees` as its
 * own transactionExpenses bill. Keys derive from the order number, so a fill books once whoever runs it. Both system
 * accounts are sharded by wallet (`settlement:stocks#n`, `income:fees#n`; see SystemAccountShard).
 */

export interface TradeBooking {
  /** Unique per order and side, e.g. `trade:<no>:buy`. */
  keyBase: string;
  walletId: number;
  currency: string;
  reason: BillReason;
  /** Minor units, > 0. */
  amount: number;
  /** Minor units, >= 0. */
  fee: number;
  /** The order number. */
  ref: string;
  at: Date;
}

/**
 * A buy: the amount leaves the wallet, then the fee. With a hold (a resting order), the hold is captured for the
 * amount (what it reserved beyond that is free again and pays the fee); when the amount has outgrown the hold (the
 * open gapped up, or the exchange rate moved) the hold is released and the wallet pays from its available money —
 * or the transfer refuses (insufficientFunds) and the caller's transaction books nothing.
 */
export async function bookBuy(tx: Tx, b: TradeBooking, hold?: { id: number; amount: number } | null): Promise<void> {
  const settlement = await systemAccountId(tx, systemShard('settlement:stocks', b.walletId), b.currency);
  const buy = { key: `${b.keyBase}:amount`, reason: b.reason, currency: b.currency, amount: b.amount, to: settlement, ref: b.ref };
  if (hold && hold.amount >= b.amount) {
    await captureHold(tx, hold.id, buy, b.at);
    await transfers(tx, await feeBooking(tx, b), b.at);
    return;
  }
  if (hold) await releaseHold(tx, hold.id, b.at);
  await transfers(tx, [{ ...buy, from: b.walletId }, ...(await feeBooking(tx, b))], b.at);
}

/** A sale: the amount comes into the wallet from the market side, then the fee leaves it (one statement). */
export async function bookSell(tx: Tx, b: TradeBooking): Promise<void> {
  const settlement = await systemAccountId(tx, systemShard('settlement:stocks', b.walletId), b.currency);
  const sale = { key: `${b.keyBase}:amount`, reason: b.reason, currency: b.currency, amount: b.amount, from: settlement, to: b.walletId, ref: b.ref };
  await transfers(tx, [sale, ...(await feeBooking(tx, b))], b.at);
}

/**
 * A bill paid back at maturity: what the lot cost comes back from the market side as principal_returned, and the rest
 * of the face value as interest, each its own bill (no fee).
 */
export async function bookRedemption(tx: Tx, r: { keyBase: string; walletId: number; currency: string; principal: number; interest: number; ref: string; at: Date }): Promise<void> {
  const settlement = await systemAccountId(tx, systemShard('settlement:stocks', r.walletId), r.currency);
  const leg = (part: 'principal' | 'interest', reason: BillReason, amount: number): Booking[] =>
    amount > 0 ? [{ key: `${r.keyBase}:${part}`, reason, currency: r.currency, amount, from: settlement, to: r.walletId, ref: r.ref }] : [];
  await transfers(tx, [...leg('principal', 'principal_returned', r.principal), ...leg('interest', 'interest', r.interest)], r.at);
}

/** The fee's transfer, its own transactionExpenses bill; none for a fee of 0. */
async function feeBooking(tx: Tx, b: TradeBooking): Promise<Booking[]> {
  if (b.fee <= 0) return [];
  const fees = await systemAccountId(tx, systemShard('income:fees', b.walletId), b.currency);
  return [{ key: `${b.keyBase}:fee`, reason: 'transactionExpenses', currency: b.currency, amount: b.fee, from: b.walletId, to: fees, ref: b.ref }];
}

/** Reserves the money of a resting order (insufficientFunds when the available money does not cover it). */
export function holdForOrder(tx: Tx, req: { key: string; walletId: number; amount: number; ref: string }, at: Date): Promise<Hold> {
  return placeHold(tx, { key: req.key, account: req.walletId, amount: req.amount, ref: req.ref }, at);
}

/** Frees a resting order's money (cancel, expiry). Harmless when already released. */
export function releaseOrderHold(tx: Tx, holdId: number, at: Date): Promise<Hold> {
  return releaseHold(tx, holdId, at);
}

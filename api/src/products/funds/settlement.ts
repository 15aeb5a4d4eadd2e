/**
 * An operator closes a project: at term by settling it (every active order gets its principal and its profit), or
 * at any time before settlement by cancelling it (every active order gets its principal back). Each is one ledger
 * transaction under the project's row lock, so a second settlement (or a cancel) waits and then finds it closed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { percentToBps, type OpsFund } from '@invest/shared/contract';
import type { Db, Tx } from '../../db/database';
import { fundOrders, funds, type FundOrderRow, type FundRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { systemAccountId, walletId } from '../../ledger/accounts';
import { inLedgerTransaction, transfers, type Booking } from '../../ledger/transfer';
import { audit } from '../../ops/audit';
import { principalBack } from './orders';
import { lockFund, toOpsFund } from './projects';

/** Why a project that is not open cannot be settled or cancelled. */
function closed(fund: FundRow): ApiError {
  return fund.status === 'settled' ? new ApiError(409, 'fundAlreadySettled') : new ApiError(409, 'fundClosed');
}

async function openFund(tx: Tx, id: number): Promise<FundRow> {
  const fund = await lockFund(tx, id);
  if (!fund) throw new ApiError(404, 'notFound');
  if (fund.status !== 'open') throw closed(fund);
  return fund;
}

/** Closes the project, only while it is still open (checked under the lock already: this is the last guard). */
async function close(tx: Tx, fund: FundRow, set: Partial<typeof funds.$inferInsert>): Promise<FundRow> {
  const [row] = await tx
    .update(funds)
    .set(set)
    .where(and(eq(funds.id, fund.id), eq(funds.status, 'open')))
    .returning();
  if (!row) throw closed((await lockFund(tx, fund.id))!);
  return row;
}

/** The profit of each order, in SQL as fundProfit computes it: split at 10,000 so bigint products stay small. */
const profitOf = (bps: number) => sql`(${fundOrders.amount} / 10000) * ${bps} + ((${fundOrders.amount} % 10000) * ${bps}) / 10000`;

async function profitBooking(tx: Tx, o: FundOrderRow): Promise<Booking | null> {
  if (!o.profit) return null;
  const wallet = await walletId(tx, o.userId, o.currency);
  const returns = await systemAccountId(tx, 'funds:returns', o.currency);
  return { key: `fund:profit:${o.id}`, reason: 'fund_project_profit', currency: o.currency, amount: o.profit, from: returns, to: wallet!, ref: `fund order ${o.id}` };
}

/**
 * Settles a project at or after its term with a return inside its range (for the whole term): each active order is
 * completed and paid its principal (principal_returned) and principal × rate rounded down (fund_project_profit).
 */
export function settleFund(db: Db, id: number, returnRate: number, operatorId: number, now: Date): Promise<OpsFund> {
  return inLedgerTransaction(db, async (tx) => {
    const fund = await openFund(tx, id);
    const bps = percentToBps(returnRate);
    if (bps === null) throw new ApiError(400, 'fundReturnInvalid');
    if (bps < fund.minReturnBps || bps > fund.maxReturnBps) throw new ApiError(400, 'fundReturnOutOfRange');
    if (fund.endsAt > now) throw new ApiError(409, 'fundNotDue');

    await close(tx, fund, { status: 'settled', returnBps: bps, settledBy: operatorId, settledAt: now });
    const orders = await tx
      .update(fundOrders)
      .set({ status: 'completed', returnBps: bps, profit: profitOf(bps), closedAt: now })
      .where(and(eq(fundOrders.fundId, id), eq(fundOrders.status, 'active')))
      .returning();
    const bookings: Booking[] = [];
    for (const o of orders) {
      bookings.push(await principalBack(tx, o));
      const profit = await profitBooking(tx, o);
      if (profit) bookings.push(profit);
    }
    // One statement books every order's payments: a wallet the credit would take past the ledger's ceiling refuses
    // the whole settlement (422 balanceLimitReached), and nothing is paid until that is resolved.
    await transfers(tx, bookings, now);
    const profitPaid = orders.reduce((s, o) => s + (o.profit ?? 0), 0);
    const principal = orders.reduce((s, o) => s + o.amount, 0);
    const [row] = await tx.update(funds).set({ profitPaid }).where(eq(funds.id, id)).returning();
    await audit(tx, { operatorId, action: 'fund.settle', target: `fund ${id}`, detail: { return_bps: bps, orders: orders.length, principal, profit: profitPaid } }, now);
    return toOpsFund(tx, row!, now);
  });
}

/** Cancels a project that is not settled (before or after its term): every active order gets its principal back. */
export function cancelFund(db: Db, id: number, operatorId: number, reason: string | null, now: Date): Promise<OpsFund> {
  return inLedgerTransaction(db, async (tx) => {
    const fund = await openFund(tx, id);
    const row = await close(tx, fund, { status: 'cancelled', soldAmount: 0, cancelledBy: operatorId, cancelledAt: now, cancelReason: reason });
    const orders = await tx
      .update(fundOrders)
      .set({ status: 'cancelled', closedAt: now })
      .where(and(eq(fundOrders.fundId, id), eq(fundOrders.status, 'active')))
      .returning();
    const bookings: Booking[] = [];
    for (const o of orders) bookings.push(await principalBack(tx, o));
    await transfers(tx, bookings, now);
    const principal = orders.reduce((s, o) => s + o.amount, 0);
    await audit(tx, { operatorId, action: 'fund.cancel', target: `fund ${id}`, detail: { reason, orders: orders.length, principal } }, now);
    return toOpsFund(tx, row, now);
  });
}

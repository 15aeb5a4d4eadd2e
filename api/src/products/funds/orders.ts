/**
 * A user's fund orders: the purchase (principal from the wallet to the ledger's funds:principal), the cancel before
 * term (principal back), and the list. Each money action locks the project's row first (lockFund).
 */
import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { bpsToPercent, type FundOrder, type FundOrderStatus } from '@invest/shared/contract';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { fundOrders, funds, type FundOrderRow, type FundRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { systemAccountId, systemShard, walletId } from '../../ledger/accounts';
import { insufficientFunds, keyReused } from '../../ledger/errors';
import { inLedgerTransaction, requestHash, transfer, type Booking } from '../../ledger/transfer';
import { checkMaxAmount } from '../../wallet/amount-limit';
import type { Paging } from '../../wallet/recharges';
import { expectedBps, lockFund } from './projects';

type Project = Pick<FundRow, 'name' | 'periodDays' | 'minReturnBps' | 'maxReturnBps' | 'endsAt'>;

export const toFundOrder = (o: FundOrderRow, f: Project): FundOrder => ({
  id: o.id,
  amount: o.amount,
  expected_return: bpsToPercent(o.expectedReturnBps),
  status: o.status,
  end_time: f.endsAt.toISOString(),
  created_at: o.createdAt.toISOString(),
  project: {
    name: f.name,
    investment_period: f.periodDays,
    min_return: bpsToPercent(f.minReturnBps),
    max_return: bpsToPercent(f.maxReturnBps),
  },
  project_id: o.fundId,
  return_rate: o.returnBps === null ? null : bpsToPercent(o.returnBps),
  profit: o.profit,
  closed_at: o.closedAt?.toISOString() ?? null,
});

/** The ledger account that keeps a user's fund principal: a shard per user, so purchases do not queue on one row. */
export const principalAccount = (tx: Tx, userId: number, currency: string) => systemAccountId(tx, systemShard('funds:principal', userId), currency);

/** The principal's way back to the wallet (settlement or cancel): one key per order, so it is paid at most once. */
export async function principalBack(tx: Tx, o: FundOrderRow): Promise<Booking> {
  const wallet = await walletId(tx, o.userId, o.currency);
  if (wallet === null) throw new Error(`user ${o.userId} has no ${o.currency} wallet for fund order ${o.id}`);
  const from = await principalAccount(tx, o.userId, o.currency);
  return { key: `fund:principal:${o.id}`, reason: 'principal_returned', currency: o.currency, amount: o.amount, from, to: wallet, ref: `fund order ${o.id}` };
}

function replayOf(first: FundOrderRow, hash: string, fund: FundRow): FundOrder {
  if (first.requestHash !== hash) throw keyReused();
  return toFundOrder(first, fund);
}

export interface PurchaseRequest {
  userId: number;
  /** The call's scoped Idempotency-Key: a replay answers the first order. */
  key: string;
  fundId: number;
  maxAmount: number;
}

/**
 * Buys one share of the project at its `amount`. Under the project's row lock: the checks (open, before term, room
 * left), then the order, the sold amount and the ledger's debit of the wallet; short money rolls all of it back.
 */
export function purchaseFund(db: Db, req: PurchaseRequest, now: Date): Promise<FundOrder> {
  const hash = requestHash({ fund: req.fundId });
  return inLedgerTransaction(db, async (tx) => {
    const fund = await lockFund(tx, req.fundId);
    if (!fund) throw new ApiError(404, 'fundNotFound');
    const ofKey = and(eq(fundOrders.userId, req.userId), eq(fundOrders.idempotencyKey, req.key));
    const [first] = await tx.select().from(fundOrders).where(ofKey);
    if (first) return replayOf(first, hash, fund);
    if (fund.status !== 'open') throw new ApiError(409, 'fundClosed');
    if (fund.endsAt <= now) throw new ApiError(409, 'fundTermEnded');
    if (fund.soldAmount + fund.amount > fund.issueAmount) throw new ApiError(409, 'fundSoldOut');
    checkMaxAmount(fund.amount, req.maxAmount);
    const wallet = await walletId(tx, req.userId, fund.currency);
    if (wallet === null) throw insufficientFunds();

    const [order] = await tx
      .insert(fundOrders)
      .values({
        userId: req.userId,
        fundId: fund.id,
        idempotencyKey: req.key,
        requestHash: hash,
        currency: fund.currency,
        amount: fund.amount,
        expectedReturnBps: expectedBps(fund),
        createdAt: now,
      })
      .onConflictDoNothing({ target: [fundOrders.userId, fundOrders.idempotencyKey] })
      .returning();
    // The project's lock keeps a replay from getting here; should one anyway, it answers the first order.
    if (!order) return replayOf((await tx.select().from(fundOrders).where(ofKey))[0]!, hash, fund);
    // Checked above under the row's lock; the update's own conditions and the table's check stay as the last guards.
    const [room] = await tx
      .update(funds)
      .set({ soldAmount: sql`${funds.soldAmount} + ${fund.amount}` })
      .where(and(eq(funds.id, fund.id), eq(funds.status, 'open'), gt(funds.endsAt, now), sql`${funds.soldAmount} + ${fund.amount} <= ${funds.issueAmount}`))
      .returning({ id: funds.id });
    if (!room) throw new ApiError(409, 'fundSoldOut');
    const principal = await principalAccount(tx, req.userId, fund.currency);
    await transfer(
      tx,
      { key: `fund:buy:${order.id}`, reason: 'fund_purchase', currency: fund.currency, amount: fund.amount, from: wallet, to: principal, ref: `fund order ${order.id}` },
      { at: now },
    );
    return toFundOrder(order, fund);
  });
}

/**
 * The user takes an active order out before its term: the principal comes back (principal_returned), no profit, and
 * the project has that much room again. A replay under the same key answers the cancelled order.
 */
export function cancelFundOrder(db: Db, req: { userId: number; key: string; orderId: number }, now: Date): Promise<FundOrder> {
  return inLedgerTransaction(db, async (tx) => {
    const own = and(eq(fundOrders.id, req.orderId), eq(fundOrders.userId, req.userId));
    const [seen] = await tx.select({ fundId: fundOrders.fundId }).from(fundOrders).where(own);
    if (!seen) throw new ApiError(404, 'fundOrderNotFound');
    const fund = (await lockFund(tx, seen.fundId))!;
    // Read again under the project's lock: a settlement or another cancel may have committed meanwhile.
    const order = (await tx.select().from(fundOrders).where(own))[0]!;
    if (order.status === 'cancelled' && order.cancelKey === req.key) return toFundOrder(order, fund);
    if (order.status !== 'active') throw new ApiError(409, 'fundOrderNotActive');
    if (fund.status !== 'open') throw new ApiError(409, 'fundClosed');
    if (fund.endsAt <= now) throw new ApiError(409, 'fundTermEnded');

    const [cancelled] = await tx
      .update(fundOrders)
      .set({ status: 'cancelled', cancelKey: req.key, closedAt: now })
      .where(and(own, eq(fundOrders.status, 'active')))
      .returning();
    if (!cancelled) throw new ApiError(409, 'fundOrderNotActive');
    await tx
      .update(funds)
      .set({ soldAmount: sql`${funds.soldAmount} - ${cancelled.amount}` })
      .where(eq(funds.id, fund.id));
    await transfer(tx, await principalBack(tx, cancelled), { at: now });
    return toFundOrder(cancelled, fund);
  });
}

/** The user's orders, newest first, optionally of one status (the screen's tabs). */
export async function userFundOrders(db: DbOrTx, userId: number, q: Paging & { status?: FundOrderStatus }) {
  const where: SQL = q.status ? and(eq(fundOrders.userId, userId), eq(fundOrders.status, q.status))! : eq(fundOrders.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ o: fundOrders, f: funds })
      .from(fundOrders)
      .innerJoin(funds, eq(funds.id, fundOrders.fundId))
      .where(where)
      .orderBy(desc(fundOrders.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(fundOrders).where(where),
  ]);
  return { rows: rows.map(({ o, f }) => toFundOrder(o, f)), count: total?.n ?? 0 };
}

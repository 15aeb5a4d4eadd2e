/**
 * Fund projects: what operators create and users see, the row lock every money action on a project starts with, and
 * the views the calls answer.
 */
import { and, count, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { bpsToPercent, percentToBps, type Fund, type FundStatus, type OpsFund } from '@invest/shared/contract';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { fundOrders, funds, type FundRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { audit } from '../../ops/audit';
import type { Paging } from '../../wallet/recharges';

const DAY_MS = 86_400_000;

/** The return a purchase is shown and recorded with: the middle of the range, rounded down to a basis point. */
export const expectedBps = (f: Pick<FundRow, 'minReturnBps' | 'maxReturnBps'>) => Math.floor((f.minReturnBps + f.maxReturnBps) / 2);

/** Whether a purchase could go through now (purchase checks it again under the row's lock). */
export const isAvailable = (f: FundRow, now: Date) => f.status === 'open' && f.endsAt > now && f.soldAmount + f.amount <= f.issueAmount;

/** Past its term and neither settled nor cancelled: the operator owes its settlement. */
export const isDue = (f: FundRow, now: Date) => f.status === 'open' && f.endsAt <= now;

export const toFund = (f: FundRow, now: Date): Fund => ({
  id: f.id,
  name: f.name,
  min_return: bpsToPercent(f.minReturnBps),
  max_return: bpsToPercent(f.maxReturnBps),
  investment_period: f.periodDays,
  amount: f.amount,
  issue_amount: f.issueAmount,
  sold_amount: f.soldAmount,
  expected_return: bpsToPercent(expectedBps(f)),
  status: f.status as FundStatus,
  end_time: f.endsAt.toISOString(),
  created_at: f.createdAt.toISOString(),
  available: isAvailable(f, now),
});

async function activeOrderCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ fundId: fundOrders.fundId, n: count() })
    .from(fundOrders)
    .where(and(inArray(fundOrders.fundId, ids), eq(fundOrders.status, 'active')))
    .groupBy(fundOrders.fundId);
  return new Map(rows.map((r) => [r.fundId, r.n]));
}

export async function toOpsFunds(db: DbOrTx, rows: FundRow[], now: Date): Promise<OpsFund[]> {
  const active = await activeOrderCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((f) => ({
    ...toFund(f, now),
    due: isDue(f, now),
    active_orders: active.get(f.id) ?? 0,
    return_rate: f.returnBps === null ? null : bpsToPercent(f.returnBps),
    profit_paid: f.profitPaid,
    settled_at: f.settledAt?.toISOString() ?? null,
    cancelled_at: f.cancelledAt?.toISOString() ?? null,
    cancel_reason: f.cancelReason,
  }));
}

export const toOpsFund = async (db: DbOrTx, row: FundRow, now: Date): Promise<OpsFund> => (await toOpsFunds(db, [row], now))[0]!;

async function page(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(funds)
      .where(where)
      .orderBy(desc(funds.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(funds).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** The users' list: open projects (a past-term one shows until it is settled, not available), newest first. */
export async function listOpenFunds(db: DbOrTx, paging: Paging, now: Date) {
  const { rows, count } = await page(db, eq(funds.status, 'open'), paging);
  return { rows: rows.map((f) => toFund(f, now)), count };
}

/** Open projects past their term, oldest end first: what the reminder names and an operator should settle. */
export const dueFunds = (db: DbOrTx, now: Date) =>
  db
    .select()
    .from(funds)
    .where(and(eq(funds.status, 'open'), lte(funds.endsAt, now)))
    .orderBy(funds.endsAt, funds.id);

export async function listOpsFunds(db: DbOrTx, q: Paging & { status?: FundStatus }, now: Date) {
  const [listed, [due]] = await Promise.all([
    page(db, q.status ? eq(funds.status, q.status) : undefined, q),
    db
      .select({ n: count() })
      .from(funds)
      .where(and(eq(funds.status, 'open'), lte(funds.endsAt, now))),
  ]);
  return { rows: await toOpsFunds(db, listed.rows, now), count: listed.count, due: due?.n ?? 0 };
}

export interface NewFund {
  name: string;
  /** Percent numbers as the contract carries them (at most 2 decimals, already checked). */
  minReturn: number;
  maxReturn: number;
  periodDays: number;
  amount: number;
  issueAmount: number;
  currency: string;
}

/** The row of a new project whose term starts `now`; refuses what the contract's own checks would. */
export function fundValues(f: NewFund, now: Date): typeof funds.$inferInsert {
  const minReturnBps = percentToBps(f.minReturn);
  const maxReturnBps = percentToBps(f.maxReturn);
  if (minReturnBps === null || maxReturnBps === null) throw new ApiError(400, 'fundReturnInvalid');
  if (minReturnBps > maxReturnBps) throw new ApiError(400, 'fundReturnRangeInvalid');
  if (f.issueAmount % f.amount !== 0) throw new ApiError(400, 'fundIssueAmountInvalid');
  return {
    name: f.name,
    currency: f.currency,
    minReturnBps,
    maxReturnBps,
    periodDays: f.periodDays,
    amount: f.amount,
    issueAmount: f.issueAmount,
    endsAt: new Date(now.getTime() + f.periodDays * DAY_MS),
    createdAt: now,
  };
}

/** An operator's new project, audited with it. */
export function createFund(db: Db, f: NewFund, operatorId: number | null, now: Date): Promise<FundRow> {
  const values = fundValues(f, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(funds)
      .values({ ...values, createdBy: operatorId })
      .returning();
    await audit(
      tx,
      {
        operatorId,
        action: 'fund.create',
        target: `fund ${row!.id}`,
        detail: { name: row!.name, min_return_bps: row!.minReturnBps, max_return_bps: row!.maxReturnBps, period_days: row!.periodDays, amount: row!.amount, issue_amount: row!.issueAmount },
      },
      now,
    );
    return row!;
  });
}

export async function findFund(db: DbOrTx, id: number): Promise<FundRow | null> {
  const [row] = await db.select().from(funds).where(eq(funds.id, id));
  return row ?? null;
}

/**
 * The project's row under its lock, read after the lock is granted (so what a concurrent purchase, cancel or
 * settlement committed is seen): every money action on a project starts here, in this order (project, then its
 * orders, then the ledger's accounts), so they queue instead of deadlocking.
 */
export async function lockFund(tx: Tx, id: number): Promise<FundRow | null> {
  const [row] = await tx.select().from(funds).where(eq(funds.id, id)).for('update');
  return row ?? null;
}

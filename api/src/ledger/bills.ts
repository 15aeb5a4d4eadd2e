import { and, count, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Bill, BillReason } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { ledgerEntries } from '../db/schema';

export interface BillQuery {
  type: 'all' | 'income' | 'expense';
  page: number;
  limit: number;
}

/** The bill list of a wallet: its entries, newest first, each with the balance after it. */
export async function listBills(db: DbOrTx, walletId: number, q: BillQuery): Promise<{ rows: Bill[]; count: number }> {
  const conditions: SQL[] = [eq(ledgerEntries.accountId, walletId)];
  if (q.type === 'income') conditions.push(gt(ledgerEntries.amount, 0));
  if (q.type === 'expense') conditions.push(lt(ledgerEntries.amount, 0));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map((e) => ({
      id: e.id,
      type: e.amount > 0 ? 'income' : 'expense',
      amount: Math.abs(e.amount),
      balance: e.balanceAfter,
      reason: e.reason as BillReason,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { MINOR_PER_UNIT, WITHDRAW_STATUS, type WithdrawRecord } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { users, withdrawals } from '../db/schema';
import { ApiError } from '../http/errors';
import { maskNumber, usableCard } from '../bank-cards/store';
import { systemAccountId, systemShard, walletId } from '../ledger/accounts';
import { alreadySettled, insufficientFunds } from '../ledger/errors';
import { inLedgerTransaction, requestHash, transfer } from '../ledger/transfer';
import { audit } from '../ops/audit';
import { insertOnce } from './once';
import type { Paging } from './recharges';
import { walletRules } from './settings';

type Row = typeof withdrawals.$inferSelect;

export const toWithdrawRecord = (r: Row): WithdrawRecord => ({
  id: r.id,
  count: r.amount,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  bank: r.bank,
  bank_card: maskNumber(r.cardNumber),
  fail_reason: r.failReason,
});

export interface WithdrawRequest {
  userId: number;
  key: string;
  bankCardId: number;
  amount: number;
  currency: string;
}

/**
 * A withdrawal: the wallet is debited now (a `withdraw` bill) into withdrawals payable, in the same transaction
 * as the request row, so a request never exists without its debit nor the debit without its request.
 */
export async function requestWithdrawal(db: Db, req: WithdrawRequest, now: Date): Promise<{ record: WithdrawRecord; replayed: boolean }> {
  const rules = await walletRules(db);
  if (req.amount < rules.minWithdrawUnits * MINOR_PER_UNIT) throw new ApiError(422, 'withdrawBelowMinimum');
  const card = await usableCard(db, req.userId, req.bankCardId);
  if (!card) throw new ApiError(404, 'bankCardRequired');
  const hash = requestHash({ card: req.bankCardId, amount: req.amount });
  return inLedgerTransaction(db, async (tx) => {
    // No balance check here: a replay must answer even when the balance has moved on; the debit itself refuses.
    const wallet = await walletId(tx, req.userId, req.currency);
    if (!wallet) throw insufficientFunds();
    const { row, replayed } = await insertOnce(
      hash,
      async () =>
        (
          await tx
            .insert(withdrawals)
            .values({
              userId: req.userId,
              idempotencyKey: req.key,
              requestHash: hash,
              bankCardId: card.id,
              bank: card.bank,
              cardNumber: card.cardNumber,
              currency: req.currency,
              amount: req.amount,
              createdAt: now,
            })
            .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.idempotencyKey] })
            .returning()
        )[0],
      async () => (await tx.select().from(withdrawals).where(and(eq(withdrawals.userId, req.userId), eq(withdrawals.idempotencyKey, req.key))))[0],
    );
    if (!replayed) {
      const payable = await systemAccountId(tx, systemShard('withdrawals:payable', req.userId), req.currency);
      await transfer(tx, { key: `withdraw:${row.id}`, reason: 'withdraw', currency: req.currency, amount: req.amount, from: wallet, to: payable, ref: `withdrawal ${row.id}` }, { at: now });
    }
    return { record: toWithdrawRecord(row), replayed };
  });
}

export async function listWithdrawals(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ w: withdrawals, user: users.phone })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows: rows.map(({ w, user }) => ({ ...toWithdrawRecord(w), user })), count: total?.n ?? 0 };
}

export const userWithdrawals = (db: DbOrTx, userId: number, paging: Paging) =>
  listWithdrawals(db, eq(withdrawals.userId, userId), paging).then(({ rows, count }) => ({ rows: rows.map(({ user: _u, ...r }) => r), count }));

async function decide(tx: DbOrTx, id: number, status: string, operatorId: number, now: Date, failReason?: string): Promise<Row> {
  const [row] = await tx
    .update(withdrawals)
    .set({ status, decidedBy: operatorId, decidedAt: now, failReason: failReason ?? null })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, WITHDRAW_STATUS.inProgress)))
    .returning();
  if (row) return row;
  const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
  throw exists ? alreadySettled() : new ApiError(404, 'notFound');
}

const withUser = async (tx: DbOrTx, row: Row) => {
  const [u] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId));
  return { ...toWithdrawRecord(row), user: u?.phone ?? '' };
};

/** The money was paid out: it leaves withdrawals payable for the bank. Once. */
export function completeWithdrawal(db: Db, id: number, operatorId: number, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const row = await decide(tx, id, WITHDRAW_STATUS.completed, operatorId, now);
    const payable = await systemAccountId(tx, systemShard('withdrawals:payable', row.userId), row.currency);
    const payouts = await systemAccountId(tx, systemShard('payouts:bank', row.userId), row.currency);
    await transfer(tx, { key: `withdraw-paid:${row.id}`, reason: 'withdraw', currency: row.currency, amount: row.amount, from: payable, to: payouts, ref: `withdrawal ${row.id}` }, { at: now });
    await audit(tx, { operatorId, action: 'withdrawal.complete', target: `withdrawal ${row.id}`, detail: { amount: row.amount, user: row.userId } }, now);
    return withUser(tx, row);
  });
}

/** The payout failed: a `withdrawRefund` transfer returns the money to the wallet. Once. */
export function failWithdrawal(db: Db, id: number, operatorId: number, reason: string, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const row = await decide(tx, id, WITHDRAW_STATUS.failed, operatorId, now, reason);
    const wallet = await walletId(tx, row.userId, row.currency);
    const payable = await systemAccountId(tx, systemShard('withdrawals:payable', row.userId), row.currency);
    await transfer(tx, { key: `withdraw-refund:${row.id}`, reason: 'withdrawRefund', currency: row.currency, amount: row.amount, from: payable, to: wallet!, ref: `withdrawal ${row.id}` }, { at: now });
    await audit(tx, { operatorId, action: 'withdrawal.fail', target: `withdrawal ${row.id}`, detail: { reason } }, now);
    return withUser(tx, row);
  });
}

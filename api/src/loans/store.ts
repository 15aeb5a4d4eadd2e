import { and, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import { LOAN_MIN, LOAN_STATE, MINOR_PER_UNIT, type LoanData, type LoanRecord } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { loans, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { findWallet, systemAccountId } from '../ledger/accounts';
import { alreadySettled } from '../ledger/errors';
import { inLedgerTransaction, requestHash, touch, transfer } from '../ledger/transfer';
import { audit } from '../ops/audit';
import { approve, dropApproval, withFirstApprovals } from '../ops/four-eyes';
import { insertOnce } from '../wallet/once';
import type { Paging } from '../wallet/recharges';
import { walletRules } from '../wallet/settings';

type Row = typeof loans.$inferSelect;
const DAY_MS = 86_400_000;

export const toLoanRecord = (r: Row): LoanRecord => ({
  id: r.id,
  count: r.amount,
  state: r.state,
  repayment_time: r.repaymentTime?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  interest: r.interest,
  reject_reason: r.rejectReason,
});

/** Principal of loans applied for or not yet repaid (what the credit limit is measured against). */
async function committed(db: DbOrTx, userId: number): Promise<{ applying: number; unpaid: number; due: number }> {
  const rows = await db
    .select({ state: loans.state, principal: sum(loans.amount).mapWith(Number), interest: sum(loans.interest).mapWith(Number) })
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.state, [LOAN_STATE.applying, LOAN_STATE.unpaid])))
    .groupBy(loans.state);
  const of = (state: number) => rows.find((r) => r.state === state);
  return {
    applying: of(LOAN_STATE.applying)?.principal ?? 0,
    unpaid: of(LOAN_STATE.unpaid)?.principal ?? 0,
    due: (of(LOAN_STATE.unpaid)?.principal ?? 0) + (of(LOAN_STATE.unpaid)?.interest ?? 0),
  };
}

export async function loanData(db: DbOrTx, userId: number): Promise<LoanData> {
  const [rules, c] = await Promise.all([walletRules(db), committed(db, userId)]);
  return {
    amountDue: c.due,
    creditScore: rules.creditScore,
    remainingAmount: Math.max(0, rules.loanCreditLimit - c.applying - c.unpaid),
    interestBps: rules.loanInterestBps,
    termDays: rules.loanTermDays,
  };
}

/**
 * A loan application (applying). At most the remaining credit: checked under a lock on the user's row, so two
 * applications at once cannot both fit into the same room.
 */
export async function applyForLoan(db: Db, req: { userId: number; key: string; amount: number; currency: string }, now: Date) {
  if (req.amount < LOAN_MIN * MINOR_PER_UNIT) throw new ApiError(422, 'loanAmountTooLow');
  const hash = requestHash({ amount: req.amount });
  return inLedgerTransaction(db, async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${req.userId} for update`);
    const existing = async () => (await tx.select().from(loans).where(and(eq(loans.userId, req.userId), eq(loans.idempotencyKey, req.key))))[0];
    const first = await existing();
    if (!first && req.amount > (await loanData(tx, req.userId)).remainingAmount) throw new ApiError(422, 'loanExceedsLimit');
    const { row, replayed } = await insertOnce(
      hash,
      async () =>
        first
          ? undefined
          : (
              await tx
                .insert(loans)
                .values({ userId: req.userId, idempotencyKey: req.key, requestHash: hash, currency: req.currency, amount: req.amount, createdAt: now })
                .onConflictDoNothing({ target: [loans.userId, loans.idempotencyKey] })
                .returning()
            )[0],
      existing,
    );
    return { record: toLoanRecord(row), replayed };
  });
}

/** The operators' list: the loans with the first approvals they wait on. */
export async function opsLoanList(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const { rows, count } = await listLoans(db, where, paging);
  return { rows: await withFirstApprovals(db, 'loan', rows), count };
}

async function listLoans(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ l: loans, user: users.phone })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .where(where)
      .orderBy(desc(loans.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(loans).where(where),
  ]);
  return { rows: rows.map(({ l, user }) => ({ ...toLoanRecord(l), user })), count: total?.n ?? 0 };
}

export const userLoans = (db: DbOrTx, userId: number, paging: Paging) =>
  listLoans(db, eq(loans.userId, userId), paging).then(({ rows, count }) => ({ rows: rows.map(({ user: _u, ...r }) => r), count }));

async function move(tx: DbOrTx, where: SQL, set: Partial<typeof loans.$inferInsert>, id: number): Promise<Row> {
  const [row] = await tx.update(loans).set(set).where(where).returning();
  if (row) return row;
  const [exists] = await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, id));
  throw exists ? alreadySettled() : new ApiError(404, 'notFound');
}

const withUser = async (tx: DbOrTx, row: Row) => {
  const [u] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId));
  const [record] = await withFirstApprovals(tx, 'loan', [{ ...toLoanRecord(row), user: u?.phone ?? '' }]);
  return record!;
};

/**
 * Approves an application: a `borrow` transfer credits the wallet; the loan is unpaid until its repayment time. At or
 * above the four-eyes amount the first operator's call only approves it (ops/four-eyes.ts): a second operator's lends.
 */
export function approveLoan(db: Db, id: number, operatorId: number, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const rules = await walletRules(tx);
    const applying = and(eq(loans.id, id), eq(loans.state, LOAN_STATE.applying))!;
    // Locked until the transaction ends: two operators' decisions on it take turns.
    const [pending] = await tx.select().from(loans).where(applying).for('update');
    if (pending && (await approve(tx, { kind: 'loan', id, amount: pending.amount, userId: pending.userId }, operatorId, now)) === 'first') return withUser(tx, pending);
    const interest = pending ? Math.round((pending.amount * rules.loanInterestBps) / 10_000) : 0;
    const row = await move(
      tx,
      applying,
      { state: LOAN_STATE.unpaid, interest, repaymentTime: new Date(now.getTime() + rules.loanTermDays * DAY_MS), decidedBy: operatorId, decidedAt: now },
      id,
    );
    const wallet = await findWallet(tx, row.userId, row.currency);
    const receivable = await systemAccountId(tx, 'loans:receivable', row.currency);
    await transfer(tx, { key: `borrow:${row.id}`, reason: 'borrow', currency: row.currency, amount: row.amount, from: receivable, to: wallet!.id, ref: `loan ${row.id}` }, { at: now });
    await audit(tx, { operatorId, action: 'loan.approve', target: `loan ${row.id}`, detail: { amount: row.amount, interest, user: row.userId } }, now);
    return withUser(tx, row);
  });
}

export function rejectLoan(db: Db, id: number, operatorId: number, reason: string, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const row = await move(
      tx,
      and(eq(loans.id, id), eq(loans.state, LOAN_STATE.applying))!,
      { state: LOAN_STATE.rejected, rejectReason: reason, decidedBy: operatorId, decidedAt: now },
      id,
    );
    await dropApproval(tx, 'loan', row.id);
    await audit(tx, { operatorId, action: 'loan.reject', target: `loan ${row.id}`, detail: { reason } }, now);
    // No money moved, but the user's loan changed: once committed, their open loan screens refresh too.
    touch(tx, row.userId);
    return withUser(tx, row);
  });
}

/**
 * Repays an unpaid loan of this user from the wallet: a `repay` transfer of the principal and an `interest` transfer
 * when the loan carries interest. Both or neither: without the money for both, nothing changes.
 */
export function repayLoan(db: Db, userId: number, id: number, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const [own] = await tx.select().from(loans).where(and(eq(loans.id, id), eq(loans.userId, userId)));
    if (!own) throw new ApiError(404, 'notFound');
    // A repeat of a repayment that went through answers with the loan as it is now.
    if (own.state === LOAN_STATE.paid) return toLoanRecord(own);
    const row = await move(tx, and(eq(loans.id, id), eq(loans.state, LOAN_STATE.unpaid))!, { state: LOAN_STATE.paid, repaidAt: now }, id);
    const wallet = await findWallet(tx, userId, row.currency);
    const receivable = await systemAccountId(tx, 'loans:receivable', row.currency);
    await transfer(tx, { key: `repay:${row.id}`, reason: 'repay', currency: row.currency, amount: row.amount, from: wallet!.id, to: receivable, ref: `loan ${row.id}` }, { at: now });
    if (row.interest > 0) {
      const income = await systemAccountId(tx, 'income:interest', row.currency);
      await transfer(tx, { key: `interest:${row.id}`, reason: 'interest', currency: row.currency, amount: row.interest, from: wallet!.id, to: income, ref: `loan ${row.id}` }, { at: now });
    }
    return toLoanRecord(row);
  });
}

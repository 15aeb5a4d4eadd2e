import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { MINOR_PER_UNIT, WITHDRAW_STATUS, type WithdrawRecord } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { users, withdrawals } from '../db/schema';
import { columnsOf, rowOf } from '../db/statement';
import { ApiError } from '../http/errors';
import { maskNumber } from '../bank-cards/store';
import { systemAccountId, systemShard, walletId } from '../ledger/accounts';
import { alreadySettled, insufficientFunds, keyReused } from '../ledger/errors';
import { bookAlong, inLedgerTransaction, requestHash, touch, transfer, type ActionStatement } from '../ledger/transfer';
import { audit } from '../ops/audit';
import { approve, dropApproval, withFirstApprovals } from '../ops/four-eyes';
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

/*
 * A request in one statement: the row, with the user's usable card copied into it (nothing when the card is not
 * theirs or not usable, or when the key has a row already), and the `withdraw` transfer, named after the row's id,
 * that debits the wallet into withdrawals payable, all or nothing (ledger's bookAlong; parameters from $11).
 */
const REQUEST: Omit<ActionStatement, 'params'> = {
  name: 'withdrawal_request',
  prelude: `ins as (
  insert into withdrawals (user_id, idempotency_key, request_hash, bank_card_id, bank, card_number, currency, amount, created_at)
  select $11::int4, $12::text, $13::text, c.id, c.bank, c.card_number, $15::text, $16::int8, $17::timestamptz
  from bank_cards c where c.id = $14::int4 and c.user_id = $11::int4 and c.status = 1
  on conflict (user_id, idempotency_key) do nothing
  returning ${columnsOf(withdrawals)}
), `,
  gate: 'ins',
  rowId: '(select id from ins)',
  select: `,
       (select row_to_json(ins) from ins) as row`,
};

/**
 * A withdrawal: the wallet is debited now (a `withdraw` bill) into withdrawals payable, with the request row, so a
 * request never exists without its debit nor the debit without its request.
 */
export async function requestWithdrawal(db: Db, req: WithdrawRequest, now: Date): Promise<{ record: WithdrawRecord; replayed: boolean }> {
  const rules = await walletRules(db);
  if (req.amount < rules.minWithdrawUnits * MINOR_PER_UNIT) throw new ApiError(422, 'withdrawBelowMinimum');
  const hash = requestHash({ card: req.bankCardId, amount: req.amount });
  // No balance check here: a replay must answer even when the balance has moved on; the debit itself refuses.
  const wallet = await walletId(db, req.userId, req.currency);
  if (!wallet) throw insufficientFunds();
  const payable = await systemAccountId(db, systemShard('withdrawals:payable', req.userId), req.currency);
  const booking = { key: 'withdraw:{id}', reason: 'withdraw' as const, currency: req.currency, amount: req.amount, from: wallet, to: payable, ref: 'withdrawal {id}' };
  const out = await bookAlong<{ row: Record<string, unknown> | null }>(
    db,
    { ...REQUEST, params: [req.userId, req.key, hash, req.bankCardId, req.currency, req.amount, now.toISOString()] },
    booking,
    now,
  );
  if (out.row) return { record: toWithdrawRecord(rowOf(withdrawals, out.row)), replayed: false };
  // Nothing written: the key has a request (a replay answers it; another request under it is refused), else the
  // card is not one of the user's usable cards.
  const [first] = await db.select().from(withdrawals).where(and(eq(withdrawals.userId, req.userId), eq(withdrawals.idempotencyKey, req.key)));
  if (!first) throw new ApiError(404, 'bankCardRequired');
  if (first.requestHash !== hash) throw keyReused();
  return { record: toWithdrawRecord(first), replayed: true };
}

/** The operators' list: the withdrawals with the first approvals they wait on. */
export async function opsWithdrawalList(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const { rows, count } = await listWithdrawals(db, where, paging);
  return { rows: await withFirstApprovals(db, 'withdrawal', rows), count };
}

async function listWithdrawals(db: DbOrTx, where: SQL | undefined, paging: Paging) {
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
  const [record] = await withFirstApprovals(tx, 'withdrawal', [{ ...toWithdrawRecord(row), user: u?.phone ?? '' }]);
  return record!;
};

/** A withdrawal still in progress, locked until the transaction ends: two operators' decisions on it take turns. */
async function lockPending(tx: DbOrTx, id: number): Promise<Row> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new ApiError(404, 'notFound');
  if (row.status !== WITHDRAW_STATUS.inProgress) throw alreadySettled();
  return row;
}

/**
 * The money was paid out: it leaves withdrawals payable for the bank. Once. At or above the four-eyes amount the
 * first operator's call only approves it (ops/four-eyes.ts): a second operator's pays it out.
 */
export function completeWithdrawal(db: Db, id: number, operatorId: number, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const pending = await lockPending(tx, id);
    if ((await approve(tx, { kind: 'withdrawal', id, amount: pending.amount, userId: pending.userId }, operatorId, now)) === 'first') return withUser(tx, pending);
    const row = await decide(tx, id, WITHDRAW_STATUS.completed, operatorId, now);
    const payable = await systemAccountId(tx, systemShard('withdrawals:payable', row.userId), row.currency);
    const payouts = await systemAccountId(tx, systemShard('payouts:bank', row.userId), row.currency);
    await transfer(tx, { key: `withdraw-paid:${row.id}`, reason: 'withdraw', currency: row.currency, amount: row.amount, from: payable, to: payouts, ref: `withdrawal ${row.id}` }, { at: now });
    await audit(tx, { operatorId, action: 'withdrawal.complete', target: `withdrawal ${row.id}`, detail: { amount: row.amount, user: row.userId } }, now);
    // The money moved between system accounts only, but the user's withdrawal changed: their screens refresh too.
    touch(tx, row.userId);
    return withUser(tx, row);
  });
}

/** The payout failed: a `withdrawRefund` transfer returns the money to the wallet. Once. */
export function failWithdrawal(db: Db, id: number, operatorId: number, reason: string, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const row = await decide(tx, id, WITHDRAW_STATUS.failed, operatorId, now, reason);
    await dropApproval(tx, 'withdrawal', row.id);
    const wallet = await walletId(tx, row.userId, row.currency);
    const payable = await systemAccountId(tx, systemShard('withdrawals:payable', row.userId), row.currency);
    await transfer(tx, { key: `withdraw-refund:${row.id}`, reason: 'withdrawRefund', currency: row.currency, amount: row.amount, from: payable, to: wallet!, ref: `withdrawal ${row.id}` }, { at: now });
    await audit(tx, { operatorId, action: 'withdrawal.fail', target: `withdrawal ${row.id}`, detail: { reason } }, now);
    return withUser(tx, row);
  });
}

import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { RECHARGE_MIN, RECHARGE_STATUS, MINOR_PER_UNIT, type RechargeMethod, type RechargeRecord } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { recharges, users } from '../db/schema';
import { columnsOf, rowOf, runStatement } from '../db/statement';
import { ApiError } from '../http/errors';
import { systemAccountId, systemShard, walletId } from '../ledger/accounts';
import { alreadySettled } from '../ledger/errors';
import { bookAlong, inLedgerTransaction, requestHash, touch, type ActionStatement } from '../ledger/transfer';
import { audit, auditCte } from '../ops/audit';
import { insertOnce } from './once';
import { rechargeMethodInfo } from './settings';

type Row = typeof recharges.$inferSelect;

export const toRechargeRecord = (r: Row): RechargeRecord => ({
  id: r.id,
  count: r.amount,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  method: r.method,
  reference: r.reference,
  payment_ref: r.paymentRef,
  fail_reason: r.failReason,
});

// Crockford's base32 without look-alikes: a code a user can read out or type into a bank's reference field.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const referenceCode = () => `R${[...randomBytes(9)].map((b) => ALPHABET[b % 32]).join('')}`;

export interface RechargeRequest {
  userId: number;
  key: string;
  method: RechargeMethod;
  amount: number;
  paymentRef?: string;
  currency: string;
}

/* The request row, or nothing when the key has one already. */
const INSERT_SQL = `
insert into recharges (user_id, idempotency_key, request_hash, method, currency, amount, reference, payment_ref)
values ($1::int4, $2::text, $3::text, $4::text, $5::text, $6::int8, $7::text, $8::text)
on conflict (user_id, idempotency_key) do nothing
returning ${columnsOf(recharges)}`;

/** A deposit request (in progress) with the reference the user quotes; the same key returns the same request. */
export async function requestRecharge(db: Db, req: RechargeRequest): Promise<{ record: RechargeRecord; replayed: boolean }> {
  if (req.amount < RECHARGE_MIN * MINOR_PER_UNIT) throw new ApiError(422, 'rechargeAmountTooLow');
  const method = (await rechargeMethodInfo(db, req.currency)).find((m) => m.method === req.method);
  if (!method?.enabled) throw new ApiError(422, 'rechargeMethodDisabled');
  const hash = requestHash({ method: req.method, amount: req.amount, paymentRef: req.paymentRef || null });
  const { row, replayed } = await insertOnce(
    hash,
    async () => {
      const [raw] = await runStatement<Record<string, unknown>>(db, 'recharge_insert', INSERT_SQL, [
        ...[req.userId, req.key, hash, req.method, req.currency, req.amount, referenceCode(), req.paymentRef || null],
      ]);
      return raw && rowOf(recharges, raw);
    },
    async () => (await db.select().from(recharges).where(and(eq(recharges.userId, req.userId), eq(recharges.idempotencyKey, req.key))))[0],
  );
  return { record: toRechargeRecord(row), replayed };
}

export interface Paging {
  page: number;
  limit: number;
}

export async function listRecharges(db: DbOrTx, where: SQL | undefined, paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: recharges, user: users.phone })
      .from(recharges)
      .innerJoin(users, eq(users.id, recharges.userId))
      .where(where)
      .orderBy(desc(recharges.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return { rows: rows.map(({ r, user }) => ({ ...toRechargeRecord(r), user })), count: total?.n ?? 0 };
}

export const userRecharges = (db: DbOrTx, userId: number, paging: Paging) =>
  listRecharges(db, eq(recharges.userId, userId), paging).then(({ rows, count }) => ({ rows: rows.map(({ user: _u, ...r }) => r), count }));

/* The decision and the user's phone (for the operator's answer) in one statement. */
const RECHARGE_COLUMNS = columnsOf(recharges);
const DECIDE_SQL = `
with decided as (
  update recharges set status = $2::int4, decided_by = $3::int4, decided_at = $4::timestamptz, fail_reason = $5::text
  where id = $1::int4 and status = $6::int4
  returning ${RECHARGE_COLUMNS}
)
select decided.*, u.phone as user_phone from decided join users u on u.id = decided.user_id`;

/** Decides a recharge still in progress: 404 when it does not exist, 409 when it was decided already. */
async function decide(tx: DbOrTx, id: number, status: number, operatorId: number, now: Date, failReason?: string): Promise<{ row: Row; phone: string }> {
  const [raw] = await runStatement<Record<string, unknown>>(tx, 'recharge_decide', DECIDE_SQL, [
    ...[id, status, operatorId, now.toISOString(), failReason ?? null, RECHARGE_STATUS.inProgress],
  ]);
  if (raw) return { row: rowOf(recharges, raw), phone: String(raw.user_phone) };
  const [exists] = await tx.select({ id: recharges.id }).from(recharges).where(eq(recharges.id, id));
  throw exists ? alreadySettled() : new ApiError(404, 'notFound');
}

/* What a completion needs to know first (the recharge never changes but for its decision). */
const RECHARGE_SQL = `select user_id, method, currency, amount, status from recharges where id = $1::int4`;

/*
 * A completion in one statement: the decision (still in progress only), its audit row and the `recharge` transfer
 * that credits the wallet, all or nothing (ledger's bookAlong; parameters from $11).
 */
const COMPLETE: Omit<ActionStatement, 'params'> = {
  name: 'recharge_complete',
  prelude: `decided as (
  update recharges set status = $12::int4, decided_by = $13::int4, decided_at = $14::timestamptz
  where id = $11::int4 and status = $15::int4
  returning ${RECHARGE_COLUMNS}
), ${auditCte('audited', 'decided', {
    operator: '$13::int4',
    action: `'recharge.complete'`,
    target: `'recharge ' || id`,
    detail: `jsonb_build_object('amount', amount, 'user', user_id)`,
    at: '$14::timestamptz',
  })}`,
  gate: 'decided',
  select: `,
       (select row_to_json(d) from (select decided.*, u.phone as user_phone from decided join users u on u.id = decided.user_id) d) as row`,
};

/** Completes a deposit: the wallet is credited by one `recharge` transfer, in the same statement. Once. */
export async function completeRecharge(db: Db, id: number, operatorId: number, now: Date) {
  const [r] = await runStatement<{ user_id: number; method: string; currency: string; amount: string; status: number }>(db, 'recharge_read', RECHARGE_SQL, [id]);
  if (!r) throw new ApiError(404, 'notFound');
  if (r.status !== RECHARGE_STATUS.inProgress) throw alreadySettled();
  const wallet = await walletId(db, r.user_id, r.currency);
  if (!wallet) throw new ApiError(409, 'notFound');
  const from = await systemAccountId(db, systemShard(r.method === 'usdt' ? 'deposits:usdt' : 'deposits:bank', r.user_id), r.currency);
  const booking = { key: `recharge:${id}`, reason: 'recharge' as const, currency: r.currency, amount: Number(r.amount), from, to: wallet, ref: `recharge ${id}` };
  const out = await bookAlong<{ row: Record<string, unknown> | null }>(
    db,
    { ...COMPLETE, params: [id, RECHARGE_STATUS.completed, operatorId, now.toISOString(), RECHARGE_STATUS.inProgress] },
    booking,
    now,
  );
  // Decided by someone else between the read and the statement.
  if (!out.row) throw alreadySettled();
  return { ...toRechargeRecord(rowOf(recharges, out.row)), user: String(out.row.user_phone) };
}

/** Fails a deposit with a reason the user sees; nothing is credited. */
export function failRecharge(db: Db, id: number, operatorId: number, reason: string, now: Date) {
  return inLedgerTransaction(db, async (tx) => {
    const { row, phone } = await decide(tx, id, RECHARGE_STATUS.failed, operatorId, now, reason);
    await audit(tx, { operatorId, action: 'recharge.fail', target: `recharge ${row.id}`, detail: { reason } }, now);
    // No money moved, but the user's deposit changed: once committed, their open wallet screens refresh too.
    touch(tx, row.userId);
    return { ...toRechargeRecord(row), user: phone };
  });
}

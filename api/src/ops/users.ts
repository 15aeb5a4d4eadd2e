import { and, count, desc, eq, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { OpsUserDetail, OpsUserRow } from '@invest/shared/contract';
import { revokeAllTokens } from '../auth/tokens';
import { listCards } from '../bank-cards/store';
import { conversation } from '../chat/store';
import type { Db, DbOrTx } from '../db/database';
import { accounts, qualifiedInvestors, realNameVerifications, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { findWallet, WALLET } from '../ledger/accounts';
import { listBills } from '../ledger/bills';
import { userLoans } from '../loans/store';
import { listOrders, orderViews, type Market } from '../trading/orders';
import { realNameState } from '../kyc/store';
import { audit } from './audit';

/** How many of each kind of record a user's page shows: the latest; the queues and the user's own screens have the rest. */
const LATEST = 20;

const latestRealNameStatus = sql<number | null>`(select ${realNameVerifications.status} from ${realNameVerifications} where ${realNameVerifications.userId} = ${users.id} order by ${realNameVerifications.id} desc limit 1)`;

const rowsOf = (db: DbOrTx, currency: string) =>
  db
    .select({
      id: users.id,
      phone: users.phone,
      accountNo: users.accountNo,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      realNameStatus: latestRealNameStatus,
      balance: sql<number>`coalesce(${accounts.balance}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.kind, WALLET), eq(accounts.currency, currency)));

type Found = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];

const toRow = (u: Found): OpsUserRow => ({
  id: u.id,
  user: u.phone,
  no: u.accountNo,
  created_at: u.createdAt.toISOString(),
  disabled_at: u.disabledAt?.toISOString() ?? null,
  real_name_status: u.realNameStatus === null ? null : Number(u.realNameStatus),
  balance: u.balance,
});

/** Users whose phone or account number starts with `q` (a pasted +country prefix is ignored), newest first. */
export async function searchUsers(db: DbOrTx, currency: string, q: { q?: string; page: number; limit: number }): Promise<{ rows: OpsUserRow[]; count: number }> {
  const digits = q.q?.replace(/^\+/, '') ?? '';
  const where: SQL | undefined = digits ? or(like(users.phone, `${digits}%`), like(users.accountNo, `${digits}%`)) : undefined;
  const [rows, [total]] = await Promise.all([
    rowsOf(db, currency)
      .where(where)
      .orderBy(desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toRow), count: total?.n ?? 0 };
}

async function userRow(db: DbOrTx, currency: string, id: number): Promise<OpsUserRow> {
  const [row] = await rowsOf(db, currency).where(eq(users.id, id));
  if (!row) throw new ApiError(404, 'notFound');
  return toRow(row);
}

/** A user's page: the profile and the latest of everything an operator is asked about. */
export async function userDetail(db: DbOrTx, market: Market, currency: string, id: number, now: Date): Promise<OpsUserDetail> {
  const row = await userRow(db, currency, id);
  const wallet = await findWallet(db, id, currency);
  const [realName, qualified, cards, bills, orders, loans, chat] = await Promise.all([
    realNameState(db, id),
    db.select({ userId: qualifiedInvestors.userId }).from(qualifiedInvestors).where(eq(qualifiedInvestors.userId, id)),
    listCards(db, id),
    wallet ? listBills(db, wallet.id, { type: 'all', page: 1, limit: LATEST }) : { rows: [] },
    listOrders(db, id, { page: 1, limit: LATEST }),
    userLoans(db, id, { page: 1, limit: LATEST }),
    conversation(db, id, LATEST),
  ]);
  const { toOrder } = orderViews(market, now);
  return {
    ...row,
    real_name: realName,
    qualified: qualified.length > 0,
    cards,
    wallet: { balance: wallet?.balance ?? 0, held: wallet?.held ?? 0, available: wallet?.available ?? 0, currency },
    bills: bills.rows,
    orders: orders.rows.map(toOrder),
    loans: loans.rows,
    chat: chat.rows,
  };
}

/**
 * Disables a user: they cannot log in, and every session they had ends now on every API process (the token caches
 * and open event streams too). Audited with the state before and after. Disabling a disabled user changes nothing.
 */
export async function disableUser(db: Db, currency: string, id: number, operatorId: number, reason: string, now: Date): Promise<OpsUserRow> {
  await db.transaction(async (tx) => {
    const [changed] = await tx.update(users).set({ disabledAt: now }).where(and(eq(users.id, id), isNull(users.disabledAt))).returning({ phone: users.phone });
    if (!changed) return;
    await revokeAllTokens(tx, { kind: 'user', id }, now);
    await audit(tx, { operatorId, action: 'user.disable', target: changed.phone, detail: { user: id, reason, before: { disabled: false }, after: { disabled: true } } }, now);
  });
  return userRow(db, currency, id);
}

/** Lets a disabled user log in again (their old sessions stay ended). Audited. */
export async function enableUser(db: Db, currency: string, id: number, operatorId: number, now: Date): Promise<OpsUserRow> {
  await db.transaction(async (tx) => {
    const [changed] = await tx.update(users).set({ disabledAt: null }).where(and(eq(users.id, id), isNotNull(users.disabledAt))).returning({ phone: users.phone });
    if (!changed) return;
    await audit(tx, { operatorId, action: 'user.enable', target: changed.phone, detail: { user: id, before: { disabled: true }, after: { disabled: false } } }, now);
  });
  return userRow(db, currency, id);
}

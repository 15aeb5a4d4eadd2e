import { and, eq, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/database';
import { accounts } from '../db/schema';

/** A user's money. `held` on the same row is what pending holds reserve; available = balance - held. */
export const WALLET = 'wallet';

/**
 * The other side of user money: where deposits come from, where withdrawals go, what loans lend. System
 * accounts may go negative (a deposit clearing account is negative by what users have been credited).
 */
export const SYSTEM_ACCOUNTS = [
  'deposits:bank',
  'deposits:usdt',
  'withdrawals:payable',
  'payouts:bank',
  'loans:receivable',
  'income:interest',
  'income:fees',
  'settlement:stocks',
  // Fund principal users hold in fixed-term projects (sharded by user), and the returns paid on it at term.
  'funds:principal',
  'funds:returns',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
/**
 * One of several accounts that share a system account's purpose (`settlement:stocks#3`): every trade touches the
 * market side and the fee income, so spreading them over shards keeps one hot row from serialising all trading.
 * Their sum is the purpose's balance.
 */
export type SystemAccountShard = `${SystemAccount}#${number}`;

/** How many shards a busy system account is spread over. */
export const SYSTEM_SHARDS = 16;

/**
 * The shard of a system account that `spreadBy` (a user or wallet id) always books against. Every deposit,
 * withdrawal and trade touches a system account: one row for all of them would make concurrent money actions wait
 * on each other's row lock.
 */
export function systemShard(kind: SystemAccount, spreadBy: number): SystemAccount | SystemAccountShard {
  const n = spreadBy % SYSTEM_SHARDS;
  return n === 0 ? kind : `${kind}#${n}`;
}

/**
 * Opens a user's wallet at zero. Called inside the registration transaction, so a user never exists
 * without a wallet. Balances change only through ledger transfers, never here.
 */
export async function openWallet(tx: Tx, userId: number, currency: string): Promise<void> {
  await tx.insert(accounts).values({ userId, kind: WALLET, currency, balance: 0 });
}

export interface WalletBalance {
  id: number;
  balance: number;
  held: number;
  available: number;
}

/** The user's wallet in this currency, or null when they have none. */
export async function findWallet(db: DbOrTx, userId: number, currency: string): Promise<WalletBalance | null> {
  const [row] = await db
    .select({ id: accounts.id, balance: accounts.balance, held: accounts.held })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, WALLET), eq(accounts.currency, currency)))
    .limit(1);
  return row ? { ...row, available: row.balance - row.held } : null;
}

/** The available money in minor units (balance less holds); 0 when the user has no wallet in this currency. */
export async function walletBalance(db: DbOrTx, userId: number, currency: string): Promise<number> {
  return (await findWallet(db, userId, currency))?.available ?? 0;
}

/*
 * Account ids never change and accounts are never deleted, so each database's ids are remembered once known: a
 * money action then books without looking up the wallet or the system account it touches. An id first seen inside
 * a ledger transaction (which may have created the account, and may yet roll back) is remembered only once that
 * transaction commits.
 */
const knownIds = new WeakMap<Db, Map<string, number>>();
const learning = new WeakMap<Tx, { db: Db; ids: Map<string, number> }>();

/** Enough for every active wallet; past it the map starts again rather than grow with every user ever seen. */
const MAX_KNOWN_IDS = 200_000;

function knownIn(db: Db): Map<string, number> {
  let known = knownIds.get(db);
  if (!known || known.size > MAX_KNOWN_IDS) knownIds.set(db, (known = new Map()));
  return known;
}

/** Called by inLedgerTransaction for each attempt; the returned function, once `tx` has committed, keeps its ids. */
export function learnIdsIn(tx: Tx, db: Db): () => void {
  const scope = { db, ids: new Map<string, number>() };
  learning.set(tx, scope);
  return () => {
    const known = knownIn(db);
    for (const [k, id] of scope.ids) known.set(k, id);
  };
}

async function accountIdOf(db: DbOrTx, cacheKey: string, load: () => Promise<number | null>): Promise<number | null> {
  // Outside a transaction every read is committed; inside one only a ledger transaction's ids can be kept.
  const inTx = db instanceof PgTransaction;
  const scope = inTx ? learning.get(db) : undefined;
  const known = inTx ? scope && knownIn(scope.db) : knownIn(db as Db);
  const cached = known?.get(cacheKey) ?? scope?.ids.get(cacheKey);
  if (cached !== undefined) return cached;
  const id = await load();
  if (id !== null) (scope ? scope.ids : known)?.set(cacheKey, id);
  return id;
}

/** The id of the user's wallet in this currency, or null when they have none. */
export function walletId(db: DbOrTx, userId: number, currency: string): Promise<number | null> {
  return accountIdOf(db, `wallet:${userId}:${currency}`, async () => (await findWallet(db, userId, currency))?.id ?? null);
}

/** The id of a system account, created on first use (safe when several requests create it at once). */
export async function systemAccountId(tx: DbOrTx, kind: SystemAccount | SystemAccountShard, currency: string): Promise<number> {
  const id = await accountIdOf(tx, `system:${kind}:${currency}`, async () => {
    const where = and(isNull(accounts.userId), eq(accounts.kind, kind), eq(accounts.currency, currency));
    const [found] = await tx.select({ id: accounts.id }).from(accounts).where(where).limit(1);
    if (found) return found.id;
    await tx
      .insert(accounts)
      .values({ userId: null, kind, currency, balance: 0 })
      .onConflictDoNothing({ target: [accounts.kind, accounts.currency], where: sql`${accounts.userId} is null` });
    const [made] = await tx.select({ id: accounts.id }).from(accounts).where(where).limit(1);
    return made!.id;
  });
  return id!;
}

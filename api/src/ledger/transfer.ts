import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { ledgerTransfers } from '../db/schema';
import { runStatement, timestampParam } from '../db/statement';
import { learnIdsIn } from './accounts';
import { balanceLimitReached, insufficientFunds, isRetryable, keyReused, ledgerRefusal } from './errors';
import { walletEvents } from './events';
import { BALANCE_MAX, type BillReason } from '@invest/shared/contract';

export interface TransferRequest {
  /** Unique across the ledger: the same key books once, whatever happens around it. */
  key: string;
  reason: BillReason;
  currency: string;
  /** Minor units, > 0. */
  amount: number;
  /** Debited account id. */
  from: number;
  /** Credited account id. */
  to: number;
  /** What the transfer is about (a recharge id, an order number). */
  ref?: string | null;
}

export interface Transfer {
  id: number;
  reason: string;
  currency: string;
  amount: number;
  from: number;
  to: number;
  ref: string | null;
  createdAt: Date;
  /** True when the key had booked this transfer before: nothing moved this time. */
  replayed: boolean;
}

/** What requestHash hashes: the parts as JSON, in a stable order. */
const canonical = (parts: Record<string, unknown>): string =>
  JSON.stringify(
    Object.keys(parts)
      .sort()
      .map((k) => [k, parts[k] ?? null]),
  );

/** The fingerprint that tells a replay (same request) from a reuse of the key (another request). */
export function requestHash(parts: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(parts)).digest('hex');
}

type TransferRow = typeof ledgerTransfers.$inferSelect;
const toTransfer = (row: TransferRow, replayed: boolean): Transfer => ({
  id: row.id,
  reason: row.reason,
  currency: row.currency,
  amount: row.amount,
  from: row.debitAccountId,
  to: row.creditAccountId,
  ref: row.ref,
  createdAt: row.createdAt,
  replayed,
});

/** No user account's balance passes it at any step of a booking: a constant that keeps every sum exact (BALANCE_MAX). */
const CEILING = `${BALANCE_MAX}::int8`;

/*
 * Transfers are booked in one statement, however many (a buy's amount and its fee). It locks every account they
 * touch in id order (so two bookings over the same accounts cannot deadlock) and, under those locks, walks each
 * user account through its legs in order: only when none would go below its holds or above the ceiling does it insert
 * the transfers (ON CONFLICT on the key: a replay inserts nothing), move each balance once by its net change and write
 * every entry with the balance after it. Nothing is written when the money is short, the ceiling would be passed or a
 * key was used before (a key that a concurrent, uncommitted booking holds makes ON CONFLICT skip that transfer alone:
 * the caller's transaction, which `transfers` then fails, rolls the others back).
 */
const TRANSFERS_SQL = `
with req as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::int8[], $5::int4[], $6::int4[], $7::text[], $8::int4[])
    with ordinality as r(key, hash, reason, amount, debit, credit, ref, hold_id, n)
), legs as (
  select n, 0 as side, debit as account, -amount as delta, reason from req
  union all
  select n, 1 as side, credit as account, amount as delta, reason from req
), locked as materialized (
  select id, user_id, balance, balance - held as available from accounts
  where id in (select account from legs) and currency = $9::text
  order by id for update
), checked as (
  select (select count(*) from locked) = (select count(distinct account) from legs) as found,
         coalesce(bool_and(user_id is null or after >= 0), false) as funded,
         coalesce(bool_and(user_id is null or balance_after <= ${CEILING}), false) as within,
         not exists (select 1 from ledger_transfers t join req on t.idempotency_key = req.key) as fresh
  from (select l.user_id, l.available + sum(g.delta) over steps as after, l.balance + sum(g.delta) over steps as balance_after
        from legs g join locked l on l.id = g.account
        window steps as (partition by g.account order by g.n, g.side)) walked
), booked as (
  insert into ledger_transfers (idempotency_key, request_hash, reason, currency, amount, debit_account_id, credit_account_id, hold_id, ref, created_at)
  select key, hash, reason, $9::text, amount, debit, credit, hold_id, ref, coalesce($10::timestamptz, now())
  from req, checked where found and funded and within and fresh order by n
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, created_at
), whole as (
  select count(*) = (select count(*) from req) as booked from booked
), moved as (
  update accounts a set balance = a.balance + t.delta
  from (select account, sum(delta) as delta from legs group by account) t, whole
  where a.id = t.account and whole.booked
  returning a.id, a.balance, a.user_id
), entries as (
  insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, created_at)
  select b.id, g.account, g.delta,
         m.balance - coalesce(sum(g.delta) over (partition by g.account order by g.n, g.side rows between 1 following and unbounded following), 0),
         g.reason, b.created_at
  from legs g join req r on r.n = g.n join booked b on b.idempotency_key = r.key join moved m on m.id = g.account
  order by g.n, g.side
)
select (select json_agg(json_build_object('key', idempotency_key, 'id', id, 'ms', extract(epoch from created_at) * 1000)) from booked) as booked,
       (select booked from whole) as whole, c.found, c.funded, c.within,
       (select array_agg(user_id) from moved where user_id is not null) as users
from checked c`;

/*
 * The common case, one transfer, in a statement of far fewer plan nodes (PostgreSQL builds every node of a
 * prepared plan again on each run: a sixth of the database's time in the ledger benchmark's profile, and more in
 * windows, hashes and sorts over one or two rows): the same locks, checks and writes as TRANSFERS_SQL's, with the
 * transfer's columns as plain parameters $1–$8. `gate`, when given, names a CTE that must have a row for anything to
 * be booked; `rowId`, SQL for the id of the row the action wrote, stands in for `{id}` in the key, the ref and the
 * request's canonical text ($2, hashed here).
 */
function oneBookingSql(prelude: string, gate: string | null, tail: string, rowId?: string): string {
  const delta = (account: string) => `case ${account} when $5::int4 then -$4::int8 else $4::int8 end`;
  const withId = (param: string) => (rowId ? `replace(${param}::text, '{id}', (${rowId})::text)` : `${param}::text`);
  const hash = rowId ? `encode(sha256(convert_to(${withId('$2')}, 'UTF8')), 'hex')` : '$2::text';
  return `
with ${prelude}locked as materialized (
  select id, user_id, balance - held + ${delta('id')} as after, balance + ${delta('id')} as balance_after from accounts
  where id in ($5::int4, $6::int4) and currency = $9::text${gate ? ` and exists (select 1 from ${gate})` : ''}
  order by id for update
), checked as (
  select count(*) = 2 as found, coalesce(bool_and(user_id is null or after >= 0), false) as funded,
         coalesce(bool_and(user_id is null or balance_after <= ${CEILING}), false) as within,
         not exists (select 1 from ledger_transfers where idempotency_key = ${withId('$1')}) as fresh
  from locked
), booked as (
  insert into ledger_transfers (idempotency_key, request_hash, reason, currency, amount, debit_account_id, credit_account_id, hold_id, ref, created_at)
  select ${withId('$1')}, ${hash}, $3::text, $9::text, $4::int8, $5::int4, $6::int4, $8::int4, ${withId('$7')}, coalesce($10::timestamptz, now())
  from checked where found and funded and within and fresh
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, created_at
), whole as (
  select exists (select 1 from booked)${gate ? ` or not exists (select 1 from ${gate})` : ''} as booked
), moved as (
  update accounts a set balance = a.balance + ${delta('a.id')}
  from booked b where a.id in ($5::int4, $6::int4)
  returning a.id, a.balance, a.user_id, b.id as transfer_id, b.created_at
), entries as (
  insert into ledger_entries (transfer_id, account_id, amount, balance_after, reason, created_at)
  select transfer_id, id, ${delta('id')}, balance, $3::text, created_at from moved order by id <> $5::int4
)
select (select json_agg(json_build_object('key', idempotency_key, 'id', id, 'ms', extract(epoch from created_at) * 1000)) from booked) as booked,
       (select booked from whole) as whole, c.found, c.funded, c.within,
       (select array_agg(user_id) from moved where user_id is not null) as users${tail}
from checked c`;
}

const TRANSFER_SQL = oneBookingSql('', null, '');

interface TransfersOutcome {
  booked: { key: string; id: number; ms: number }[] | null;
  whole: boolean;
  found: boolean;
  funded: boolean;
  within: boolean;
  users: number[] | null;
}

/** A transfer to book, and the hold it captures if any. */
export type Booking = TransferRequest & { holdId?: number };

const requestOf = (b: Booking) => ({ reason: b.reason, currency: b.currency, amount: b.amount, from: b.from, to: b.to, ref: b.ref, hold: b.holdId });

/**
 * The parameters $1–$10 of a booking statement (after checking the bookings): each column a value for one booking,
 * an array for several. And each booking's hash.
 */
function bookingParams(bookings: Booking[], at?: Date): { params: unknown[]; hashes: string[] } {
  for (const b of bookings) {
    if (!Number.isSafeInteger(b.amount) || b.amount <= 0) throw new RangeError(`transfer amount must be a positive integer: ${b.amount}`);
    if (b.from === b.to) throw new RangeError(`a transfer moves money between two accounts: ${b.from} twice`);
    if (b.currency !== bookings[0]!.currency) throw new RangeError('transfers booked together share one currency');
  }
  const hashes = bookings.map((b) => requestHash(requestOf(b)));
  const one = bookings.length === 1;
  const column = <K extends keyof Booking>(k: K) => (one ? (bookings[0]![k] ?? null) : bookings.map((b) => b[k] ?? null));
  return {
    hashes,
    params: [
      ...[column('key'), one ? hashes[0] : hashes, column('reason'), column('amount'), column('from'), column('to'), column('ref'), column('holdId')],
      ...[bookings[0]!.currency, timestampParam(at)],
    ],
  };
}

/**
 * Books transfers in one currency together, in order, inside the caller's transaction (so the caller's own state
 * change, say a deposit marked complete, commits with them or not at all): all of them or none. A replay of the same
 * keys returns the first transfers; a key reused for another request is refused (409). A user's account never goes
 * below its holds nor above the ceiling (422 balanceLimitReached) at any step.
 */
export async function transfers(tx: Tx, bookings: Booking[], at?: Date): Promise<Transfer[]> {
  if (!bookings.length) return [];
  const { params, hashes } = bookingParams(bookings, at);
  const [out] =
    bookings.length === 1
      ? await runStatement<TransfersOutcome>(tx, 'ledger_transfer', TRANSFER_SQL, params)
      : await runStatement<TransfersOutcome>(tx, 'ledger_transfers', TRANSFERS_SQL, params);
  if (out?.whole) {
    for (const userId of out.users ?? []) touch(tx, userId);
    const byKey = new Map(out.booked!.map((b) => [b.key, b]));
    return bookings.map((b) => {
      const row = byKey.get(b.key)!;
      return { id: row.id, reason: b.reason, currency: b.currency, amount: b.amount, from: b.from, to: b.to, ref: b.ref ?? null, createdAt: new Date(row.ms), replayed: false };
    });
  }
  // Some keys were booked before (the caller's transaction rolls back whatever this statement inserted): the first
  // transfers answer a replay (whatever the balances are now); another request under a used key is refused.
  const keys = bookings.map((b) => b.key);
  const firsts = new Map((await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, keys))).map((r) => [r.idempotencyKey, r]));
  if (firsts.size) {
    if (firsts.size !== bookings.length || bookings.some((b, i) => firsts.get(b.key)?.requestHash !== hashes[i])) throw keyReused();
    return bookings.map((b) => toTransfer(firsts.get(b.key)!, true));
  }
  if (!out?.found) throw new Error(`the accounts of ${keys.join(', ')} do not all hold ${bookings[0]!.currency}`);
  throw out.funded && !out.within ? balanceLimitReached() : insufficientFunds();
}

/** Books one transfer: see `transfers`. */
export async function transfer(tx: Tx, req: TransferRequest, options: { holdId?: number; at?: Date } = {}): Promise<Transfer> {
  const [booked] = await transfers(tx, [{ ...req, holdId: options.holdId }], options.at);
  return booked!;
}

const MAX_ATTEMPTS = 5;
const backOff = (attempt: number) => new Promise((r) => setTimeout(r, 5 * attempt * Math.random()));

/**
 * A money action done in one statement, outside any transaction: the action's own writes (`prelude`: CTEs, each
 * followed by a comma, parameters from $11) and the ledger's booking of one transfer, kept only when the `gate` CTE
 * has a row (the action took place). Whatever the ledger refuses raises inside the statement (ledger_refuse), so
 * PostgreSQL rolls back the action's writes with it: all or nothing, as in a transaction, in one round trip instead
 * of four or five.
 */
export interface ActionStatement {
  /** Its prepared statement's name. */
  name: string;
  prelude: string;
  gate: string;
  /**
   * SQL for the id of the row the action wrote, when the transfer is named after it: `{id}` in the booking's key and
   * ref stands for it (no round trip to take the id first).
   */
  rowId?: string;
  /** More output columns, each starting with a comma (`from checked c` is the statement's one row). */
  select: string;
  params: unknown[];
}

const actionSql = new Map<string, string>();
const REFUSE = `,
       case when not (select booked from whole) then ledger_refuse(case when not c.found then 'accountMissing'
         when not c.funded then 'insufficientFunds' when not c.within then 'balanceLimit' else 'keyInUse' end) end as refused`;

/**
 * Runs an ActionStatement and answers its row (the ledger's columns and the action's); the users whose money
 * moved are told. Short money and a credit past the ceiling are refused (422); a key another statement is booking
 * right now, a serialization failure or a deadlock make it try again.
 */
export async function bookAlong<R>(db: Db, action: ActionStatement, booking: Booking, at?: Date): Promise<R & { whole: boolean }> {
  let text = actionSql.get(action.name);
  if (!text) actionSql.set(action.name, (text = oneBookingSql(action.prelude, action.gate, REFUSE + action.select, action.rowId)));
  const { params } = bookingParams([booking], at);
  // With the row's id still to come, the statement hashes the request's text itself.
  if (action.rowId) params[1] = canonical(requestOf(booking));
  for (let attempt = 1; ; attempt++) {
    try {
      const [out] = await runStatement<TransfersOutcome & R>(db, action.name, text, [...params, ...action.params]);
      void walletEvents.publish(out!.users ?? []);
      return out!;
    } catch (err) {
      const refusal = ledgerRefusal(err);
      if (refusal === 'insufficientFunds') throw insufficientFunds();
      if (refusal === 'balanceLimit') throw balanceLimitReached();
      if (attempt >= MAX_ATTEMPTS || !(refusal === 'keyInUse' || isRetryable(err))) throw err;
      await backOff(attempt);
    }
  }
}

/** The users whose money each open ledger transaction moved: told once it commits. */
const touchedUsers = new WeakMap<Tx, Set<number>>();

/** Notes that this transaction changed the user's money (a transfer, a hold placed or settled). */
export function touch(tx: Tx, userId: number): void {
  touchedUsers.get(tx)?.add(userId);
}

/**
 * Runs `fn` in a transaction, again when PostgreSQL reports a serialization failure or a deadlock (the whole
 * transaction rolled back, so trying again is safe). Every money action goes through here. Once it commits, the
 * users whose money moved are told (walletEvents), and the account ids it looked up are remembered.
 */
export async function inLedgerTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const touched = new Set<number>();
    let keepIds = () => {};
    try {
      const result = await db.transaction((tx) => {
        touchedUsers.set(tx, touched);
        keepIds = learnIdsIn(tx, db);
        return fn(tx);
      });
      keepIds();
      void walletEvents.publish(touched);
      return result;
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(err)) throw err;
      await backOff(attempt);
    }
  }
}

import { sql } from 'drizzle-orm';
import type { LedgerBreach } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';

/**
 * Every invariant of the books, each as one query that lists what breaks it. An empty result is a clean ledger.
 * Read in one snapshot (repeatable read on PostgreSQL), so transfers committing meanwhile cannot look like breaches.
 */
const CHECKS: { rule: string; query: ReturnType<typeof sql> }[] = [
  {
    rule: 'account equals the sum of its entries',
    query: sql`select 'account ' || a.id as subject, 'balance ' || a.balance || ', entries ' || coalesce(sum(e.amount), 0) as detail
               from accounts a left join ledger_entries e on e.account_id = a.id
               group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
  },
  {
    rule: 'accounts sum to zero per currency',
    query: sql`select 'currency ' || currency as subject, 'sum ' || sum(balance) as detail
               from accounts group by currency having sum(balance) <> 0`,
  },
  {
    rule: 'no user account below zero or below its holds',
    query: sql`select 'account ' || id as subject, 'balance ' || balance || ', held ' || held as detail
               from accounts where user_id is not null and (balance < 0 or held < 0 or held > balance)`,
  },
  {
    rule: 'held equals the pending holds',
    query: sql`select 'account ' || a.id as subject, 'held ' || a.held || ', pending holds ' || coalesce(sum(h.amount), 0) as detail
               from accounts a left join ledger_holds h on h.account_id = a.id and h.status = 'pending'
               group by a.id, a.held having a.held <> coalesce(sum(h.amount), 0)`,
  },
  {
    rule: 'each hold settled at most once',
    query: sql`select 'hold ' || h.id as subject, h.status || ' with ' || count(t.id) || ' capturing transfers' as detail
               from ledger_holds h left join ledger_transfers t on t.hold_id = h.id
               group by h.id, h.status
               having count(t.id) <> case when h.status = 'captured' then 1 else 0 end`,
  },
  {
    rule: 'each transfer is two entries that cancel out',
    query: sql`select 'transfer ' || t.id as subject, count(e.id) || ' entries summing to ' || coalesce(sum(e.amount), 0) as detail
               from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
               group by t.id, t.amount, t.debit_account_id, t.credit_account_id
               having count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0
                   or coalesce(sum(e.amount) filter (where e.account_id = t.credit_account_id), 0) <> t.amount
                   or coalesce(sum(e.amount) filter (where e.account_id = t.debit_account_id), 0) <> -t.amount`,
  },
  {
    rule: 'balance after each entry chains',
    query: sql`select 'entry ' || id as subject, 'balance after ' || balance_after || ', expected ' || expected as detail
               from (select id, balance_after,
                            sum(amount) over (partition by account_id order by id) as expected
                     from ledger_entries) chained
               where balance_after <> expected`,
  },
];

export interface LedgerReport {
  ok: boolean;
  breaches: LedgerBreach[];
}

export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const breaches = await db.transaction(
    async (tx) => {
      const found: LedgerBreach[] = [];
      for (const check of CHECKS) {
        const { rows } = (await tx.execute(check.query)) as unknown as { rows: { subject: string; detail: string }[] };
        for (const r of rows) found.push({ rule: check.rule, subject: r.subject, detail: r.detail });
      }
      return found;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { ok: breaches.length === 0, breaches };
}

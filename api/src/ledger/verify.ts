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
  // Trading (api/src/trading): positions are the sum of their fills, and held money belongs to a live order.
  {
    rule: 'every position equals the sum of its fills',
    query: sql`select 'position ' || coalesce(p.user_id, f.user_id) || '/' || coalesce(p.symbol, f.symbol) as subject,
                      'quantity ' || coalesce(p.quantity, 0) || ', fills ' || coalesce(f.quantity, 0)
                      || '; cost ' || coalesce(p.cost, 0) || ', open lots ' || coalesce(f.cost, 0) as detail
               from trade_positions p
               full join (select b.user_id, b.symbol,
                                 sum(b.count) - coalesce(sum(s.count), 0) as quantity,
                                 coalesce(sum(b.amount + b.fee) filter (where s.id is null), 0) as cost
                          from trade_fills b left join trade_fills s on s.order_id = b.order_id and s.side = 'sell'
                          where b.side = 'buy'
                          group by b.user_id, b.symbol) f on f.user_id = p.user_id and f.symbol = p.symbol
               where coalesce(p.quantity, 0) <> coalesce(f.quantity, 0) or coalesce(p.cost, 0) <> coalesce(f.cost, 0)`,
  },
  {
    rule: 'every filled order has its fills',
    query: sql`select 'order ' || o.no as subject, 'status ' || o.status || ' state ' || o.state || ' with '
                      || count(f.id) filter (where f.side = 'buy') || ' buy and ' || count(f.id) filter (where f.side = 'sell') || ' sell fills' as detail
               from trade_orders o left join trade_fills f on f.order_id = o.id
               group by o.id, o.no, o.status, o.state
               having count(f.id) filter (where f.side = 'buy') <> case when o.status = 1 then 1 else 0 end
                   or count(f.id) filter (where f.side = 'sell') <> case when o.state = 'sell' then 1 else 0 end`,
  },
  {
    // Withdrawals debit the wallet when requested and hold nothing; resting orders are today's only holders.
    rule: 'every open hold belongs to a live order or withdrawal',
    query: sql`select 'hold ' || h.id as subject, 'pending ' || h.amount || ' for ' || coalesce(h.ref, '(no ref)') as detail
               from ledger_holds h
               where h.status = 'pending'
                 and not exists (select 1 from trade_orders o where o.hold_id = h.id and o.status = 0 and o.held = h.amount)
                 and not exists (select 1 from ipo_applications a where a.hold_id = h.id and a.status = 1 and a.held = h.amount)`,
  },
  {
    // IPO applications (api/src/products/ipo) hold their amount until the allotment captures or releases it.
    rule: 'every pending IPO application holds its money',
    query: sql`select 'ipo application ' || a.no as subject, 'held ' || a.held || ', hold ' || coalesce(h.status, 'none') as detail
               from ipo_applications a left join ledger_holds h on h.id = a.hold_id
               where a.status = 1 and (h.id is null or h.status <> 'pending' or h.amount <> a.held)`,
  },
  {
    rule: 'every resting order holds its money',
    query: sql`select 'order ' || o.no as subject, 'held ' || o.held || ', hold ' || coalesce(h.status, 'none') as detail
               from trade_orders o left join ledger_holds h on h.id = o.hold_id
               where o.status = 0 and (h.id is null or h.status <> 'pending' or h.amount <> o.held)`,
  },
  // Funds (api/src/products/funds): the ledger keeps exactly the principal of active orders, and a project's sold
  // amount is its active and completed orders, never past its issue.
  {
    rule: 'fund principal equals the active fund orders',
    query: sql`select 'currency ' || coalesce(a.currency, o.currency) as subject,
                      'funds:principal ' || coalesce(a.balance, 0) || ', active orders ' || coalesce(o.amount, 0) as detail
               from (select currency, sum(balance) as balance from accounts
                     where user_id is null and (kind = 'funds:principal' or kind like 'funds:principal#%') group by currency) a
               full join (select currency, sum(amount) as amount from fund_orders where status = 'active' group by currency) o
                 on o.currency = a.currency
               where coalesce(a.balance, 0) <> coalesce(o.amount, 0)`,
  },
  {
    rule: 'every fund sold amount is its live orders, within its issue',
    query: sql`select 'fund ' || f.id as subject, 'sold ' || f.sold_amount || ' of ' || f.issue_amount || ', orders ' || coalesce(sum(o.amount), 0) as detail
               from funds f left join fund_orders o on o.fund_id = f.id and o.status in ('active', 'completed')
               group by f.id, f.sold_amount, f.issue_amount
               having f.sold_amount <> coalesce(sum(o.amount), 0) or f.sold_amount > f.issue_amount`,
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

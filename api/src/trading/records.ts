/**
 * The order records (deal/list): one entry per trade. A sold lot is one order row but two trades, its buy and its
 * sale, each listed at the time it happened; a resting, cancelled or expired order is its one entry.
 */
import { tradeOrders, type TradeOrderRow } from '../db/schema';
import type { DbOrTx } from '../db/database';
import { columnsOf, rowOf, runStatement } from '../db/statement';

export interface TradeEntry {
  /** Which trade of the order this entry is. */
  side: 'buy' | 'sell';
  row: TradeOrderRow;
}

const COLUMNS = columnsOf(tradeOrders);
// Only ever the caller's (every entry is scoped to the user); status, mold and a status to leave out filter when given.
const WHERE = `user_id = $1::int4 and ($2::int4 is null or status = $2::int4) and ($3::text is null or mold = $3::text)
  and ($4::int4 is null or status <> $4::int4)`;

// Newest first by when the trade happened (an order's buy at its placing, a sale at sold_at); a sale before a buy at
// the same instant, as it can only have come after.
const LIST_SQL = `
with entries as (
  select ${COLUMNS}, 'buy' as side, created_at as at from trade_orders where ${WHERE}
  union all
  select ${COLUMNS}, 'sell', sold_at from trade_orders where ${WHERE} and state = 'sell'
)
select * from entries order by at desc, id desc, side desc limit $5::int4 offset $6::int4`;

const COUNT_SQL = `select count(*) + count(*) filter (where state = 'sell') as n from trade_orders where ${WHERE}`;

export async function listTrades(
  db: DbOrTx,
  userId: number,
  q: { status?: number; mold?: string; exceptStatus?: number; page: number; limit: number },
): Promise<{ entries: TradeEntry[]; count: number }> {
  const where = [userId, q.status ?? null, q.mold ?? null, q.exceptStatus ?? null];
  const [raw, [total]] = await Promise.all([
    runStatement<Record<string, unknown>>(db, 'trade_list_entries', LIST_SQL, [...where, q.limit, (q.page - 1) * q.limit]),
    runStatement<{ n: unknown }>(db, 'trade_count_entries', COUNT_SQL, where),
  ]);
  return {
    entries: raw.map((r) => ({ side: r.side === 'sell' ? 'sell' : 'buy', row: rowOf(tradeOrders, r) })),
    count: Number(total?.n ?? 0),
  };
}

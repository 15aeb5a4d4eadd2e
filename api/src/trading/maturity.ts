/**
 * Bills at maturity: a periodic job like the order matcher. A bill lot (a CETES purchase) still held when its term
 * has run from its fill is paid back at face value: the lot closes as sold at the face value, what it cost comes
 * back as principal_returned and the rest as interest. Each lot is paid in its own transaction under its row lock,
 * so a pass run twice, two processes, or the holder's own sale at the same moment pay it at most once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { moneyOf, ORDER_STATUS } from '@invest/shared/contract';
import type { Db } from '../db/database';
import { tradeOrders } from '../db/schema';
import { rowOf, runStatement } from '../db/statement';
import { PeriodicJob, type JobSchedule } from '../jobs/periodic';
import { walletId } from '../ledger/accounts';
import { bookRedemption } from '../ledger/trading';
import { inLedgerTransaction } from '../ledger/transfer';
import type { MarketEngine } from '../market/engine';
import type { Bill } from '../market/types';
import { LOCK_LOT_SQL, SELL_SQL } from './orders';

const DAY_MS = 86_400_000;

/** A minute between passes: a bill is paid back on its day, not to the second. */
export const MATURITY_INTERVAL_MS = 60_000;

/** Lots looked at per bill in one pass; the next pass takes the rest. */
const BATCH = 500;

const DUE_LOTS_SQL = `
select no, user_id as "userId" from trade_orders
where symbol = $1::text and status = $2::int4 and state = 'buy' and filled_at <= $3::timestamptz
order by id limit $4::int4`;

export interface MaturityOptions extends JobSchedule {
  clock: () => Date;
  log?: FastifyBaseLogger;
}

export class BillMaturity extends PeriodicJob<number> {
  constructor(
    private readonly db: Db,
    private readonly engine: MarketEngine,
    private readonly opts: MaturityOptions,
  ) {
    super('bill maturity', opts);
  }

  /** Pays back every bill lot whose term has run; answers how many it paid. */
  protected async pass(): Promise<number> {
    let paid = 0;
    for (const inst of this.engine.instruments({ kind: 'bill' })) {
      const now = this.opts.clock();
      const filledBy = new Date(now.getTime() - inst.bill!.days * DAY_MS);
      const due = await runStatement<{ no: string; userId: number }>(this.db, 'bill_due_lots', DUE_LOTS_SQL, [inst.symbol, ORDER_STATUS.success, filledBy.toISOString(), BATCH]);
      for (const lot of due) {
        if (this.stopping) return paid;
        try {
          if (await redeemLot(this.db, lot, inst.bill!, now)) paid++;
        } catch (err) {
          this.opts.log?.error({ err, order: lot.no }, 'bill maturity could not pay a lot back');
        }
      }
    }
    return paid;
  }
}

/** Pays one matured lot back at face value; false when it was no longer held (sold, or paid by another pass). */
export async function redeemLot(db: Db, lot: { no: string; userId: number }, bill: Bill, now: Date): Promise<boolean> {
  return inLedgerTransaction(db, async (tx) => {
    const [locked] = await runStatement<Record<string, unknown>>(tx, 'trade_lock_lot', LOCK_LOT_SQL, [lot.no, lot.userId]);
    const o = locked && rowOf(tradeOrders, locked);
    if (!o || o.status !== ORDER_STATUS.success || o.state !== 'buy') return false;
    const wallet = await walletId(tx, o.userId, o.settleCurrency);
    if (!wallet) return false;
    const fx = o.fxRate ?? 1;
    const face = moneyOf(o.count, bill.face, fx);
    const cost = o.amount ?? 0;
    const principal = Math.min(cost, face);
    const lotCost = cost + o.fee;
    await runStatement(tx, 'trade_sell', SELL_SQL, [o.id, null, bill.face, fx, face, 0, face - lotCost, now.toISOString(), lotCost]);
    await bookRedemption(tx, { keyBase: `trade:${o.no}:maturity`, walletId: wallet, currency: o.settleCurrency, principal, interest: face - principal, ref: o.no, at: now });
    return true;
  });
}

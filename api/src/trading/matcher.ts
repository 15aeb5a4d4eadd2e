/**
 * The order matcher: started with the app, stopped on close. Every tick it walks the resting orders and, each in its
 * own transaction, fills the market orders whose market has opened and the limit orders the engine's price has
 * reached, and expires day orders past their session's close. All its state is in the database (a restart picks up
 * where the last process stopped), and each order is taken with FOR UPDATE SKIP LOCKED and changed only while still
 * pending, so several API processes on one PostgreSQL each fill a resting order at most once between them; the
 * timed passes run in one of them at a time (its lease: jobs/lease.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob, type JobSchedule } from '../jobs/periodic';
import { isDue, matchOrder, pendingOrders, type MatchOutcome, type TradeDeps } from './orders';
import { tradeRules } from './rules';

export interface MatcherOptions extends JobSchedule {
  clock: () => Date;
  log?: FastifyBaseLogger;
}

export type TickReport = Record<MatchOutcome, number>;

export class OrderMatcher extends PeriodicJob<TickReport> {
  constructor(
    private readonly deps: TradeDeps,
    private readonly opts: MatcherOptions,
  ) {
    super('order matcher', opts);
  }

  /** One pass over the resting orders (each order settles under its row lock, so a pass run by hand meanwhile is safe). */
  protected async pass(): Promise<TickReport> {
    const report: TickReport = { filled: 0, expired: 0, cancelled: 0, waiting: 0, skipped: 0 };
    const pending = await pendingOrders(this.deps.db);
    if (!pending.length) return report;
    const rules = await tradeRules(this.deps.db);
    for (const o of pending) {
      if (this.stopping) break;
      const now = this.opts.clock();
      try {
        report[isDue(this.deps.market, o, now) ? await matchOrder(this.deps, o.id, now, rules) : 'waiting']++;
      } catch (err) {
        this.opts.log?.error({ err, order: o.id }, 'order matcher could not settle an order');
      }
    }
    return report;
  }
}

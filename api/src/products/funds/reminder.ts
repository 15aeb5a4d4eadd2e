/**
 * The settlement reminder: a periodic job like the order matcher. Each pass logs a warning for every open project
 * past its term, so an operator watching the logs learns what to settle; the same projects show `due` in
 * GET /ops/funds and in `npm run ops -- funds list`. It changes nothing (settling needs an operator's return rate);
 * with several API processes on one database, one of them reminds (its lease).
 */
import type { Db } from '../../db/database';
import type { FundRow } from '../../db/schema';
import { PeriodicJob, type JobSchedule } from '../../jobs/periodic';
import { dueFunds } from './projects';

/** Ten minutes between reminders: a settlement is a daily chore, not a race. */
export const FUND_REMINDER_INTERVAL_MS = 10 * 60_000;

export interface ReminderOptions extends JobSchedule {
  clock: () => Date;
  log?: { warn(detail: object, message: string): void; error(detail: object, message: string): void };
}

export class FundReminder extends PeriodicJob<FundRow[]> {
  constructor(
    private readonly db: Db,
    private readonly opts: ReminderOptions,
  ) {
    super('fund reminder', opts);
  }

  /** One look at the projects past term; answers them. */
  protected async pass(): Promise<FundRow[]> {
    const now = this.opts.clock();
    const due = await dueFunds(this.db, now);
    for (const f of due) {
      this.opts.log?.warn(
        { fund: f.id, name: f.name, ended_at: f.endsAt.toISOString(), sold_amount: f.soldAmount },
        `fund project ${f.id} "${f.name}" is past its term and not settled: settle it (npm run ops -- funds settle ${f.id} --rate R) or cancel it`,
      );
    }
    return due;
  }
}

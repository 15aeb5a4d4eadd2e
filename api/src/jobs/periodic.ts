import { holdLease, releaseLease, type Lease } from './lease';

/**
 * Work the API does every so often (the order matcher, the fund settlement reminder): started with the app, stopped
 * on close, waiting for a pass in progress. One pass at a time in this process and, with a lease, in all the
 * processes that share the database: only the lease's holder runs its timed passes. A failed pass is logged and the
 * next one comes on time. With no interval it runs no timer: tests call tick().
 */
export interface JobSchedule {
  /** Milliseconds between passes; 0 runs no timer. */
  intervalMs: number;
  /** Runs the timed passes in one process of those sharing the lease's database. */
  lease?: Lease;
  log?: { error(detail: object, message: string): void };
}

/** A lease outlives a few missed renewals: a slow pass or a pause does not hand the job over. */
const leaseTtl = (intervalMs: number) => Math.max(3 * intervalMs, 10_000);

export abstract class PeriodicJob<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;
  private stopped = false;

  constructor(
    /** Names the job in the log and its lease. */
    private readonly name: string,
    protected readonly schedule: JobSchedule,
  ) {}

  /** One pass of the job's work. */
  protected abstract pass(): Promise<R>;

  /** Whether a timed job is being stopped: a long pass may end early, the next pass picks up. */
  protected get stopping(): boolean {
    return this.stopped && this.schedule.intervalMs > 0;
  }

  start(): void {
    if (this.timer || this.schedule.intervalMs <= 0) return;
    this.stopped = false;
    const loop = () => {
      this.timer = setTimeout(async () => {
        try {
          const { lease } = this.schedule;
          if (!lease || (await holdLease(lease, this.name, leaseTtl(this.schedule.intervalMs)))) await this.tick();
        } catch (err) {
          this.schedule.log?.error({ err }, `${this.name} failed`);
        }
        if (!this.stopped) loop();
      }, this.schedule.intervalMs);
      this.timer.unref?.();
    };
    loop();
  }

  /** Stops the timer, waits for a pass in progress and gives up the lease, so another process takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    if (this.schedule.lease && this.schedule.intervalMs > 0) await releaseLease(this.schedule.lease, this.name).catch(() => {});
  }

  /** Runs a pass now, or answers the one in progress. */
  tick(): Promise<R> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

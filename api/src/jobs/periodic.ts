/**
 * Work an API process does every so often on its own (the order matcher, the fund settlement reminder): started
 * with the app, stopped on close, waiting for a pass in progress. One pass at a time in this process; a failed pass
 * is logged and the next one comes on time. With no interval it runs no timer: tests call tick().
 */
export interface JobSchedule {
  /** Milliseconds between passes; 0 runs no timer. */
  intervalMs: number;
  log?: { error(detail: object, message: string): void };
}

export abstract class PeriodicJob<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R> | null = null;
  private stopped = false;

  constructor(
    /** Names the job in the log. */
    private readonly label: string,
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
          await this.tick();
        } catch (err) {
          this.schedule.log?.error({ err }, `${this.label} failed`);
        }
        if (!this.stopped) loop();
      }, this.schedule.intervalMs);
      this.timer.unref?.();
    };
    loop();
  }

  /** Stops the timer and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Runs a pass now, or answers the one in progress. */
  tick(): Promise<R> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

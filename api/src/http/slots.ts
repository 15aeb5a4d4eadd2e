import { ApiError } from './errors';

/** Seconds a refused client is told to wait before it tries again. */
const RETRY_AFTER_S = 5;

/**
 * Places for what a client holds open (an event stream, an upload being read): at most `perKey` per key (a client
 * address, a user) and `max` in the process. Past either, 429.
 */
export class Slots {
  private readonly byKey = new Map<string, number>();
  private open = 0;

  constructor(
    private readonly perKey: number,
    private readonly max = Number.POSITIVE_INFINITY,
  ) {}

  /** Takes a place for `key`, or refuses with 429; the returned release gives it back (once). */
  take(key: string): () => void {
    const mine = this.byKey.get(key) ?? 0;
    if (mine >= this.perKey || this.open >= this.max) throw new ApiError(429, 'tooManyRequests', RETRY_AFTER_S);
    this.byKey.set(key, mine + 1);
    this.open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byKey.get(key) ?? 1) - 1;
      if (left > 0) this.byKey.set(key, left);
      else this.byKey.delete(key);
    };
  }
}

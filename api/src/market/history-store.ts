import type { DailyBar } from './types';

/**
 * Where imported daily history lives. The engine reads it synchronously on its hot path, so a database-backed store
 * loads its rows into memory at start-up (and on `put`) and serves `get` from there; `put` may return a promise for
 * the write-through.
 */
export interface HistoryStore {
  /** Imported bars of `symbol`, sorted by date ascending, or undefined when nothing was imported. */
  get(symbol: string): readonly DailyBar[] | undefined;
  /** Replace the imported bars of `symbol` (sorted by date ascending). */
  put(symbol: string, bars: readonly DailyBar[]): void | Promise<void>;
}

/** In-memory HistoryStore (the default until persistence lands). */
export class MemoryHistoryStore implements HistoryStore {
  private readonly bars = new Map<string, readonly DailyBar[]>();

  get(symbol: string): readonly DailyBar[] | undefined {
    return this.bars.get(symbol.toUpperCase());
  }

  put(symbol: string, bars: readonly DailyBar[]): void {
    this.bars.set(symbol.toUpperCase(), Object.freeze(bars.map((b) => Object.freeze({ ...b }))));
  }

  symbols(): string[] {
    return [...this.bars.keys()];
  }
}

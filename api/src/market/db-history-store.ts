/**
 * Imported daily history in the `price_history` table, behind the engine's HistoryStore interface. The engine reads
 * history synchronously on its hot path, so every row is loaded into memory at start (load) and `get` is a map
 * look-up; `put` writes through to the database, then replaces the symbol's bars in memory.
 *
 * Another process's import (the ops CLI) is seen by a running server at its next start: the engine's simulator
 * builds each instrument's model from the store once, so re-reading the table alone would not move prices.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database';
import { priceHistory } from '../db/schema';
import type { HistoryStore } from './history-store';
import type { DailyBar } from './types';

/** Rows per INSERT statement (7 parameters each, far below PostgreSQL's 65535). */
const INSERT_CHUNK = 1000;

/** Replaces the stored bars of `symbol` (canonical) with `bars`. Run it inside the caller's transaction. */
export async function writePriceHistory(tx: DbOrTx, symbol: string, bars: readonly DailyBar[]): Promise<void> {
  await tx.delete(priceHistory).where(eq(priceHistory.symbol, symbol));
  for (let i = 0; i < bars.length; i += INSERT_CHUNK) {
    await tx.insert(priceHistory).values(
      bars.slice(i, i + INSERT_CHUNK).map((b) => ({
        symbol,
        day: b.date,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        volume: Math.round(b.volume),
      })),
    );
  }
}

const freeze = (bars: readonly DailyBar[]): readonly DailyBar[] => Object.freeze(bars.map((b) => Object.freeze({ ...b })));

export class DbHistoryStore implements HistoryStore {
  private bars = new Map<string, readonly DailyBar[]>();
  private readonly listeners = new Set<(symbol: string) => void>();

  private constructor(private readonly db: Db) {}

  /** A store with every stored row already in memory. */
  static async load(db: Db): Promise<DbHistoryStore> {
    const store = new DbHistoryStore(db);
    await store.readAll();
    return store;
  }

  private async readAll(): Promise<void> {
    const rows = await this.db.select().from(priceHistory).orderBy(asc(priceHistory.symbol), asc(priceHistory.day));
    const next = new Map<string, DailyBar[]>();
    for (const r of rows) {
      let list = next.get(r.symbol);
      if (!list) next.set(r.symbol, (list = []));
      list.push({ date: r.day, open: r.open, high: r.high, low: r.low, close: r.close, volume: r.volume });
    }
    this.bars = new Map([...next].map(([s, b]) => [s, freeze(b)]));
  }

  get(symbol: string): readonly DailyBar[] | undefined {
    return this.bars.get(symbol) ?? this.bars.get(symbol.toUpperCase());
  }

  async put(symbol: string, bars: readonly DailyBar[]): Promise<void> {
    const key = symbol.toUpperCase();
    await this.db.transaction((tx) => writePriceHistory(tx, key, bars));
    this.bars.set(key, freeze(bars));
    this.emit(key);
  }

  symbols(): string[] {
    return [...this.bars.keys()];
  }

  /** Called with a symbol whose bars changed in memory (so response caches can drop it). */
  onChange(listener: (symbol: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(symbol: string): void {
    for (const l of this.listeners) l(symbol);
  }
}

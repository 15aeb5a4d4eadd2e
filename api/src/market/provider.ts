/**
 * The seam between the engine and whoever produces prices. Today the seeded simulator implements it; a licensed live
 * feed can implement the same interface later (keeping its latest quotes in memory, fed by its own subscription, so
 * that `quote` stays a cheap synchronous read on the API's hot path).
 */
import type { Candle, Interval, Quote, Range } from './types';

export type QuoteListener = (quote: Quote) => void;
export type Unsubscribe = () => void;

export interface SubscribeOptions {
  /** How often to look for new prices, in ms (providers may push sooner). */
  intervalMs?: number;
}

export interface MarketDataProvider {
  /** Short name for logs and the UI ("simulator", "acme-feed"). */
  readonly id: string;
  /** True when prices are simulated: the UI says so plainly. */
  readonly simulated: boolean;
  /** Quote of a canonical symbol (as in the reference data) at UTC ms `at`. */
  quote(symbol: string, at: number): Quote;
  /** Chart rows, oldest first, as of UTC ms `at`. */
  history(symbol: string, interval: Interval, range: Range, at: number): Candle[];
  /** Is the instrument's market open at `at`? */
  isOpen(symbol: string, at: number): boolean;
  /** Optional push: call `listener` with each new quote of `symbols` until unsubscribed. */
  subscribe?(symbols: readonly string[], listener: QuoteListener, opts?: SubscribeOptions): Unsubscribe;
  /** Optional: the imported history of `symbol` changed in the HistoryStore (drop caches). */
  historyChanged?(symbol: string): void;
}

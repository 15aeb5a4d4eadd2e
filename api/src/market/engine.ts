/**
 * Market data engine: the one place the app gets prices from. Reference data (instruments, categories), quotes,
 * chart history, sparkline paths and CSV history import, over a MarketDataProvider (the seeded simulator unless a
 * live feed is plugged in). Synchronous and pure apart from the clock, so a route handler can call it directly.
 */
import { withBillPrices } from './bills';
import { CsvImportError, type CsvIssue, parseOhlcvCsv } from './csv';
import { type HistoryStore, MemoryHistoryStore } from './history-store';
import type { MarketDataProvider, QuoteListener, SubscribeOptions, Unsubscribe } from './provider';
import { listedReference, referenceData, type ReferenceData } from './reference';
import type { ChartData } from './rows';
import { MarketSimulator } from './simulator';
import { sparkline } from './sparkline';
import {
  type Candle,
  type Category,
  type DailyBar,
  DEFAULT_RANGE,
  type Instrument,
  type InstrumentKind,
  INTERVALS,
  type Interval,
  type Market,
  type Quote,
  RANGES,
  type Range,
  type Region,
  type SvgPaths,
  UnknownInstrumentError,
} from './types';

export interface MarketEngineOptions {
  /** Simulator seed: the same seed and clock always give the same prices. */
  seed: string | number;
  /** Clock (tests pass a fixed one). Default: the system clock. */
  now?: () => Date;
  /** Every market always open (the app sets it from MARKET_ALWAYS_OPEN=1). */
  alwaysOpen?: boolean;
  /** A price source other than the simulator (e.g. a licensed live feed). */
  provider?: MarketDataProvider;
  /** Where imported history lives. Default: in memory. */
  store?: HistoryStore;
  /** Reference data. Default: the bundled data/instruments.json. */
  reference?: ReferenceData;
  /** The countries the deployment lists (its configuration's MARKETS). Default: every one. */
  regions?: readonly Region[];
}

export interface InstrumentFilter {
  market?: Market;
  kind?: InstrumentKind;
}

export interface ImportResult {
  symbol: string;
  rows: number;
  /** First and last imported dates. */
  from: string;
  to: string;
  /** Lines skipped without error (e.g. Yahoo's all-null rows). */
  skipped: CsvIssue[];
}

export interface MarketEngine {
  readonly seed: string;
  readonly alwaysOpen: boolean;
  /** True when prices are simulated (the UI says so). */
  readonly simulated: boolean;
  readonly providerId: string;
  readonly store: HistoryStore;
  /** The engine's clock. */
  now(): Date;

  instruments(filter?: InstrumentFilter): readonly Instrument[];
  /** Look-up by symbol (case-insensitive). */
  instrument(symbol: string): Instrument | undefined;
  /** The spec's Category list: regions and their indices. */
  categories(): Category[];
  /** Member stocks of an index (empty for anything else). Throws UnknownInstrumentError. */
  members(indexSymbol: string): Instrument[];

  isOpen(symbol: string): boolean;
  /** Throws UnknownInstrumentError. */
  quote(symbol: string): Quote;
  quotes(symbols: readonly string[]): Quote[];
  /** Chart rows, oldest first. Range defaults to the spec's pairing (1m:1d, 1d:1y, 1wk:1y, 1mo:5y). */
  history(symbol: string, interval: Interval, range?: Range): Candle[];
  /** The spec's Quote / chart data: quote figures, rows and sparkline paths. */
  chart(symbol: string, interval?: Interval, size?: { width: number; height: number }): ChartData;
  sparkline(rows: readonly { close: number }[], width?: number, height?: number): SvgPaths;

  /** Parse a daily OHLCV CSV and make it the symbol's daily history; a file with any bad row changes nothing (CsvImportError). */
  importCsv(symbol: string, csv: string): Promise<ImportResult>;
  /** Same, from parsed bars. */
  importHistory(symbol: string, bars: readonly DailyBar[]): Promise<ImportResult>;
  importedHistory(symbol: string): readonly DailyBar[] | undefined;

  /** Call `listener` with each new quote of `symbols` (first with the current ones). */
  subscribe(symbols: readonly string[], listener: QuoteListener, opts?: SubscribeOptions): Unsubscribe;
}

export function isInterval(s: string): s is Interval {
  return (INTERVALS as readonly string[]).includes(s);
}
export function isRange(s: string): s is Range {
  return (RANGES as readonly string[]).includes(s);
}

/** Check bars as the CSV parser does (positive prices, low/high around open/close, unique valid dates); sorted copy. */
function checkBars(bars: readonly DailyBar[]): DailyBar[] {
  const errors: CsvIssue[] = [];
  const seen = new Set<string>();
  bars.forEach((b, i) => {
    const line = i + 1;
    const problems: string[] = [];
    const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(b.date);
    if (!d || new Date(`${b.date}T00:00:00Z`).toISOString().slice(0, 10) !== b.date) problems.push(`bad date "${b.date}"`);
    const nums = [b.open, b.high, b.low, b.close];
    if (!nums.every((x) => Number.isFinite(x) && x > 0)) problems.push('prices must be positive numbers');
    if (b.high < Math.max(b.open, b.close, b.low)) problems.push('high is below open/close/low');
    if (b.low > Math.min(b.open, b.close)) problems.push('low is above open/close');
    if (!(Number.isFinite(b.volume) && b.volume >= 0)) problems.push('volume must be zero or more');
    if (seen.has(b.date)) problems.push(`date ${b.date} given twice`);
    seen.add(b.date);
    if (problems.length) errors.push({ line, message: problems.join('; ') });
  });
  if (bars.length === 0) errors.push({ line: 0, message: 'no rows' });
  if (errors.length) throw new CsvImportError(errors);
  return [...bars]
    .map((b) => ({ ...b, volume: Math.round(b.volume) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function createMarketEngine(opts: MarketEngineOptions): MarketEngine {
  const now = opts.now ?? (() => new Date());
  const all = opts.reference ?? referenceData();
  const reference = opts.regions ? listedReference(all, opts.regions) : all;
  const store = opts.store ?? new MemoryHistoryStore();
  const alwaysOpen = opts.alwaysOpen === true;
  const seed = String(opts.seed);
  const provider = withBillPrices(opts.provider ?? new MarketSimulator({ seed, alwaysOpen, reference, store, now }), reference);

  const resolve = (symbol: string): Instrument => {
    const inst = reference.bySymbol.get(symbol) ?? reference.bySymbol.get(symbol.trim().toUpperCase());
    if (!inst) throw new UnknownInstrumentError(symbol);
    return inst;
  };

  const history = (symbol: string, interval: Interval, range?: Range): Candle[] => {
    if (!isInterval(interval)) throw new RangeError(`unknown interval ${String(interval)}`);
    const r = range ?? DEFAULT_RANGE[interval];
    if (!isRange(r)) throw new RangeError(`unknown range ${String(r)}`);
    return provider.history(resolve(symbol).symbol, interval, r, now().getTime());
  };

  const importHistory = async (symbol: string, bars: readonly DailyBar[], skipped: CsvIssue[] = []): Promise<ImportResult> => {
    const inst = resolve(symbol);
    const rows = checkBars(bars);
    await store.put(inst.symbol, rows);
    provider.historyChanged?.(inst.symbol);
    return { symbol: inst.symbol, rows: rows.length, from: rows[0]!.date, to: rows[rows.length - 1]!.date, skipped };
  };

  const engine: MarketEngine = {
    seed,
    alwaysOpen,
    simulated: provider.simulated,
    providerId: provider.id,
    store,
    now,

    instruments(filter) {
      if (!filter || (!filter.market && !filter.kind)) return reference.instruments;
      return reference.instruments.filter(
        (i) => (!filter.market || i.market === filter.market) && (!filter.kind || i.kind === filter.kind),
      );
    },
    instrument(symbol) {
      return reference.bySymbol.get(symbol) ?? reference.bySymbol.get(symbol.trim().toUpperCase());
    },
    categories() {
      return reference.categories.map((c) => ({ ...c, stocks: c.stocks.map((s) => ({ ...s })) }));
    },
    members(indexSymbol) {
      const inst = resolve(indexSymbol);
      return (inst.members ?? []).map((m) => reference.bySymbol.get(m)!);
    },

    isOpen(symbol) {
      return provider.isOpen(resolve(symbol).symbol, now().getTime());
    },
    quote(symbol) {
      return provider.quote(resolve(symbol).symbol, now().getTime());
    },
    quotes(symbols) {
      const at = now().getTime();
      return symbols.map((s) => provider.quote(resolve(s).symbol, at));
    },
    history,
    chart(symbol, interval = '1m', size = { width: 100, height: 40 }) {
      const inst = resolve(symbol);
      const at = now().getTime();
      const q = provider.quote(inst.symbol, at);
      const rows = provider.history(inst.symbol, interval, DEFAULT_RANGE[interval], at);
      const paths = sparkline(rows, size.width, size.height);
      return {
        symbol: inst.symbol,
        name: inst.name,
        price: q.price,
        change: q.change,
        changePercent: q.changePercent,
        percent_change: q.changePercent,
        marketOpen: q.marketOpen,
        simulated: q.simulated,
        rows,
        ...paths,
      };
    },
    sparkline(rows, width, height) {
      return sparkline(rows, width, height);
    },

    async importCsv(symbol, csv) {
      resolve(symbol);
      const parsed = parseOhlcvCsv(csv);
      if (parsed.errors.length) throw new CsvImportError(parsed.errors);
      return importHistory(symbol, parsed.rows, parsed.skipped);
    },
    importHistory(symbol, bars) {
      return importHistory(symbol, bars);
    },
    importedHistory(symbol) {
      return store.get(resolve(symbol).symbol);
    },

    subscribe(symbols, listener, subOpts) {
      const list = symbols.map((s) => resolve(s).symbol);
      if (provider.subscribe) return provider.subscribe(list, listener, subOpts);
      const last = new Map<string, Quote>();
      const poll = () => {
        const at = now().getTime();
        for (const s of list) {
          const q = provider.quote(s, at);
          const prev = last.get(s);
          if (!prev || prev.price !== q.price || prev.asOf !== q.asOf || prev.marketOpen !== q.marketOpen) {
            last.set(s, q);
            listener(q);
          }
        }
      };
      const timer = setInterval(poll, Math.max(50, subOpts?.intervalMs ?? 1000));
      if (typeof timer === 'object' && 'unref' in timer) timer.unref();
      poll();
      return () => clearInterval(timer);
    },
  };
  return engine;
}

/**
 * An engine whose clock can be held at one instant while a request reads it (`at`), so every figure of an answer
 * (quote, rows, the fill price and its rate) is of the same moment. Outside `at` it reads `now`.
 */
export function createPinnableEngine(opts: MarketEngineOptions): { engine: MarketEngine; at<T>(instant: Date, fn: () => T): T } {
  const base = opts.now ?? (() => new Date());
  let pinned: Date | null = null;
  const engine = createMarketEngine({ ...opts, now: () => pinned ?? base() });
  const at = <T>(instant: Date, fn: () => T): T => {
    const outer = pinned;
    pinned = instant;
    try {
      return fn();
    } finally {
      pinned = outer;
    }
  };
  return { engine, at };
}

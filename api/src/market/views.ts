/**
 * The contract's market shapes (shared/src/contract/market.ts) built from the engine's instruments and quotes, and
 * the symbol look-ups the routes share. Everything here is synchronous and touches no database.
 */
import { calls, type CallOutput } from '@invest/shared/contract';
import { MARKET_NAMES } from './rows';
import { SESSIONS } from './sessions';
import type { MarketEngine } from './engine';
import type { Instrument, Market, Quote as EngineQuote } from './types';

/** The contract's Quote: what the yahoo call starts with and what each `quote` event of the stream carries. */
export const QuoteSchema = calls.yahoo.output.omit({ rows: true, linePath: true, areaPath: true });
export type Quote = Omit<CallOutput<typeof calls.yahoo>, 'rows' | 'linePath' | 'areaPath'>;
export type StockRow = CallOutput<typeof calls.stockList>['rows'][number];
export type WatchEntry = CallOutput<typeof calls.collectionList>['list'][number];

export function toQuote(inst: Instrument, q: EngineQuote): Quote {
  return {
    symbol: inst.symbol,
    name: inst.name,
    market: inst.market,
    exchange_name: inst.exchange,
    currency: inst.currency,
    precision: inst.precision,
    price: q.price,
    change: q.change,
    changePercent: q.changePercent,
    percent_change: q.changePercent,
    open: q.open,
    high: q.high,
    low: q.low,
    prevClose: q.prevClose,
    volume: q.volume,
    timezone: SESSIONS[inst.session].timeZone,
    marketOpen: q.marketOpen,
    simulated: q.simulated,
    asOf: q.asOf,
  };
}

export function toStockRow(inst: Instrument, q: EngineQuote): StockRow {
  return {
    id: inst.id,
    stock: inst.symbol,
    name: inst.name,
    market: inst.market,
    market_name: MARKET_NAMES[inst.market],
    exchange_name: inst.exchange,
    prasent: q.price,
    close_prices: q.prevClose,
    percent_change: q.changePercent,
    precision: inst.precision,
  };
}

export type CurrencyRow = CallOutput<typeof calls.currencyList>['rows'][number];

/** A forex pair as the spec's Currency pair: a stock row plus the change as a price difference, at the pair's precision. */
export function toCurrencyRow(inst: Instrument, q: EngineQuote): CurrencyRow {
  const scale = 10 ** inst.precision;
  return { ...toStockRow(inst, q), price_change_percent: Math.round((q.price - q.prevClose) * scale) / scale };
}

export function toWatchEntry(inst: Instrument, q: EngineQuote): WatchEntry {
  return {
    stock_name: inst.name,
    stock_code: inst.symbol,
    stock_detail: {
      market: inst.market,
      prasent: q.price,
      close_prices: q.prevClose,
      percent_change: q.changePercent,
      market_name: MARKET_NAMES[inst.market],
      exchange_name: inst.exchange,
      precision: inst.precision,
    },
  };
}

/** Same figures (quotes are immutable per price tick, so this is usually an identity check). */
export function sameQuote(a: EngineQuote, b: EngineQuote): boolean {
  return (
    a === b ||
    (a.price === b.price &&
      a.asOf === b.asOf &&
      a.marketOpen === b.marketOpen &&
      a.prevClose === b.prevClose &&
      a.open === b.open &&
      a.high === b.high &&
      a.low === b.low &&
      a.volume === b.volume)
  );
}

const IN_SUFFIXES = ['.NS', '.BO'] as const;
const stripSuffix = (symbol: string) => symbol.replace(/\.(NS|BO)$/i, '');

/**
 * The instrument a client means by `symbol` (case-insensitive). Indian codes are shown without their .NS/.BO
 * suffix (spec: code display), so a bare code also finds its NSE, else BSE, listing. With `market`, an instrument
 * of another market is not it (undefined).
 */
export function lookupInstrument(engine: MarketEngine, symbol: string, market?: Market): Instrument | undefined {
  let inst = engine.instrument(symbol);
  if (!inst && (market === undefined || market === 'IN') && !/\.(NS|BO)$/i.test(symbol)) {
    for (const suffix of IN_SUFFIXES) {
      inst = engine.instrument(`${symbol}${suffix}`);
      if (inst) break;
    }
  }
  if (inst && market !== undefined && inst.market !== market) return undefined;
  return inst;
}

interface SearchKey {
  inst: Instrument;
  symbol: string;
  bare: string;
  name: string;
}

const searchKeys = new WeakMap<readonly Instrument[], SearchKey[]>();
function keysOf(all: readonly Instrument[]): SearchKey[] {
  let keys = searchKeys.get(all);
  if (!keys) {
    keys = all.map((inst) => ({
      inst,
      symbol: inst.symbol.toLowerCase(),
      bare: stripSuffix(inst.symbol).toLowerCase(),
      name: inst.name.toLowerCase(),
    }));
    searchKeys.set(all, keys);
  }
  return keys;
}

/**
 * Instruments whose code (with or without .NS/.BO) or name contains `keyword`, case-insensitively, best first:
 * exact code, then code prefix, then name prefix, then any other match; ties in reference order.
 */
export function searchInstruments(engine: MarketEngine, keyword: string, market?: Market): Instrument[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const scored: { inst: Instrument; score: number; order: number }[] = [];
  keysOf(engine.instruments()).forEach((key, order) => {
    if (market !== undefined && key.inst.market !== market) return;
    let score: number;
    if (key.symbol === k || key.bare === k) score = 0;
    else if (key.symbol.startsWith(k) || key.bare.startsWith(k)) score = 1;
    else if (key.name.startsWith(k)) score = 2;
    else if (key.symbol.includes(k) || key.bare.includes(k) || key.name.includes(k)) score = 3;
    else return;
    scored.push({ inst: key.inst, score, order });
  });
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.map((s) => s.inst);
}

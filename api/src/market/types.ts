import type { SessionId } from './sessions';

export const MARKETS = ['IN', 'US', 'MX', 'FOREX', 'FUTURE', 'CGI'] as const;
export type Market = (typeof MARKETS)[number];

/** The countries whose exchanges a deployment may list (MARKETS in its configuration). */
export const REGIONS = ['IN', 'US', 'MX'] as const;
export type Region = (typeof REGIONS)[number];

/** A discount bill (CETES): paid back at `face` after `days`; its simulated value is its annual yield, in percent. */
export interface Bill {
  face: number;
  days: number;
}

export const KINDS = ['index', 'stock', 'forex', 'future', 'bond', 'bill'] as const;
export type InstrumentKind = (typeof KINDS)[number];

/** One tradable or quoted instrument of the reference data. */
export interface Instrument {
  /** Stable integer id (the spec's `id`). */
  id: number;
  /** Code as shown and quoted, Yahoo style: `^NSEI`, `RELIANCE.NS`, `AAPL`, `USDINR`, `GC=F`. */
  symbol: string;
  name: string;
  market: Market;
  /** Exchange name for display (the spec's `exchange_name`): NSE, BSE, NASDAQ, NYSE, FX, COMEX, MCX, ... */
  exchange: string;
  kind: InstrumentKind;
  /** ISO currency of the price. */
  currency: string;
  /** Daily close on the reference data's anchor date (a bill's: its yield in percent). */
  refPrice: number;
  /** Annualised volatility of log returns (0.2 = 20%). */
  volatility: number;
  /** Annual trend of the log price the simulation reverts around (0.1 = +10% a year). */
  drift: number;
  /** Average daily volume the simulator aims at. */
  avgVolume: number;
  session: SessionId;
  /** Decimals of displayed prices: 4 for forex and bonds, 7 for bills, 2 otherwise. */
  precision: number;
  /** A discount bill's face value and term: its price comes from its yield (market/bills.ts). */
  bill?: Bill;
  /** For an index: symbols of its member stocks (present in the reference data). */
  members?: readonly string[];
}

/** The spec's Category entity: a region and the indices listed under it. */
export interface Category {
  category_id: number;
  category_code: string;
  category_name: string;
  stocks: { id: number; stock_name: string; stock_code: string }[];
}

export interface Quote {
  symbol: string;
  name: string;
  /** Last price (during the session: the live price; when closed: the last close). */
  price: number;
  /** Open, high, low and volume of the current session, or of the last one when closed. */
  open: number;
  high: number;
  low: number;
  volume: number;
  /** Close of the session before that one. */
  prevClose: number;
  change: number;
  /** Percent, two decimals. */
  changePercent: number;
  marketOpen: boolean;
  /** UTC ms of the price: the current tick while open, the close when closed. */
  asOf: number;
  /** True when the price comes from the simulator rather than a licensed feed. */
  simulated: boolean;
}

export const INTERVALS = ['1m', '1d', '1wk', '1mo'] as const;
export type Interval = (typeof INTERVALS)[number];
export const RANGES = ['1d', '1y', '5y'] as const;
export type Range = (typeof RANGES)[number];

/** The spec's chart periods: 1m over 1d, 1d and 1wk over 1y, 1mo over 5y. */
export const DEFAULT_RANGE: Readonly<Record<Interval, Range>> = { '1m': '1d', '1d': '1y', '1wk': '1y', '1mo': '5y' };

/** One chart row: OHLCV plus the change of the close from the previous row's close (the first row: from the close before it). */
export interface Candle {
  /** UTC ms of the start of the candle. */
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  change: number;
}

/** A daily bar as imported (e.g. from a Yahoo CSV export) and kept by a HistoryStore. */
export interface DailyBar {
  /** Local trading date 'YYYY-MM-DD'. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface SvgPaths {
  linePath: string;
  areaPath: string;
}

export class UnknownInstrumentError extends Error {
  readonly code = 'unknownSymbol';
  constructor(readonly symbol: string) {
    super(`Unknown instrument: ${symbol}`);
    this.name = 'UnknownInstrumentError';
  }
}

/**
 * The spec's list shapes (section 3), built from an instrument and its quote, for the route handlers:
 * Currency pair, Futures / treasury item, and the Quote / chart data of GET /v2/yahoo. (The stock list row is
 * built in views.ts, from the contract's own schema.)
 */
import type { Candle, Instrument, Market, Quote, SvgPaths } from './types';

export const MARKET_NAMES: Readonly<Record<Market, string>> = {
  IN: 'India',
  US: 'United States',
  FOREX: 'Forex',
  FUTURE: 'Futures',
  CGI: 'Treasury',
};

export interface CurrencyPairRow {
  stock: string;
  name: string;
  prasent: number;
  percent_change: number;
  /** Same figure as percent_change (the spec names both). */
  price_change_percent: number;
}

export function toCurrencyPairRow(inst: Instrument, q: Quote): CurrencyPairRow {
  return { stock: inst.symbol, name: inst.name, prasent: q.price, percent_change: q.changePercent, price_change_percent: q.changePercent };
}

export interface FuturesItem {
  stock: string;
  name: string;
  prasent: number;
  current_price: number;
  percent_change: number;
  exchange_name: string;
}

/** Futures (market FUTURE) and treasury (market CGI) list item. */
export function toFuturesItem(inst: Instrument, q: Quote): FuturesItem {
  return {
    stock: inst.symbol,
    name: inst.name,
    prasent: q.price,
    current_price: q.price,
    percent_change: q.changePercent,
    exchange_name: inst.exchange,
  };
}

/** The spec's Quote / chart data (GET /v2/yahoo). */
export interface ChartData extends SvgPaths {
  symbol: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  percent_change: number;
  marketOpen: boolean;
  simulated: boolean;
  rows: Candle[];
}

/**
 * Market display names and the engine's chart data type. The contract's list shapes (stock row, watchlist
 * entry, and later currency pairs and futures items) are built in views.ts from the contract's own schemas.
 */
import type { Candle, Market, SvgPaths } from './types';

export const MARKET_NAMES: Readonly<Record<Market, string>> = {
  IN: 'India',
  US: 'United States',
  MX: 'Mexico',
  FOREX: 'Forex',
  FUTURE: 'Futures',
  CGI: 'Treasury',
};

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

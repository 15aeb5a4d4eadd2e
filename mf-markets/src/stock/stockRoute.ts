import { matchPath } from 'react-router-dom';
import { callQuery, calls, marketOf, queryClient, type Interval, type Market } from '@invest/shared';
import { CHART_ROWS_FRESH_MS, preloadChart } from '@invest/shared/chart';

/** The stock detail's two route forms (spec §2). */
export const STOCK_ROUTES = ['/stock/v2/:code/:name', '/stock/:symbol/:market/:name'] as const;

/** The stock a detail route names: its code, and its market when the route gives a known one. */
export function stockOfParams(params: Readonly<Partial<Record<string, string>>>): { symbol: string; market: Market | undefined } {
  return { symbol: params.symbol ?? params.code ?? '', market: marketOf(params.market) };
}

/** The chart rows of one period: the query the detail reads, and what its route's prefetch asks for. */
export const chartQuery = (symbol: string, market: Market | undefined, interval: Interval) =>
  callQuery(calls.yahoo, { symbol, market, mold: interval }, { staleTime: CHART_ROWS_FRESH_MS });

/**
 * Started with the detail's code on the first visit: the default tab's rows and the chart's code, so a deep link does
 * not wait for the screen's chunk before asking for them.
 */
export function prefetchStockDetail(pathname = window.location.pathname): void {
  const params = STOCK_ROUTES.map((pattern) => matchPath(pattern, pathname)?.params).find(Boolean);
  if (!params) return;
  const { symbol, market } = stockOfParams(params);
  void queryClient.prefetchQuery(chartQuery(symbol, market, '1m'));
  preloadChart();
}

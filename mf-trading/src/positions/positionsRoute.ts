import { matchPath } from 'react-router-dom';
import { callQuery, callQueryFirstWith, calls, marketOf, queryClient, type CallOutput, type TradeType } from '@invest/shared';
import { POSITIONS_PAGE_SIZE, TRADE_TYPES } from '@invest/shared/values/trading';
import { CHART_ROWS_FRESH_MS, preloadChart } from '@invest/shared/chart';

/**
 * A page of positions as the screen reads it. Fresh for a few seconds: the answer the route's prefetch just had is
 * the one the screen shows as it mounts, not read again. The first read of the first page asks for its first lot's
 * chart too (include=chart, as the route's early calls do) and keeps it as that holding's chart, so the chart the
 * screen draws first does not wait for a second round trip; later reads (polls, refreshes) do not ask for it.
 */
export const positionsQuery = (type: TradeType, page: number) => {
  const input = { type, page, limit: POSITIONS_PAGE_SIZE };
  if (page !== 1) return callQuery(calls.positions, input, { staleTime: 5_000 });
  const keepChart = ({ chart, rows }: CallOutput<typeof calls.positions>) => {
    if (chart && rows[0]) queryClient.setQueryData(holdingRowsQuery(rows[0].tag, rows[0].market).queryKey, chart);
  };
  return callQueryFirstWith(calls.positions, input, { extra: { include: 'chart' }, onFirst: keepChart }, { staleTime: 5_000 });
};

/** The positions type a URL names; stock when it names none we know. */
export const tradeTypeOf = (v: string | null | undefined): TradeType =>
  (TRADE_TYPES as readonly (string | null | undefined)[]).includes(v) ? (v as TradeType) : 'stock';

/** The day candles of one holding's instrument, as its chart reads them. */
export const holdingRowsQuery = (tag: string, market: string) =>
  callQuery(calls.yahoo, { symbol: tag, market: marketOf(market), mold: '1d' }, { staleTime: CHART_ROWS_FRESH_MS });

/** The positions type a URL opens on, or null when it is not a positions route. */
export function positionsTypeOf(location: Pick<Location, 'pathname' | 'search'>): TradeType | null {
  const noNav = matchPath('/trade-no-nav/:type/:buck?', location.pathname);
  const raw = noNav ? noNav.params.type : matchPath('/trade', location.pathname) ? new URLSearchParams(location.search).get('type') : undefined;
  return raw === undefined ? null : tradeTypeOf(raw);
}

/**
 * Started as the remote's code runs on a visit that opens on positions: the first page, then the first holding's
 * candles (the chart the screen draws first), and the chart's code, instead of each after the render before it.
 */
export function prefetchPositions(location: Pick<Location, 'pathname' | 'search'> = window.location): void {
  const type = positionsTypeOf(location);
  if (!type) return;
  preloadChart();
  queryClient.fetchQuery(positionsQuery(type, 1)).then(
    (answer) => {
      const first = answer.rows[0];
      if (first) void queryClient.prefetchQuery(holdingRowsQuery(first.tag, first.market));
    },
    () => undefined, // the screen reads it again and shows its own failure
  );
}

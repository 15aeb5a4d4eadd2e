import { callQuery, calls, keepPreviousData, troubleOf, useQuery } from '@invest/shared';

export const MARKETS_PAGE_SIZE = 10;

/** The query of one page of an index's member stocks (GET /v2/stock/list {symbol, page, limit: 10}). */
export const stockPageQuery = (symbol: string | null, page: number) =>
  callQuery(
    calls.stockList,
    { symbol: symbol ?? '', page, limit: MARKETS_PAGE_SIZE },
    // Another page keeps the rows on screen (marked as changing) until its own are there.
    { enabled: symbol !== null, placeholderData: keepPreviousData },
  );

/** One page of an index's member stocks, with what the screen needs to say about it. */
export function useStockPage(symbol: string | null, page: number) {
  const query = stockPageQuery(symbol, page);
  const q = useQuery(query);
  return {
    query,
    rows: q.data?.rows ?? [],
    count: q.data?.count ?? 0,
    /** An answer (or the previous page's) is there to show. */
    ready: q.data !== undefined,
    changing: q.isPlaceholderData,
    trouble: troubleOf(q),
    since: q.dataUpdatedAt || undefined,
    retry: () => void q.refetch(),
    busy: q.isFetching,
  };
}

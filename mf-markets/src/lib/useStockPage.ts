import { useCallback, useEffect, useRef, useState } from 'react';
import { call, calls, type StockRow } from '@invest/shared';
import { logListError } from './display';

export const MARKETS_PAGE_SIZE = 10;

/**
 * One page of an index's member stocks (GET /v2/stock/list {symbol, page, limit: 10}). `reload` refreshes the page
 * in place (the polling fallback); a failed load is logged and empties the list silently (spec §8).
 */
export function useStockPage(symbol: string | null, page: number) {
  const [rows, setRows] = useState<StockRow[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  const fetchPage = useCallback(
    async (quiet: boolean) => {
      if (!symbol) return;
      const mine = ++seq.current;
      if (!quiet) setLoading(true);
      try {
        const data = await call(calls.stockList, { symbol, page, limit: MARKETS_PAGE_SIZE });
        if (mine !== seq.current) return;
        setRows(data.rows);
        setCount(data.count);
      } catch (e) {
        if (mine !== seq.current) return;
        logListError(`members of ${symbol}`, e);
        setRows([]);
        setCount(0);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    },
    [symbol, page],
  );

  useEffect(() => {
    if (symbol) void fetchPage(false);
    else {
      seq.current++;
      setRows([]);
      setCount(0);
    }
  }, [fetchPage, symbol]);

  const reload = useCallback(() => fetchPage(true), [fetchPage]);
  return { rows, count, loading, reload };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { cache, call, calls, type CallOutput } from '@invest/shared';
import { logListError } from './display';

/** What an index card needs: the quote and its sparkline paths (GET /v2/yahoo without the rows). */
export type IndexLine = Omit<CallOutput<typeof calls.yahoo>, 'rows'>;

export const lineCacheKey = (symbol: string) => `line:${symbol}`;

function toLine(data: CallOutput<typeof calls.yahoo>): IndexLine {
  const { rows: _rows, ...line } = data;
  return line;
}

/**
 * Index cards' data for `symbols`: the cached lines (IndexedDB store `line`) show at once, then GET /v2/yahoo
 * (1m over 1d) replaces them and the cache. `refresh` reloads every symbol (the cards' polling fallback).
 * A card whose load fails keeps what it had.
 */
export function useIndexLines(symbols: readonly string[]): {
  lines: Record<string, IndexLine>;
  loading: boolean;
  refresh: () => Promise<void>;
} {
  const key = symbols.join(',');
  const [lines, setLines] = useState<Record<string, IndexLine>>({});
  const [loading, setLoading] = useState(true);
  const current = useRef<string[]>([]);
  const saved = useRef(new Map<string, string>());

  const refresh = useCallback(async () => {
    const list = current.current;
    await Promise.all(
      list.map(async (symbol) => {
        try {
          const line = toLine(await call(calls.yahoo, { symbol, mold: '1m' }));
          if (!current.current.includes(symbol)) return;
          setLines((prev) => ({ ...prev, [symbol]: line }));
          if (saved.current.get(symbol) !== line.linePath) {
            saved.current.set(symbol, line.linePath);
            void cache.put('line', lineCacheKey(symbol), line);
          }
        } catch (e) {
          logListError(`index ${symbol}`, e);
        }
      }),
    );
  }, []);

  useEffect(() => {
    const list = key ? key.split(',') : [];
    current.current = list;
    let live = true;
    setLoading(list.length > 0);
    void (async () => {
      const cached = await Promise.all(list.map((s) => cache.get<IndexLine>('line', lineCacheKey(s))));
      if (!live) return;
      const found = Object.fromEntries(list.flatMap((s, i) => (cached[i] ? [[s, cached[i]!] as const] : [])));
      // Cached first, but never over something fresher that already arrived.
      if (Object.keys(found).length) setLines((prev) => ({ ...found, ...prev }));
      if (Object.keys(found).length === list.length && list.length) setLoading(false);
    })();
    void refresh().finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, refresh]);

  return { lines, loading, refresh };
}

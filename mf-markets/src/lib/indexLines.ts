import { useMemo } from 'react';
import { CARD_POLL_MS, callQuery, calls, troubleOf, useCachedFirst, useCalls, type CallOutput, type Trouble } from '@invest/shared';

/** What an index card needs: the quote and its sparkline paths (GET /v2/yahoo?view=spark, which has no rows). */
export type IndexLine = Omit<CallOutput<typeof calls.yahoo>, 'rows'>;

export const lineCacheKey = (symbol: string) => `line:${symbol}`;

const toLine = ({ rows: _rows, ...line }: CallOutput<typeof calls.yahoo>): IndexLine => line;

/**
 * The query of one index card: GET /v2/yahoo (1m over 1d) in its card view, the quote and paths only. A line younger than the cards' poll interval is current (the page's first frame
 * brings lines a second or two old: they are not asked for again as the screen mounts; live quotes move them on).
 */
export const indexLineQuery = (symbol: string) => callQuery(calls.yahoo, { symbol, mold: '1m', view: 'spark' }, { select: toLine, staleTime: CARD_POLL_MS });

/**
 * Index cards' data for `symbols`: the cached lines (IndexedDB store `line`) show at once, then each card's query
 * replaces its line and the cache. A card whose load fails keeps what it had. `trouble` says whether the lines
 * shown are not current (offline, or the last refresh failed), and `asOf` how old the newest is.
 */
export function useIndexLines(symbols: readonly string[]): {
  lines: Record<string, IndexLine>;
  queries: ReturnType<typeof indexLineQuery>[];
  trouble: Trouble | null;
  asOf: number | undefined;
} {
  const queries = useMemo(() => symbols.map(indexLineQuery), [symbols]);
  const results = useCalls(queries);
  const { shown } = useCachedFirst<IndexLine>(
    'line',
    symbols.map(lineCacheKey),
    results.map((r) => r.data),
  );
  const lines: Record<string, IndexLine> = {};
  symbols.forEach((s, i) => {
    if (shown[i]) lines[s] = shown[i];
  });
  const trouble = results.map(troubleOf).find((t) => t === 'offline' || t === 'failed') ?? null;
  const asOf = Object.values(lines).reduce<number | undefined>((max, l) => Math.max(max ?? 0, l.asOf), undefined);
  return { lines, queries, trouble, asOf };
}

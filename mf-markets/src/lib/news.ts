import { useCallback, useEffect, useRef, useState } from 'react';
import { cache, call, calls, type News } from '@invest/shared';
import { logListError } from './display';

export type NewsItem = Omit<News, 'content'>;
export const HOME_NEWS_COUNT = 3;
export const newsCacheKey = (page: number, limit: number) => `news:${page}:${limit}`;

/**
 * A page of news: the cached page (IndexedDB store `initData`) shows first, then GET /stock/new/list replaces it.
 * A failed load is logged and the list emptied (spec §8), unless the cache had it.
 */
export function useNewsPage(page: number, limit: number, enabled = true) {
  const [rows, setRows] = useState<NewsItem[]>([]);
  const [count, setCount] = useState(0);
  const [loading, setLoading] = useState(enabled);
  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    const key = newsCacheKey(page, limit);
    setLoading(true);
    const cached = await cache.get<{ rows: NewsItem[]; count: number }>('initData', key);
    if (mine !== seq.current) return;
    if (cached) {
      setRows(cached.rows);
      setCount(cached.count);
      setLoading(false);
    }
    try {
      const data = await call(calls.newsList, { page, limit });
      if (mine !== seq.current) return;
      setRows(data.rows);
      setCount(data.count);
      void cache.put('initData', key, data);
    } catch (e) {
      if (mine !== seq.current) return;
      logListError('news', e);
      if (!cached) {
        setRows([]);
        setCount(0);
      }
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [page, limit]);

  useEffect(() => {
    if (enabled) void load();
    else seq.current++;
  }, [load, enabled]);

  return { rows, count, loading };
}

/** "28 Nov 2025" in the reader's language; the raw text when it is not a date. */
export function formatNewsDate(value: string, locale: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
}

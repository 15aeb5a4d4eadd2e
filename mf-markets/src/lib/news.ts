import { calls, keepPreviousData, troubleOf, useCachedFirst, useCall, type News, type Trouble } from '@invest/shared';

export type NewsItem = Omit<News, 'content'>;
export const HOME_NEWS_COUNT = 3;
export const newsCacheKey = (page: number, limit: number) => `news:${page}:${limit}`;

export interface NewsPage {
  rows: NewsItem[];
  count: number;
  /** Nothing to show yet: no answer and nothing cached. */
  pending: boolean;
  /** Showing the previous page while this one loads. */
  changing: boolean;
  /** Why what is shown is not current (or why nothing is). */
  trouble: Trouble | null;
  since: number | undefined;
  retry: () => void;
}

/**
 * A page of news: the cached page (IndexedDB store `initData`) shows first, then GET /stock/new/list replaces it.
 * Moving to another page keeps the last one on screen until the new one is there.
 */
export function useNewsPage(page: number, limit: number, enabled = true): NewsPage {
  const q = useCall(calls.newsList, { page, limit }, { enabled, placeholderData: keepPreviousData });
  const fresh = q.isPlaceholderData ? undefined : q.data;
  const kept = useCachedFirst('initData', [newsCacheKey(page, limit)], [fresh]);
  const data = kept.shown[0] ?? q.data;
  return {
    rows: data?.rows ?? [],
    count: data?.count ?? 0,
    pending: !data,
    changing: q.isPlaceholderData,
    trouble: troubleOf(q),
    since: fresh ? q.dataUpdatedAt : kept.keptAt[0],
    retry: () => void q.refetch(),
  };
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

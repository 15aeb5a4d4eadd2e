import { useSearchParams } from 'react-router-dom';

/** A list's tab and page, kept in the URL so coming back from a row's detail returns to the same place. */
export function useListParams<T extends string>(tabs: readonly T[], fallback: T): { tab: T; page: number; setTab: (tab: T) => void; setPage: (page: number) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = (tabs as readonly (string | null)[]).includes(raw) ? (raw as T) : fallback;
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const write = (next: { tab: T; page: number }) => {
    const p = new URLSearchParams();
    if (next.tab !== fallback) p.set('tab', next.tab);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return { tab, page, setTab: (next) => write({ tab: next, page: 1 }), setPage: (next) => write({ tab, page: next }) };
}

import { useSearchParams } from 'react-router-dom';

/** The list page named in the URL: a whole number from 1, anything else is page 1. */
export const pageOf = (params: URLSearchParams): number => Math.max(1, Math.floor(Number(params.get('page')) || 1));

/** The page of the list, from the URL (so back from a detail returns to it). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const set = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next, { replace: true });
  };
  return [pageOf(params), set];
}

import { useQuery, queryClient } from '@invest/runtime';
import { calls } from './contract/endpoints';
import { deploymentQuery } from './hooks/useDeployment';
import type { Category } from './contract/market';
import { useCachedFirst } from './query/useCachedFirst';
import { callQuery, troubleOf, type Trouble } from './query/useCall';

/** The data the whole app needs from the start: the market categories, loaded once per session. */
export const categoriesQuery = callQuery(calls.categoryList, undefined, { staleTime: Infinity });

/**
 * The shell loads the categories and the deployment's settings at start (and after a login), beside the route's
 * remote: a screen that needs them (most do, for a currency) then draws without asking first. The app starts even
 * if this fails (spec §1): the screens that need them then say so and retry.
 */
export async function loadAppData(): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(categoriesQuery), queryClient.prefetchQuery(deploymentQuery)]);
}

/**
 * The market categories: the cached ones (IndexedDB `initData`) first, then the server's. `ready` once either is
 * there; `trouble` when the first load failed and nothing is cached (the screen shows a retry, not "no indices").
 * A remote running on its own has no shell: the first screen that asks loads them.
 */
export function useCategories(): { categories: Category[]; ready: boolean; trouble: Trouble | null; retry: () => void } {
  const q = useQuery(categoriesQuery);
  const { shown } = useCachedFirst('initData', ['categories'], [q.data?.categories]);
  const categories = shown[0];
  // Shown categories that could not be refreshed are still right (they change with a release, not by the minute):
  // the prices beside them carry their own stale notice, so only a failed first load is trouble.
  const trouble = categories === undefined ? troubleOf(q) : null;
  return { categories: categories ?? [], ready: categories !== undefined, trouble, retry: () => void q.refetch() };
}

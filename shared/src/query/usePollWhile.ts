import { useQueries } from '@invest/runtime';
import type { Query } from '@tanstack/react-query';
import type { ApiError } from '../api/client';
import type { AnyCallQuery } from './useCall';

/**
 * The fallback of a live stream: while `polling`, the screen's own queries (`queries`, the options its
 * useQuery/useCall got) refresh every `intervalMs`, on TanStack's timers (paused with the app). It is a second
 * observer of each query: it adds the interval and never re-renders the screen. Counting data younger than one
 * interval as fresh, it refreshes at once only what is older (a fallback that starts late).
 */
export function usePollWhile(polling: boolean, queries: readonly AnyCallQuery[], intervalMs: number): void {
  useQueries({
    queries: queries.map((options) => ({
      ...options,
      // The query's own rule (callQuery: not after a 404) still holds.
      enabled: (query: Query<unknown, ApiError, unknown, readonly unknown[]>) =>
        polling && (typeof options.enabled === 'function' ? options.enabled(query) : options.enabled !== false),
      staleTime: intervalMs,
      refetchInterval: intervalMs,
      refetchOnWindowFocus: false,
      notifyOnChangeProps: [],
    })),
  });
}

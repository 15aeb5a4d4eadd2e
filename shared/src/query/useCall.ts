import { onlineManager, queryOptions, useMutation, useQueries, useQuery } from '@invest/runtime';
import type { UseMutationOptions, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, call } from '../api/client';
import type { CallInput, CallOutput, Endpoint } from '../contract/route';
import { useOnline } from './useOnline';

/** Options of a query over a contract call: everything TanStack takes except the key and the function. */
export type CallQueryOptions<C extends Endpoint, TData = CallOutput<C>> = Omit<
  UseQueryOptions<CallOutput<C>, ApiError, TData, readonly unknown[]>,
  'queryKey' | 'queryFn'
>;

/** The cache key of a call: its path and its input. Two screens asking the same thing share one answer. */
export const callKey = <C extends Endpoint>(def: C, input?: CallInput<C>): readonly unknown[] => [def.path, input ?? {}];

/**
 * A call's query whose first read asks for more than the later ones (polls, refreshes): `extra`, an optional part of
 * the call's input (the positions' include=chart), sent only while the query has no answer yet; `onFirst` gets that
 * first answer (to keep what came with it under its own query). The key is the input without `extra`.
 */
export function callQueryFirstWith<C extends Endpoint>(
  def: C,
  input: CallInput<C>,
  first: { extra: Partial<CallInput<C>>; onFirst: (answer: CallOutput<C>) => void },
  options: CallQueryOptions<C> = {},
) {
  const base = callQuery(def, input, options);
  return queryOptions<CallOutput<C>, ApiError, CallOutput<C>, readonly unknown[]>({
    ...base,
    queryFn: async ({ client }) => {
      if (client.getQueryData(base.queryKey) !== undefined) return call(def, input);
      const answer = await call(def, { ...(input as object), ...first.extra } as CallInput<C>);
      first.onFirst(answer);
      return answer;
    },
  });
}

/** A query's options for `useQueries` or `queryClient.fetchQuery`; `useCall` is this plus `useQuery`. */
export function callQuery<C extends Endpoint, TData = CallOutput<C>>(def: C, input?: CallInput<C>, options: CallQueryOptions<C, TData> = {}) {
  const { enabled } = options;
  return queryOptions<CallOutput<C>, ApiError, TData, readonly unknown[]>({
    queryKey: callKey(def, input),
    queryFn: () => call(def, input),
    ...options,
    // A 404 is final: asking again (polling, focus, a remount) would get the same answer. Retry buttons still can.
    enabled: (query) => enabled !== false && !isNotFound(query.state.error),
  });
}

/**
 * Reads a contract call: `useCall(calls.stockList, { symbol, page, limit: 10 }, { refetchInterval: LIST_POLL_MS })`.
 * A new input is a new key, so an answer for an input the screen has left never shows (no stale answers); polling
 * pauses while the app is in the background (followApp) and a 401 still ends the session (call()).
 */
export function useCall<C extends Endpoint, TData = CallOutput<C>>(
  def: C,
  input?: CallInput<C>,
  options?: CallQueryOptions<C, TData>,
): UseQueryResult<TData, ApiError> {
  // troubleOf reads the connection, and TanStack tells a query's observers nothing when it drops: draw again then.
  useOnline();
  return useQuery(callQuery(def, input, options));
}

/**
 * Options of some call's query whose data type does not matter here (a list of different calls, say). `unknown`
 * would not do: TanStack's options are invariant in their data type, so typed options would not be assignable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCallQuery<TData = any> = UseQueryOptions<any, ApiError, TData, readonly unknown[]>;

/** Reads a list of calls alike (one per index card, say), from `callQuery` options; one result per query. */
export function useCalls<TData>(queries: readonly AnyCallQuery<TData>[]): UseQueryResult<TData, ApiError>[] {
  useOnline(); // as useCall's
  return useQueries({ queries: [...queries] }) as UseQueryResult<TData, ApiError>[];
}

/** Automatic retries of an idempotent call whose answer was lost (network error, time-out), with the same key. */
export const IDEMPOTENT_RETRIES = 2;
const IDEMPOTENT_RETRY_DELAY_MS = 400;
/**
 * How long after a booked answer the same input still counts as the same submit: a double tap whose second tap lands
 * after the first answer (a fast server, a slow screen change) is sent with the first key and the server replays the
 * first answer instead of booking again. Past it, the same input is a new request.
 */
export const REPEAT_TAP_MS = 2000;

/** A fresh Idempotency-Key. randomUUID needs a secure context; a phone on the LAN's http:// URL gets random hex. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Writes through a contract call: `const add = useCallMutation(calls.collectionAdd)`, then `add.mutate({ symbol })`.
 * One at a time: a second `mutate` while one runs is ignored (a double tap never submits twice), and `isPending`
 * is true from the tap on, so the button locks at once.
 * An `idempotent` call (money) sends one Idempotency-Key per submit. When no answer came back (it may still have been
 * booked) it asks again with the same key, and a "try again" with the same input reuses it too, so the server books
 * once; so does the same input within REPEAT_TAP_MS of a success (the tail of a double tap). After a refusal, later
 * than that, or with a changed input, the next submit gets a new key.
 */
export function useCallMutation<C extends Endpoint, TContext = unknown>(
  def: C,
  options?: Omit<UseMutationOptions<CallOutput<C>, ApiError, CallInput<C>, TContext>, 'mutationFn'>,
) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  // The submit's key and the input it was for; kept after a failure with no answer (for the "try again") and, with
  // the time of its answer, after a success (for the tail of a double tap).
  const submit = useRef<{ key: string; input: string; bookedAt?: number } | null>(null);
  const m = useMutation<CallOutput<C>, ApiError, CallInput<C>, TContext>({
    mutationFn: (input) => call(def, input, { idempotencyKey: def.idempotent ? submit.current?.key : undefined }),
    ...(def.idempotent && {
      retry: (failures: number, error: ApiError) => failures < IDEMPOTENT_RETRIES && error.status === 0,
      retryDelay: (failures: number) => IDEMPOTENT_RETRY_DELAY_MS * 2 ** failures,
    }),
    ...options,
    onSettled: (data, error, ...rest) => {
      running.current = false;
      setPending(false);
      if (!error && submit.current) submit.current.bookedAt = Date.now();
      else if (error?.status !== 0) submit.current = null;
      return options?.onSettled?.(data, error, ...rest);
    },
  });
  const { mutate: start } = m;
  const mutate = useCallback(
    (...args: Parameters<typeof start>) => {
      if (running.current) return;
      running.current = true;
      setPending(true);
      if (def.idempotent) {
        const input = JSON.stringify(args[0] ?? {});
        const kept = submit.current;
        const same = kept?.input === input && (kept.bookedAt === undefined || Date.now() - kept.bookedAt < REPEAT_TAP_MS);
        if (!same) submit.current = { key: newIdempotencyKey(), input };
      }
      start(...args);
    },
    [start, def.idempotent],
  );
  return { ...m, mutate, isPending: pending };
}

/** Why a query has no fresh answer, for the screen to say so; null while it is fine (or still loading). */
export type Trouble = 'offline' | 'failed' | 'notFound';

export function troubleOf(q: Pick<UseQueryResult<unknown, ApiError>, 'data' | 'error' | 'fetchStatus'>): Trouble | null {
  if (q.error?.status === 404) return 'notFound';
  // Paused: TanStack holds fetches while the browser is offline. A network error: no answer came back. An answer or a
  // failure on screen while offline: nothing can refresh it, whether its query polls (and pauses) or not.
  if (q.fetchStatus === 'paused' || q.error?.key === 'network' || ((q.data !== undefined || q.error) && !onlineManager.isOnline())) return 'offline';
  return q.error ? 'failed' : null;
}

/** A 404 answer is final: no retry, and no more polling. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

import { focusManager, onlineManager, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { bus } from './bus';

/** An answer's HTTP status, read off the error by shape: each copy of the API client has its own ApiError class. */
const statusOf = (error: unknown): number | undefined => {
  const status = error instanceof Error ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
};

/** Failures worth one more try: no answer at all, or the server broke. A 4xx answer says the same the next time. */
export function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status === 0 || status >= 500;
}

/** The defaults every query of the app runs with; tests pass shorter delays. */
export function createQueryClient(queries: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    // Screens show a failed load (offline or retry state); the reason goes to the console once, here.
    queryCache: new QueryCache({ onError: (error, query) => console.warn('[query] failed', query.queryKey, error) }),
    defaultOptions: {
      queries: {
        // Polling is the retry for polled screens; a one-off load gets a second chance only when it may help.
        retry: (failures, error) => failures < 1 && isTransient(error),
        ...queries,
      },
    },
  });
}

/**
 * The page's one QueryClient. @invest/runtime is a federation singleton, so the shell and every remote read the same
 * module and share one cache: a quote loaded on home is there when markets opens. The shell wires it to the app
 * (followApp) and provides it; each remote's root provides the same instance (createLifecycles, mountStandalone).
 */
export const queryClient = createQueryClient();

/**
 * Ties a client to the app: while the shell says the app is paused (page hidden, hybrid app in the background) no
 * query polls, and on resume every stale query refreshes at once (TanStack's focus follows the bus). A session that
 * ends drops every cached answer, so the next user never sees the last one's data. Returns the undoing.
 */
export function followApp(client: QueryClient = queryClient): () => void {
  // Replaces TanStack's own visibilitychange listener: the bus also carries the hybrid app's pause and resume.
  focusManager.setEventListener((setFocused) => {
    const subs = [bus.on('app:pause').subscribe(() => setFocused(false)), bus.on('app:resume').subscribe(() => setFocused(true))];
    return () => subs.forEach((s) => s.unsubscribe());
  });
  // TanStack starts online and listens for the browser's events only while something subscribes: a page opened
  // offline, or gone offline while nothing listened, would count as online. Each (re)subscription reads the browser's
  // own flag first.
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
  const sub = bus.on('session:logout').subscribe(() => client.clear());
  return () => sub.unsubscribe();
}

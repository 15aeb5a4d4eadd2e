import { createElement, lazy, type ComponentType } from 'react';
import { reloadIfRedeployed } from './staleRelease';

/** How to ask again for each screen whose chunk failed to load: RemoteBoundary's retry runs them. */
const failedLoads = new Set<() => void>();

/** Forgets every failed screen load, so the next render of those screens asks for their chunks again. */
export function retryFailedScreens(): void {
  for (const reset of failedLoads) reset();
  failedLoads.clear();
}

/**
 * A screen in a chunk of its own, loaded when its route first opens: a remote imports only its landing screen (and
 * the tabs it leads to) directly, so that route does not download the others' code and styles. `name` is the
 * screen's named export; a screen takes no props (what it shows comes from its route).
 *
 * React.lazy keeps a failed load for good, which is what a render needs until someone retries (a fresh lazy on every
 * render would ask for the chunk again and again while offline). The retry of the app's boundary (RemoteBoundary:
 * its Retry button, a navigation, or the connection coming back) replaces the failed ones (retryFailedScreens). A
 * load that failed offline is also replaced when the screen is drawn again online: the app may have been away (its
 * boundary unmounted) when the connection came back.
 */
export function lazyScreen<K extends string>(
  load: () => Promise<Record<NoInfer<K>, ComponentType>>,
  name: K,
  options: {
    /**
     * What the screen will ask for as soon as it draws (its data, its chart's code), started with its code instead of
     * after it: run when the screen's code is first asked for, reading what it needs from the URL.
     */
    alongside?: () => void;
  } = {},
): ComponentType {
  let failedOffline = false;
  const create = () =>
    lazy(() => {
      // A page's hint: a first frame drawn on the server has its data already.
      if (typeof window !== 'undefined') options.alongside?.();
      return load().then(
        (m) => ({ default: m[name] }),
        async (err: unknown) => {
          // Code of a release that is gone: the page reloads onto the current one, drawing the fallback meanwhile.
          if (await reloadIfRedeployed(err)) return new Promise<never>(() => undefined);
          failedOffline = !navigator.onLine;
          failedLoads.add(reset);
          throw err;
        },
      );
    });
  const reset = () => {
    failedOffline = false;
    Screen = create();
  };
  let Screen = create();
  return function LazyScreen() {
    if (failedOffline && navigator.onLine) {
      failedLoads.delete(reset);
      reset();
    }
    return createElement(Screen);
  };
}

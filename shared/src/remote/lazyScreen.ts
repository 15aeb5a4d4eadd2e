import { createElement, lazy, type ComponentType } from 'react';

/**
 * A screen in a chunk of its own, loaded when its route first opens: a remote imports only its landing screen (and
 * the tabs it leads to) directly, so that route does not download the others' code and styles. `name` is the
 * screen's named export; a screen takes no props (what it shows comes from its route).
 *
 * React.lazy keeps a failed load for good; a chunk that could not load (offline, a deploy in between) is asked for
 * again the next time the screen renders, so the remote's retry panel (RemoteBoundary) can bring it back.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K): ComponentType {
  const create = () =>
    lazy(() =>
      load().then(
        (m) => ({ default: m[name] }),
        (err: unknown) => {
          Screen = create();
          throw err;
        },
      ),
    );
  let Screen = create();
  return function LazyScreen() {
    return createElement(Screen);
  };
}

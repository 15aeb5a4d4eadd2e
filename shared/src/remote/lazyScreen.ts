import { lazy, type ComponentType } from 'react';

/**
 * A screen in a chunk of its own, loaded when its route first opens: a remote imports only its landing screen
 * directly, so that route does not download the others' code and styles. `name` is the screen's named export; a
 * screen takes no props (what it shows comes from its route).
 */
export const lazyScreen = <K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

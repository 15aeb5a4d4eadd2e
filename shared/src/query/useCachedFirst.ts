import { useEffect, useRef, useState } from 'react';
import { cache, type CacheStore, type Entry } from '../cache';

/**
 * Cached first (spec §3, Local cache): for each key, what IndexedDB kept shows until the query's own answer is there,
 * and every answer is kept for next time. `fresh[i]` is the query's answer for `keys[i]` (undefined until it comes).
 * When the query fails (offline) the kept answer stays: a screen shows the last known data, never nothing.
 * `keptAt[i]` is when a shown value was kept, when it comes from the cache.
 */
export function useCachedFirst<T>(
  store: CacheStore,
  keys: readonly string[],
  fresh: readonly (T | undefined)[],
): { shown: (T | undefined)[]; keptAt: (number | undefined)[] } {
  const joined = keys.join('\n');
  const [kept, setKept] = useState<{ joined: string; entries: (Entry<T> | null)[] }>({ joined: '', entries: [] });

  useEffect(() => {
    let live = true;
    const list = joined ? joined.split('\n') : [];
    void Promise.all(list.map((k) => cache.entry<T>(store, k))).then((entries) => live && setKept({ joined, entries }));
    return () => {
      live = false;
    };
  }, [store, joined]);

  // Answers keep their identity until they change (TanStack's structural sharing): one write per new answer.
  const written = useRef(new Map<string, T>());
  useEffect(() => {
    fresh.forEach((value, i) => {
      const key = keys[i];
      if (value === undefined || key === undefined || written.current.get(key) === value) return;
      written.current.set(key, value);
      void cache.put(store, key, value);
    });
  });

  const entries = kept.joined === joined ? kept.entries : [];
  return {
    shown: keys.map((_, i) => fresh[i] ?? entries[i]?.value),
    keptAt: keys.map((_, i) => (fresh[i] === undefined ? entries[i]?.savedAt : undefined)),
  };
}

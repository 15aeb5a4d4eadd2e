import { openDB, type IDBPDatabase } from 'idb';

/**
 * The browser cache of the spec (section 3, Local cache): category list and news list in `initData`,
 * index line data in `line`. Screens show what is cached first, then refresh it. Every call degrades to
 * "nothing cached" when IndexedDB is unavailable (private mode, old WebView, quota).
 */
const DB_NAME = 'invest-cache';
const DB_VERSION = 1;
export type CacheStore = 'initData' | 'line';

export interface Entry<T> {
  value: T;
  savedAt: number;
}

let dbPromise: Promise<IDBPDatabase> | null = null;
function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, DB_VERSION, {
    upgrade(database) {
      for (const store of ['initData', 'line'] as const) {
        if (!database.objectStoreNames.contains(store)) database.createObjectStore(store);
      }
    },
  });
  return dbPromise;
}

export const cache = {
  async get<T>(store: CacheStore, key: string): Promise<T | null> {
    return (await cache.entry<T>(store, key))?.value ?? null;
  },
  /** The value with the time it was kept (ms): a screen showing it says how old it is. */
  async entry<T>(store: CacheStore, key: string): Promise<Entry<T> | null> {
    try {
      return ((await (await db()).get(store, key)) as Entry<T> | undefined) ?? null;
    } catch {
      return null;
    }
  },
  async put<T>(store: CacheStore, key: string, value: T): Promise<void> {
    try {
      await (await db()).put(store, { value, savedAt: Date.now() } satisfies Entry<T>, key);
    } catch {
      /* a cache that cannot write is just a cache miss next time */
    }
  },
};

import { useEffect, useSyncExternalStore } from 'react';
import { call } from './api/client';
import { cache } from './cache';
import { categoryList, type Category } from './contract/market';

/** Data the whole app needs from the start: the market categories. One store per page. */
interface AppData {
  categories: Category[];
  initialized: boolean;
}

let state: AppData = { categories: [], initialized: false };
const listeners = new Set<() => void>();

export const appData = {
  get: (): AppData => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: Partial<AppData>): void {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  },
};

/**
 * Cached categories show at once, then the server's replace them. The app starts even if this fails:
 * it then has an empty category list (or the cached one) and is marked initialized (spec §1).
 */
let loading: Promise<void> | null = null;

/** Loads (or reloads) the app data; calls made while a load runs share it. */
export function loadAppData(): Promise<void> {
  loading ??= load().finally(() => {
    loading = null;
  });
  return loading;
}

async function load(): Promise<void> {
  const cached = await cache.get<Category[]>('initData', 'categories');
  if (cached && !state.initialized) appData.set({ categories: cached });
  try {
    const { categories } = await call(categoryList);
    appData.set({ categories, initialized: true });
    await cache.put('initData', 'categories', categories);
  } catch (e) {
    console.warn('[app] initial data unavailable, starting without it', e);
    appData.set({ categories: cached ?? [], initialized: true });
  }
}

/**
 * The market categories, live. The shell loads them at start; a remote running on its own has no shell,
 * so the first screen that asks loads them.
 */
export function useCategories(): { categories: Category[]; ready: boolean } {
  const state = useSyncExternalStore(appData.subscribe, appData.get);
  useEffect(() => {
    if (!appData.get().initialized && !loading) void loadAppData();
  }, []);
  return { categories: state.categories, ready: state.initialized || state.categories.length > 0 };
}

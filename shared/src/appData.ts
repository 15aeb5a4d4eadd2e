import { call } from './api/client';
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

/** The app starts even if this fails: it then has an empty category list and is marked initialized (spec §1). */
export async function loadAppData(): Promise<void> {
  try {
    const { categories } = await call(categoryList);
    appData.set({ categories, initialized: true });
  } catch (e) {
    console.warn('[app] initial data unavailable, starting without it', e);
    appData.set({ categories: [], initialized: true });
  }
}

import { useEffect, useSyncExternalStore } from 'react';
import { appData, loadAppData, type Category } from '@invest/shared';

let requested = false;

/**
 * The market categories the shell loads at start (cached in IndexedDB by appData). Run standalone, nobody has
 * loaded them yet, so the first screen that needs them does.
 */
export function useCategories(): { categories: Category[]; ready: boolean } {
  const state = useSyncExternalStore(appData.subscribe, appData.get);
  useEffect(() => {
    if (!appData.get().initialized && !requested) {
      requested = true;
      void loadAppData();
    }
  }, []);
  return { categories: state.categories, ready: state.initialized || state.categories.length > 0 };
}

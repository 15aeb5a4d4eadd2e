import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * The title a page's selected tab gives it, over the title its header was given: tabs that switch what the page is
 * (recharge records or withdraw records) name the page, in its header and in the document's title. One screen shows
 * at a time, so one slot; the tabs that fill it empty it when they go (unless newer tabs have filled it since).
 */
let slot: { title: string } | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const fill = (next: typeof slot) => {
  slot = next;
  listeners.forEach((l) => l());
};

/** The selected tab's page title, if it has one: set before paint, so the header never shows the other title. */
export function useTitleFromTab(title: string | undefined): void {
  useLayoutEffect(() => {
    if (title === undefined) return;
    const mine = { title };
    fill(mine);
    return () => {
      if (slot === mine) fill(null);
    };
  }, [title]);
}

/** The title the page's selected tab gives it, if any. */
export const useTabTitle = (): string | undefined => useSyncExternalStore(subscribe, () => slot?.title, () => undefined);

// What the page is called before any screen names itself (index.html's title); no document when prerendering.
const appTitle = typeof document === 'undefined' ? '' : document.title;

/** The document's title follows the page's: history, the tab switcher and screen readers name the screen. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const mine = appTitle ? `${title} · ${appTitle}` : title;
    document.title = mine;
    return () => {
      if (document.title === mine) document.title = appTitle;
    };
  }, [title]);
}

import { useEffect } from 'react';

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

import { useSyncExternalStore } from 'react';

// single-spa fires these after every navigation, including pushState from any app.
const EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(listener: () => void): () => void {
  EVENTS.forEach((e) => window.addEventListener(e, listener));
  return () => EVENTS.forEach((e) => window.removeEventListener(e, listener));
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The path with its query (what a way back after the login must keep). */
export function usePathWithQuery(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
}

import { hydrate, SESSION_KEYS } from '@invest/runtime';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE } from '../i18n';

/**
 * A route's first frame in the shell's page (the server side is @invest/web's first-frame.ts): the HTML a remote
 * prerendered for the route (shared/src/remote/prerender.tsx), and the answers it drew from. This module is the
 * page's side of it: the element ids, the gate that hides it, and what the shell does with it.
 */
export const FIRST_FRAME = {
  /** The frame: covers the page, like the loading screen it stands for. */
  id: 'prerender',
  /** The answers the frame drew from, as dehydrated query state (JSON). */
  stateId: 'prerender-state',
  /** On <html> when the frame must not show. */
  hiddenClass: 'no-frame',
} as const;

/**
 * The head script that hides the frame before anything paints from a visitor it was not drawn for: no session (the
 * frame is a logged-in screen), another stored language, or no storage to tell.
 */
export const FRAME_GATE_SCRIPT =
  `try{var s=localStorage;if(!s.getItem(${JSON.stringify(SESSION_KEYS.token)})||(s.getItem(${JSON.stringify(SESSION_KEYS.locale)})||${JSON.stringify(DEFAULT_LANGUAGE)})!==${JSON.stringify(DEFAULT_LANGUAGE)})` +
  `document.documentElement.classList.add('${FIRST_FRAME.hiddenClass}')}catch(e){document.documentElement.classList.add('${FIRST_FRAME.hiddenClass}')}`;

/**
 * Starts the page's query cache with the answers the frame drew from, so the screen the remote draws matches the
 * frame (and the shell does not ask for them again). Once, at the shell's start; a page without a frame has none.
 * The answers count as fresh from now: they were drawn up to a price tick before the page came, and a page that took
 * longer than a query's staleTime to start would otherwise ask for all of them again as it mounts (the live quotes
 * move the prices on meanwhile).
 */
export function adoptFirstFrame(client: QueryClient): void {
  const el = document.getElementById(FIRST_FRAME.stateId);
  if (!el || document.documentElement.classList.contains(FIRST_FRAME.hiddenClass)) return;
  try {
    const state = JSON.parse(el.textContent ?? '') as DehydratedState;
    const now = Date.now();
    for (const q of state.queries ?? []) q.state.dataUpdatedAt = now;
    hydrate(client, state);
  } catch (e) {
    // A frame without its answers still goes away on mount; the screens load their data as usual.
    console.error('[first-frame] its answers could not be read', e);
  }
}

/** Takes the frame away: the first remote has mounted, drawn under it. */
export function removeFirstFrame(): void {
  document.getElementById(FIRST_FRAME.id)?.remove();
  document.getElementById(FIRST_FRAME.stateId)?.remove();
}

/**
 * What the service worker (sw.ts) keeps, and how, by a same-origin URL path. The rule follows how the app is deployed:
 * a file whose name or release folder says its content never changes, so the copy kept is as good as the server's (a
 * remote's manifest and entry too: a release is never rewritten, a deploy or a repoint names another folder); the
 * files that say which of those to load (the shell's page and remotes.json) change with any deploy or repoint, so
 * they are always asked of the network and kept only for when it cannot answer.
 * Nothing that depends on who asks is kept: no answer of the API but the deployment's public settings.
 */
import { releaseFileOf } from '@invest/shared/release-path';
import { routeFor } from '../routes';

/** The shell's page as built: what a navigation opens when the network cannot answer it. */
export const SHELL_PAGE = '/index.html';
/** The remotes' registry, which that page fetches (a page from the network carries it). */
export const REGISTRY_FILE = '/remotes.json';
/** What a start offline asks for before any code: kept from the worker's install on, renewed by every online load. */
export const OFFLINE_START = [SHELL_PAGE, REGISTRY_FILE];

export type Keeping =
  /** Asked of the network every time; the copy kept only answers offline. */
  | 'entry'
  /** Kept for good once fetched, answered from the copy. */
  | 'immutable'
  /** An API answer that is the same for everyone and moves no money: asked of the network, kept for offline. */
  | 'public'
  /** Not the service worker's business: the browser fetches it as if there were none. */
  | null;

/**
 * The shell's files that name the others: its page, its login page, the remote registry, and its entry script when a
 * build leaves it unhashed (production's `main.<hash>.js` is one of the hashed files below).
 */
const SHELL_ENTRIES = new Set([SHELL_PAGE, '/login.html', '/main.js', REGISTRY_FILE]);
/** The shell's hashed files: `[name].[contenthash:8].js|css` (its chunks, its login page's) and webpack's `[hash][ext]` assets. */
const HASHED = /^\/(?:[^/]+\.[0-9a-f]{8}\.(?:js|css)|[0-9a-f]{20}\.(?:png|jpe?g|svg|webp))$/;
/** The deployment's settings (currency, what home shows): without them a screen shows an error, with them it draws. */
const PUBLIC_ANSWERS = new Set(['/api/v2/config']);

export function keepingOf(pathname: string): Keeping {
  if (PUBLIC_ANSWERS.has(pathname)) return 'public';
  if (pathname.startsWith('/api/')) return null;
  if (SHELL_ENTRIES.has(pathname)) return 'entry';
  return releaseFileOf(pathname) || HASHED.test(pathname) ? 'immutable' : null;
}

/**
 * The worker's static routes (the browser's ServiceWorker static routing): an API call the worker keeps nothing of goes
 * straight to the network, without waking the worker or waiting for it to start; the public settings stay its own.
 * The first rule that matches wins. A browser without static routing sends every call through the worker, which
 * leaves these alone (keepingOf).
 */
export const STATIC_ROUTES = [
  ...[...PUBLIC_ANSWERS].map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'fetch-event' as const })),
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' as const },
];

/** A navigation to one of the app's routes: offline, the shell's page opens it (not the console, iframe.html or a file). */
export const isAppNavigation = (pathname: string) => routeFor(pathname) !== null;

/**
 * The service worker that lets the app open offline (served as /sw.js, registered by register.ts). Built with Workbox's
 * routing and strategies, by the rule of policy.ts:
 * - the shell's hashed files and every file of a remote's release, its manifest and entry included: cache first, kept
 *   for good (they never change);
 * - the shell's page, an unhashed main.js and remotes.json: network first, the copy kept only for when the network
 *   cannot answer, so a remote operators repoint is what the next load gets;
 * - a navigation to an app route: the network's page (its first frame and hints), or offline the shell's page;
 * - the deployment's public settings: network first; no other API call, nothing personal, no money call.
 * The page draws its last data itself (IndexedDB, @invest/shared's cache): this only lets its code start.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isAppNavigation, keepingOf, OFFLINE_START, SHELL_PAGE, STATIC_ROUTES, type Keeping } from './policy';

/** What a worker's events carry (the DOM types the rest of the code is checked with lack them). */
interface WorkerEvent extends Event {
  waitUntil(done: Promise<unknown>): void;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerInstallEvent extends WorkerEvent {
  addRoutes?(routes: typeof STATIC_ROUTES): Promise<void>;
}
declare const self: {
  location: Location;
  registration: { active: object | null };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: (event: WorkerInstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
};

/** The caches, by what they keep; a cache of this worker's with another name is an older layout's, dropped on activation. */
const PREFIX = 'invest-';
const CACHES: Record<Exclude<Keeping, null>, string> = { entry: `${PREFIX}entries-v1`, immutable: `${PREFIX}files-v1`, public: `${PREFIX}public-v1` };
const DAY_S = 86_400;

// Kept copies are answered whatever encoding the server chose: the body is the same once decoded.
const matchOptions = { ignoreVary: true };
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });
const strategies = {
  entry: new NetworkFirst({ cacheName: CACHES.entry, matchOptions, plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })] }),
  // Old releases' files go as the count or their age grows: a deploy adds a release, never changes one.
  immutable: new CacheFirst({
    cacheName: CACHES.immutable,
    matchOptions,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 90 * DAY_S, purgeOnQuotaError: true })],
  }),
  public: new NetworkFirst({ cacheName: CACHES.public, matchOptions, plugins: [onlyOk] }),
};

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// The network's page for an app route, as the server composes it now (remotes.json in it); offline, the shell's page
// as built, which fetches remotes.json. Each page that comes from the network also brings the copies of both kept for
// offline up to date (conditional requests), so an offline start runs the releases the last online one ran.
const page = new NetworkOnly();
const renewOfflineStart = (event: WorkerEvent) =>
  Promise.all(OFFLINE_START.map((file) => strategies.entry.handleAll({ event, request: new Request(file) })[1]));
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isAppNavigation(url.pathname),
  async (options) => {
    try {
      const answer = await page.handle(options);
      options.event.waitUntil(renewOfflineStart(options.event).catch(() => undefined));
      return answer;
    } catch {
      return (await caches.match(SHELL_PAGE, { cacheName: CACHES.entry, ...matchOptions })) ?? Response.error();
    }
  },
);
for (const keeping of ['entry', 'immutable', 'public'] as const) {
  registerRoute(({ url }) => sameOrigin(url) && keepingOf(url.pathname) === keeping, strategies[keeping]);
}
// What a page fetched before this worker existed, handed over by it (register.ts): each kept as if asked for now
// (the immutable files from the browser's HTTP cache, where the page left them). A first install waits until they are
// stored (a strategy's second promise; its first settles with the response, before the copy is put): a script put in
// the cache while the worker installs gets its compiled code cached at once (Chromium), so the next load runs the
// page's code without compiling it, where a script put after the install is compiled by that load and only the one
// after gains.
const HAND_OVER_WAIT_MS = 10_000;
let firstHandOverKept: (kept: Promise<unknown>) => void = () => undefined;
const firstHandOver = new Promise<unknown>((resolve) => (firstHandOverKept = resolve));
self.addEventListener('message', (event) => {
  const urls: unknown[] = Array.isArray(event.data) ? event.data : [];
  const kept = urls.map(async (href) => {
    const url = new URL(String(href), self.location.href);
    const keeping = sameOrigin(url) ? keepingOf(url.pathname) : null;
    if (keeping) await strategies[keeping].handleAll({ event, request: new Request(url) })[1];
  });
  const all = Promise.allSettled(kept);
  firstHandOverKept(all);
  event.waitUntil(all);
});

// The page's HTML starts downloading while this worker starts, instead of after.
enableNavigationPreload();

// A new worker takes over at once, and this first one takes the page that registered it: the files that page asks for
// from now on are kept as it asks (register.ts sends those it fetched before). The page offline navigations fall back
// on, and the registry it reads, are there from the install on. The API calls it has no part in bypass it from then on
// (a browser without static routing, or one that refuses them, sends them through it as before).
self.addEventListener('install', (event) => {
  void self.skipWaiting();
  const firstInstall = self.registration.active === null;
  event.waitUntil(
    Promise.all([
      renewOfflineStart(event),
      event.addRoutes?.(STATIC_ROUTES).catch(() => undefined),
      firstInstall && Promise.race([firstHandOver, new Promise((resolve) => setTimeout(resolve, HAND_OVER_WAIT_MS))]),
    ]),
  );
});
clientsClaim();
self.addEventListener('activate', (event) =>
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && !Object.values(CACHES).includes(n)).map((n) => caches.delete(n)))),
  ),
);

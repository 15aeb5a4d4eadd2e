import { LIFECYCLES } from '@invest/shared/remote-manifest';
import { forgetRemote, preloadExposed } from './federation';
import { registryInPage } from './registryData';
import { routeFor, type AppName } from './routes';

/**
 * `remotes.json`, served beside the shell and carried by the page: container name → manifest URL. Ops repoint a remote
 * by editing it.
 */
export type RemoteRegistry = Record<string, string>;

let registry: RemoteRegistry = {};
let loading: Promise<RemoteRegistry> | null = null;

/** mf-markets → mf_markets: federation container names use underscores. */
export const containerOf = (app: AppName) => app.replace(/-/g, '_');

/** The registry entry of an app, if remotes.json names it. */
export const entryOf = (app: AppName): string | undefined => registry[containerOf(app)];

/** The page's registry (registryData.ts), else remotes.json, fetched (the server's no-cache makes it a revalidation). */
async function readRegistry(url: string): Promise<RemoteRegistry> {
  const inPage = registryInPage();
  if (inPage) return inPage;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  return (await res.json()) as RemoteRegistry;
}

/** Reads the registry, once per page. A failed read is forgotten, so a later call asks again. */
export function loadRegistry(url = '/remotes.json'): Promise<RemoteRegistry> {
  loading ??= readRegistry(url)
    .then((found) => {
      registry = found;
      return registry;
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}

/** Forget a failed remote (manifest, entry) so the next load fetches it afresh. */
export const forget = (app: AppName): void => forgetRemote(containerOf(app));

const preloaded = new Set<AppName>();

/**
 * Fetches the app's manifest, entry and first screen's code now, without running them: a route about to open (a nav
 * tab pressed) opens ~100 ms sooner than when single-spa asks on the click, and the page's own route loads beside
 * the shell's start instead of after it. Once per app; a failed preload is forgotten (the route then loads it as
 * usual and shows its own failure).
 */
function preloadApp(app: AppName): void {
  const name = containerOf(app);
  if (preloaded.has(app) || !registry[name]) return;
  preloaded.add(app);
  preloadExposed(name, registry[name], LIFECYCLES).catch(() => {
    preloaded.delete(app);
    forget(app);
  });
}

/** Preloads the app that owns `path`, unless the shell draws it. */
export function preloadRoute(path: string): void {
  const owner = routeFor(path)?.owner;
  if (owner && owner !== 'shell') preloadApp(owner);
}

import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AppProps, LifeCycles } from 'single-spa';

type MountProps = RemoteMountProps & AppProps;
import type { RemoteMountProps } from '@invest/shared';
import { routeFor, type AppName } from './routes';
import { failureLifecycles } from './frame/failureLifecycles';

/** `remotes.json`, served beside the shell: container name → manifest URL. Ops repoint a remote by editing it. */
export type RemoteRegistry = Record<string, string>;

const LOAD_TIMEOUT_MS = 15_000;
let registry: RemoteRegistry = {};

/** mf-markets → mf_markets: federation container names use underscores. */
export const containerOf = (app: AppName) => app.replace(/-/g, '_');

export async function loadRegistry(url = '/remotes.json'): Promise<RemoteRegistry> {
  // The page preloads it (PreloadStartupPlugin); the server's Cache-Control: no-cache makes the browser revalidate it.
  const res = await fetch(url);
  if (!res.ok) throw new Error(`remotes.json: HTTP ${res.status}`);
  registry = (await res.json()) as RemoteRegistry;
  registerRemotes(Object.entries(registry).map(([name, entry]) => ({ name, entry })));
  return registry;
}

/** Forget a failed remote (manifest, entry, cached promises) so the next load fetches it afresh. */
function forget(app: AppName): void {
  const name = containerOf(app);
  const entry = registry[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}

const preloaded = new Set<AppName>();

/**
 * A tap on the way (pointerdown on a nav tab): fetch the app's manifest, entry and first screen's code now, so the
 * screen opens ~100 ms sooner than when single-spa asks on the click. Once per app; a failed preload is forgotten
 * (the click then loads it as usual and shows its own failure).
 */
function preloadApp(app: AppName): void {
  const name = containerOf(app);
  if (preloaded.has(app) || !registry[name]) return;
  preloaded.add(app);
  preloadRemote([{ nameOrAlias: name, exposes: ['./lifecycles'], resourceCategory: 'sync' }]).catch(() => {
    preloaded.delete(app);
    forget(app);
  });
}

/** Preloads the app that owns `path` (a nav tab about to be tapped), unless the shell draws it. */
export function preloadRoute(path: string): void {
  const owner = routeFor(path)?.owner;
  if (owner && owner !== 'shell') preloadApp(owner);
}

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms));
}

/**
 * The single-spa loader of one remote. Never rejects: a remote that is missing, broken, slow, or that throws on
 * mount gets lifecycles that show a retry panel in its own area; `onRetry` re-registers the app.
 */
export async function loadLifecycles(app: AppName, onRetry: () => void): Promise<LifeCycles<RemoteMountProps>> {
  const name = containerOf(app);
  const retry = () => {
    forget(app);
    onRetry();
  };
  try {
    if (!registry[name]) throw new Error(`${name} is not in remotes.json`);
    const mod = await Promise.race([loadRemote<LifeCycles<RemoteMountProps>>(`${name}/lifecycles`), timeout(LOAD_TIMEOUT_MS)]);
    if (!mod || typeof mod.mount !== 'function') throw new Error(`${name}/lifecycles has no mount`);
    return guardMount(mod, app, retry);
  } catch (error) {
    console.error(`[shell] ${app} unavailable`, error);
    return failureLifecycles(retry);
  }
}

/** A remote whose mount throws is unmounted again and replaced by the retry panel. */
function guardMount(lc: LifeCycles<RemoteMountProps>, app: AppName, retry: () => void): LifeCycles<RemoteMountProps> {
  const fallback = failureLifecycles(retry);
  let failed = false;
  const run = async (fns: LifeCycles<RemoteMountProps>['mount'], props: MountProps) => {
    for (const fn of Array.isArray(fns) ? fns : [fns]) await fn(props);
  };
  return {
    bootstrap: lc.bootstrap,
    async mount(props) {
      try {
        failed = false;
        await run(lc.mount, props);
      } catch (error) {
        console.error(`[shell] ${app} failed to mount`, error);
        failed = true;
        await run(lc.unmount, props).catch(() => undefined);
        await run(fallback.mount, props);
      }
    },
    async unmount(props) {
      await run(failed ? fallback.unmount : lc.unmount, props);
    },
  };
}

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AppProps, LifeCycles } from 'single-spa';

type MountProps = RemoteMountProps & AppProps;
import type { RemoteMountProps } from '@invest/shared';
import type { AppName } from './routes';
import { failureLifecycles } from './frame/failureLifecycles';

/** `remotes.json`, served beside the shell: container name → manifest URL. Ops repoint a remote by editing it. */
export type RemoteRegistry = Record<string, string>;

const LOAD_TIMEOUT_MS = 15_000;
let registry: RemoteRegistry = {};

/** mf-markets → mf_markets: federation container names use underscores. */
export const containerOf = (app: AppName) => app.replace(/-/g, '_');

export async function loadRegistry(url = '/remotes.json'): Promise<RemoteRegistry> {
  const res = await fetch(url, { cache: 'no-cache' });
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

import type { AppProps, LifeCycles } from 'single-spa';
import type { RemoteMountProps } from '@invest/shared';
import { LIFECYCLES } from '@invest/shared/remote-manifest';
import { failureLifecycles } from './frame/failureLifecycles';
import { loadExposed } from './federation';
import { containerOf, entryOf, forget } from './registry';
import type { AppName } from './routes';

type MountProps = RemoteMountProps & AppProps;

const LOAD_TIMEOUT_MS = 15_000;

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
    const manifestUrl = entryOf(app);
    if (!manifestUrl) throw new Error(`${name} is not in remotes.json`);
    const mod = await Promise.race([loadExposed<LifeCycles<RemoteMountProps>>(name, manifestUrl, LIFECYCLES), timeout(LOAD_TIMEOUT_MS)]);
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

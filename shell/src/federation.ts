import { entryFileOf, firstFilesOf, type RemoteManifest } from '@invest/shared/remote-manifest';
import { refuseOtherRuntime } from './compatibility';

/**
 * Remotes are loaded through webpack's own container interface (webpack's "dynamic remote containers"): a remote's
 * entry defines its container as a global of its name; the page's share scope goes to its `init`, and `get` returns
 * an exposed module's factory. The runtime for it is webpack's, built into every app, a few KB; the page needs no
 * federation runtime of its own.
 */
interface Container {
  init(shareScope: ShareScope): void | Promise<void>;
  get(module: string): Promise<() => unknown>;
}

/** A share scope: share key → version → webpack's entry for that version. */
type ShareScope = Record<string, Record<string, unknown>>;

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, ShareScope>;

const manifests = new Map<string, Promise<RemoteManifest>>();
const containers = new Map<string, Promise<Container>>();

/** Caches `promise` under `key` in `map` until it fails: a failed step is tried afresh by the next caller. */
function once<T>(map: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let promise = map.get(key);
  if (!promise) {
    const started = start();
    promise = started;
    map.set(key, started);
    started.catch(() => {
      if (map.get(key) === started) map.delete(key);
    });
  }
  return promise;
}

/** The manifest, fetched once per remote (the page's preload hint asks for it in this same request mode). */
const manifestOf = (name: string, url: string) =>
  once(manifests, name, async () => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${name}: ${url} answered HTTP ${res.status}`);
    return (await res.json()) as RemoteManifest;
  });

const fileUrl = (manifestUrl: string, file: string) => new URL(file, new URL(manifestUrl, window.location.href)).href;

function entryUrlOf(name: string, manifestUrl: string, manifest: RemoteManifest): string {
  const entry = entryFileOf(manifest);
  if (!entry) throw new Error(`${name}: its manifest names no entry`);
  return fileUrl(manifestUrl, entry);
}

function runScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} failed to load`));
    };
    document.head.append(script);
  });
}

/**
 * The share scope a remote's container gets: a scope of its own, where its `init` registers its copies, then the
 * page's modules over them (the shell's build provides every shared module; the entries themselves, so what one
 * remote loads of them the others find loaded). Only a versioned module in a version the page lacks stays the
 * remote's; a singleton is the page's alone. A remote therefore takes a shared module from the page, or its own copy
 * when the page's version is not in its range, never another remote's: a remote that fails, or that its own checks
 * refuse, cannot hand its modules to the rest of the page. (In one shared scope, webpack would also let a remote's
 * copy of an equal version replace one the page has not loaded yet, by the order of the apps' names.)
 */
async function initWithPageFirst(container: Container, singletons: ReadonlySet<string>): Promise<void> {
  const scope: ShareScope = {};
  await container.init(scope);
  const page = __webpack_share_scopes__.default ?? {};
  for (const [key, versions] of Object.entries(page)) scope[key] = singletons.has(key) ? { ...versions } : { ...scope[key], ...versions };
}

/**
 * The remote's container, initialised with the page's share scope. A remote built for a runtime this page does not
 * provide is refused from its manifest, before its entry runs: it must not put its shared modules on the page.
 */
const containerOf = (name: string, manifestUrl: string) =>
  once(containers, name, async () => {
    const manifest = await manifestOf(name, manifestUrl);
    refuseOtherRuntime(name, manifest.shared);
    // The entry defines the container as a global of its name (a `var`: set, never deleted).
    Reflect.set(window, name, undefined);
    await runScript(entryUrlOf(name, manifestUrl, manifest));
    const container = Reflect.get(window, name) as Container | undefined;
    if (typeof container?.get !== 'function') throw new Error(`${name}: its entry defines no container`);
    await __webpack_init_sharing__('default');
    await initWithPageFirst(container, new Set(manifest.shared?.filter((s) => s.singleton && s.name).map((s) => s.name!)));
    return container;
  });

/**
 * Runs the remote's exposed `module` (its entry first, once per page) and returns what it exports. The module's first
 * files download beside the entry, not once it has run: one round trip less for a remote nothing preloaded (a link
 * followed without a press on the bottom bar).
 */
export async function loadExposed<T>(name: string, manifestUrl: string, module: string): Promise<T> {
  preloadExposed(name, manifestUrl, module).catch(() => undefined);
  const container = await containerOf(name, manifestUrl);
  const factory = await container.get(module);
  return factory() as T;
}

function preloadLink(href: string, as: 'script' | 'style'): void {
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...links].some((l) => l.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  document.head.append(link);
}

/** Downloads, without running them, the remote's entry and what its exposed `module` needs at once. */
export async function preloadExposed(name: string, manifestUrl: string, module: string): Promise<void> {
  const manifest = await manifestOf(name, manifestUrl);
  refuseOtherRuntime(name, manifest.shared);
  const first = firstFilesOf(manifest, module);
  preloadLink(entryUrlOf(name, manifestUrl, manifest), 'script');
  for (const file of first?.js ?? []) preloadLink(fileUrl(manifestUrl, file), 'script');
  for (const file of first?.css ?? []) preloadLink(fileUrl(manifestUrl, file), 'style');
}

/** Forgets a remote that failed (its manifest and container), so the next load asks for them again. */
export function forgetRemote(name: string): void {
  manifests.delete(name);
  containers.delete(name);
}

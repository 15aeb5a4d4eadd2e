import { refuseOtherRuntime, type SharedRanges } from './compatibility';

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

/** What the page reads of a remote's mf-manifest.json (scripts/remote-manifest-plugin.js writes it). */
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  shared?: (SharedRanges[number] & { singleton?: boolean })[];
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

const manifests = new Map<string, Promise<Manifest>>();
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
    return (await res.json()) as Manifest;
  });

const fileUrl = (manifestUrl: string, file: string) => new URL(file, new URL(manifestUrl, window.location.href)).href;

function entryUrlOf(name: string, manifestUrl: string, manifest: Manifest): string {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error(`${name}: its manifest names no entry`);
  return fileUrl(manifestUrl, `${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
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

type Globals = Record<string, Container | undefined>;

/**
 * The share scope a remote's container gets: maps of its own, holding the page's modules (the shell's build provides
 * every shared module; the entries themselves, so what one remote loads of them the others find loaded).
 */
function scopeForRemote(): ShareScope {
  const page = __webpack_share_scopes__.default ?? {};
  return Object.fromEntries(Object.entries(page).map(([key, versions]) => [key, { ...versions }]));
}

/**
 * What a remote's init may leave in its maps: its own copy only of a versioned module whose version the page lacks.
 * The page's entries stand for every version the page provides (webpack would let a remote's copy of an equal
 * version replace one the page has not loaded yet, by the order of the apps' names), and a singleton is the page's
 * alone. A remote therefore takes a shared module from the page, or its own copy when the page's version is not in
 * its range, never another remote's: a remote that fails, or that its own checks refuse, cannot hand its modules to
 * the rest of the page.
 */
function keepPageFirst(scope: ShareScope, singletons: ReadonlySet<string>): void {
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
    const globals = (): Globals => window as unknown as Globals;
    globals()[name] = undefined;
    await runScript(entryUrlOf(name, manifestUrl, manifest));
    const container = globals()[name];
    if (typeof container?.get !== 'function') throw new Error(`${name}: its entry defines no container`);
    await __webpack_init_sharing__('default');
    const scope = scopeForRemote();
    await container.init(scope);
    keepPageFirst(scope, new Set(manifest.shared?.filter((s) => s.singleton && s.name).map((s) => s.name!)));
    return container;
  });

/** Runs the remote's exposed `module` (its entry first, once per page) and returns what it exports. */
export async function loadExposed<T>(name: string, manifestUrl: string, module: string): Promise<T> {
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
  const assets = manifest.exposes?.find((e) => e.path === module)?.assets;
  preloadLink(entryUrlOf(name, manifestUrl, manifest), 'script');
  for (const file of assets?.js?.sync ?? []) preloadLink(fileUrl(manifestUrl, file), 'script');
  for (const file of assets?.css?.sync ?? []) preloadLink(fileUrl(manifestUrl, file), 'style');
}

/** Forgets a remote that failed (its manifest and container), so the next load asks for them again. */
export function forgetRemote(name: string): void {
  manifests.delete(name);
  containers.delete(name);
}

/**
 * What the platform reads of a release's mf-manifest.json (Module Federation's manifest format, written by
 * scripts/remote-manifest-plugin.js): the shell, to load and preload a remote and to check its runtime; the web
 * server, to hint a route's remote with the page. Both read it through the helpers here.
 */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  /** Each shared module: the range the remote's build asks for, and whether it must be one per page. */
  shared?: { name?: string; requiredVersion?: string; singleton?: boolean }[];
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** The module the shell mounts a remote by: its single-spa lifecycles. */
export const LIFECYCLES = './lifecycles';

/** The entry's path inside the release; null when the manifest names none. */
export function entryFileOf(manifest: RemoteManifest): string | null {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  const folder = entry.path?.replace(/\/$/, '');
  return folder ? `${folder}/${entry.name}` : entry.name;
}

/** The files (paths inside the release) that the exposed `module` needs at once; null when it exposes no such module. */
export function firstFilesOf(manifest: RemoteManifest, module: string): { js: string[]; css: string[] } | null {
  const assets = manifest.exposes?.find((e) => e.path === module)?.assets;
  return assets ? { js: assets.js?.sync ?? [], css: assets.css?.sync ?? [] } : null;
}

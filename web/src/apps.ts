import path from 'node:path';
import manifest from '../../apps.json';

/** The repository's root: the apps' folders and their builds are beside each other there. */
export const ROOT = path.resolve(__dirname, '..', '..');

export interface WebApp {
  dir: string;
  /** Federation container name (mf_markets). */
  container: string;
  /** Dev-server port of `npm run dev -w <dir>`. */
  port: number;
  title: string;
  /** Served under /remotes/<short>/; '' for the shell, served at /, and for a standalone app. */
  short: string;
  /** A page of its own served under `base` (the operators' console at /ops/), never a remote of the shell; '' otherwise. */
  base: string;
}

function fromManifest(): readonly [WebApp, ...WebApp[]] {
  const [shell, ...others] = manifest.apps.map((a) => ({ ...a, short: a.short ?? '', base: a.standalone ? a.base : '' }));
  if (shell?.dir !== 'shell') throw new Error('apps.json must list the shell first');
  return [shell, ...others];
}

/** The front-end apps of apps.json: the shell first, at /; each remote under /remotes/<short>/; standalone apps under their base. */
export const WEB_APPS = fromManifest();
export const REMOTES = WEB_APPS.filter((a) => a.short !== '');
export const STANDALONE_APPS = WEB_APPS.filter((a) => a.base !== '');
export const distOf = (app: WebApp) => path.join(ROOT, app.dir, 'dist');
/** The file a finished build of `app` has: a federated app's manifest, a standalone app's page. */
export const builtFileOf = (app: WebApp, dist = distOf(app)) => path.join(dist, app.base ? 'index.html' : 'mf-manifest.json');

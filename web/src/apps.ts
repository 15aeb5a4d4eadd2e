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
  /** Served under /remotes/<short>/; '' for the shell, served at /. */
  short: string;
}

function fromManifest(): readonly [WebApp, ...WebApp[]] {
  const [shell, ...remotes] = manifest.apps.map((a) => ({ ...a, short: a.short ?? '' }));
  if (shell?.dir !== 'shell') throw new Error('apps.json must list the shell first');
  return [shell, ...remotes];
}

/** The front-end apps of apps.json: the shell first, at /; each remote under /remotes/<short>/. */
export const WEB_APPS = fromManifest();
export const REMOTES = WEB_APPS.filter((a) => a.short !== '');
export const distOf = (app: WebApp) => path.join(ROOT, app.dir, 'dist');

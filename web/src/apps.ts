import fs from 'node:fs';
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

/** The remotes.json `npm start` serves unless REMOTES_FILE names another: each container at its own path. */
export const DEFAULT_REMOTES_FILE = path.join(ROOT, 'shell', 'public', 'remotes.json');

export function defaultRegistry(): Record<string, string> {
  return Object.fromEntries(REMOTES.map((r) => [r.container, `/remotes/${r.short}/mf-manifest.json`]));
}

/**
 * Writes the default remotes.json from the manifest (a generated file: repoint remotes with REMOTES_FILE).
 * Only when it changed: the file sits in the shell's folder, and a newer file there marks the shell's build stale.
 */
export function writeDefaultRegistry(): void {
  const text = `${JSON.stringify(defaultRegistry(), null, 2)}\n`;
  if (fs.existsSync(DEFAULT_REMOTES_FILE) && fs.readFileSync(DEFAULT_REMOTES_FILE, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(DEFAULT_REMOTES_FILE), { recursive: true });
  fs.writeFileSync(DEFAULT_REMOTES_FILE, text);
}

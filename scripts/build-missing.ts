import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { distOf, ROOT, WEB_APPS, type WebApp } from './apps';

/** Newest modification time under `dir` (skipping dist and node_modules). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** A build is stale when it is missing or older than its sources, the shared package or the webpack factory. */
function isStale(app: WebApp): boolean {
  const marker = path.join(distOf(app), 'index.html');
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const inputs = [path.join(ROOT, app.dir), path.join(ROOT, 'shared', 'src'), path.join(ROOT, 'webpack.shared.js')];
  return inputs.some((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built);
}

/** Builds the web apps whose build is missing or stale; returns the ones it built. */
export function buildMissing(log: (msg: string) => void): string[] {
  const stale = WEB_APPS.filter(isStale);
  for (const app of stale) {
    log(`building ${app.dir}…`);
    const r = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: path.join(ROOT, app.dir), stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`build of ${app.dir} failed`);
  }
  return stale.map((a) => a.dir);
}

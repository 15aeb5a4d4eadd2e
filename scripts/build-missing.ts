import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtFileOf, distOf, ROOT, WEB_APPS, type WebApp } from '@invest/web';

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

// Written after each successful build: webpack leaves unchanged files (and their mtimes) alone, so no
// output file tells when the last build ran.
const stampOf = (app: WebApp) => path.join(distOf(app), '.built');

/**
 * A build is stale when it is missing or older than its sources, the shared package, the manifest, the webpack factory
 * or the build's own plugins (the share facades, the start-up preloads).
 */
export function isStale(app: WebApp): boolean {
  const marker = stampOf(app);
  if (!fs.existsSync(builtFileOf(app)) || !fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const inputs = [app.dir, 'shared/src', 'apps.json', 'webpack.shared.js', 'tsconfig.base.json', 'scripts/share', 'scripts/preload-startup-plugin.js'].map((p) =>
    path.join(ROOT, p),
  );
  return inputs.some((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built);
}

function buildOne(app: WebApp): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['webpack', '--mode', 'production'], { cwd: path.join(ROOT, app.dir), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`build of ${app.dir} failed:\n${output}`));
      fs.writeFileSync(stampOf(app), `${new Date().toISOString()}\n`);
      resolve();
    });
  });
}

/** Builds `apps`, as many at once as there are cores (webpack is mostly single-threaded). */
export async function buildApps(apps: readonly WebApp[], log: (msg: string) => void): Promise<void> {
  const queue = [...apps];
  const workers = Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const t0 = Date.now();
      await buildOne(app);
      log(`built ${app.dir} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  });
  await Promise.all(workers);
}

/** Builds the web apps whose build is missing or stale; returns the apps built. */
export async function buildMissing(log: (msg: string) => void): Promise<string[]> {
  const stale = WEB_APPS.filter(isStale);
  await buildApps(stale, log);
  return stale.map((a) => a.dir);
}

/**
 * Remote releases: each build of a remote is published into a folder of its own, `<releases>/<short>/<version>/`,
 * and served at `/remotes/<short>/<version>/`. A version's files never change, its entry and manifest included, so
 * the browser keeps every one of them for good; only remotes.json, which names the version each remote runs, is
 * revalidated. Older versions stay: a tab opened before a deploy still finds its chunks, and a rollback is a repoint.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { releaseFileOf, releaseFileUrl } from '@invest/shared/release-path';
import { distOf as defaultDistOf, REMOTES, ROOT, type WebApp } from './apps';

/** Where `npm start` publishes the remotes it built, unless RELEASES_DIR says otherwise. */
export const DEFAULT_RELEASES_DIR = path.join(ROOT, 'releases');

/** Build output that is not the release: the build stamp, and the compressed copies (derived from the files). */
const NOT_RELEASED = /(^|\/)\.built$/;
const DERIVED = /\.(br|gz)$/;

function filesOf(dir: string, base = ''): string[] {
  return fs
    .readdirSync(path.join(dir, base), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOf(dir, path.posix.join(base, e.name)) : [path.posix.join(base, e.name)]))
    .filter((f) => !NOT_RELEASED.test(f))
    .sort();
}

/** `<package version>-<8 hex of the files' hash>`: the same build is the same version, any change a new one. */
export function versionOf(dist: string, packageVersion: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of filesOf(dist).filter((f) => !DERIVED.test(f))) hash.update(file).update('\0').update(fs.readFileSync(path.join(dist, file))).update('\0');
  return `${packageVersion}-${hash.digest('hex').slice(0, 8)}`;
}

/** The manifest URL of a remote's version, as remotes.json names it. */
export const manifestUrlOf = (app: Pick<WebApp, 'short'>, version: string) => releaseFileUrl(app.short, version, 'mf-manifest.json');

/** A version's folder, from the manifest URL remotes.json gives it; null for a URL that is not a release of this server. */
export function releaseDirOf(releasesDir: string, manifestUrl: string): string | null {
  const release = releaseFileOf(manifestUrl);
  return release?.file === 'mf-manifest.json' ? path.join(releasesDir, release.remote, release.version) : null;
}

/**
 * Publishes a remote's build as a release (copied whole into a temporary folder, then renamed into place, so a
 * server never sees half a version); a version already published is left as it is. `root` is the checkout the build
 * was made in (its package.json gives the version). Returns its manifest URL.
 */
export function publish(app: WebApp, dist: string, releasesDir: string, root = ROOT): string {
  const version = versionOf(dist, (JSON.parse(fs.readFileSync(path.join(root, app.dir, 'package.json'), 'utf8')) as { version: string }).version);
  const target = path.join(releasesDir, app.short, version);
  if (!fs.existsSync(target)) {
    const partial = `${target}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    for (const file of filesOf(dist)) {
      fs.mkdirSync(path.dirname(path.join(partial, file)), { recursive: true });
      fs.copyFileSync(path.join(dist, file), path.join(partial, file));
    }
    fs.renameSync(partial, target);
  }
  return manifestUrlOf(app, version);
}

/** Publishes every remote's build (`npm start`'s deploy) and returns the registry that names those releases. */
export function publishAll(releasesDir: string, distOf: (app: WebApp) => string = defaultDistOf): Record<string, string> {
  return Object.fromEntries(REMOTES.map((r) => [r.container, publish(r, distOf(r), releasesDir)]));
}

/** Writes remotes.json, only when it changes (a server reads it on every request). */
export function writeRegistry(file: string, registry: Record<string, string>): void {
  const text = `${JSON.stringify(registry, null, 2)}\n`;
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * Publishes every remote's build and points `<releasesDir>/remotes.json` at those releases: what `npm start` does
 * with the builds it has (and the byte budgets and benchmarks with theirs). Returns the remotes.json file.
 */
export function deployBuilds(releasesDir: string, distOf: (app: WebApp) => string = defaultDistOf): string {
  const file = path.join(releasesDir, 'remotes.json');
  writeRegistry(file, publishAll(releasesDir, distOf));
  return file;
}

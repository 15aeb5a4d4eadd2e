/**
 * `npm run check:versions`: fails when a shared package (@invest/runtime, @invest/shared) changed since its last
 * version without a changeset naming it. Its last version is the last commit that changed the `version` of its
 * package.json (what `npx changeset version` writes); its tests and docs do not count as changes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
/** The packages other apps load at run time, by their folder. */
export const SHARED_PACKAGES = ['runtime', 'shared'];

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** Files of the package a release ships: sources and the manifest, not tests, docs or the changelog. */
export const isShipped = (file: string) => !/(^|\/)(test\/|[^/]*\.md$)/.test(file);

/** Package names a changeset's front matter bumps (`"@invest/shared": minor`). */
export function bumpedBy(changeset: string): string[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(changeset)?.[1] ?? '';
  return [...front.matchAll(/^\s*["']?([^"':\s]+)["']?\s*:\s*(patch|minor|major)\s*$/gm)].map((m) => m[1]!);
}

function pendingBumps(): Set<string> {
  const dir = path.join(ROOT, '.changeset');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md') : [];
  return new Set(files.flatMap((f) => bumpedBy(fs.readFileSync(path.join(dir, f), 'utf8'))));
}

/** The package's shipped files changed (committed or not) since the commit that set its current version. */
function changedSinceRelease(dir: string): string[] {
  const released = git('log', '-1', '--format=%H', '-G', '"version"', '--', `${dir}/package.json`);
  if (!released) throw new Error(`${dir}/package.json has no version in the history (a shallow clone?)`);
  const changed = git('diff', '--name-only', released, '--', dir).split('\n').filter(Boolean);
  const untracked = git('ls-files', '--others', '--exclude-standard', '--', dir).split('\n').filter(Boolean);
  return [...changed, ...untracked].map((f) => path.relative(dir, f)).filter(isShipped);
}

function main(): void {
  const bumps = pendingBumps();
  const missing = SHARED_PACKAGES.flatMap((dir) => {
    const { name, version } = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string };
    const changed = changedSinceRelease(dir);
    return changed.length && !bumps.has(name) ? [`${name}@${version}: ${changed.length} file(s) changed (${changed.slice(0, 3).join(', ')}…)`] : [];
  });
  if (missing.length) {
    console.error(`[versions] changed without a changeset:\n  ${missing.join('\n  ')}\nRun \`npx changeset\` and pick the package and its bump (README: Versions).`);
    process.exit(1);
  }
  console.log('[versions] every changed shared package has a changeset');
}

if (require.main === module) main();

/**
 * A team's own checkout of the repository, made in a temporary folder: the sources as this checkout has them, and the
 * installed packages of this one linked in (nothing is downloaded), except the workspaces, which are the checkout's
 * own. A team changes its copy, builds one app there, and publishes that build; this checkout is never touched.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '@invest/web';

/** The files git knows here (committed or not, but not ignored): what a clone with these changes would hold. */
function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((f) => f && fs.existsSync(path.join(ROOT, f)));
}

/**
 * Links `name` of this checkout's node_modules into the team's: a workspace's own link (relative, into the repository)
 * is copied as it is, so it points at the team's workspace; any other package is linked to this checkout's install.
 */
function linkPackage(fromModules: string, toModules: string, name: string): void {
  const from = path.join(fromModules, name);
  const to = path.join(toModules, name);
  const stat = fs.lstatSync(from);
  if (stat.isSymbolicLink()) {
    const target = fs.readlinkSync(from);
    const resolved = path.resolve(path.dirname(from), target);
    const isWorkspace = !path.isAbsolute(target) && resolved.startsWith(ROOT + path.sep) && !resolved.includes(`${path.sep}node_modules${path.sep}`);
    fs.symlinkSync(isWorkspace ? target : resolved, to);
  } else if (name.startsWith('@') && stat.isDirectory()) {
    fs.mkdirSync(to);
    for (const scoped of fs.readdirSync(from)) linkPackage(fromModules, toModules, path.join(name, scoped));
  } else {
    fs.symlinkSync(from, to);
  }
}

/** Links one node_modules folder, leaving out build caches (each checkout keeps its own). */
function linkModules(fromModules: string, toModules: string): void {
  fs.mkdirSync(toModules, { recursive: true });
  for (const name of fs.readdirSync(fromModules)) if (name !== '.cache') linkPackage(fromModules, toModules, name);
}

/** Makes a team's checkout in a new temporary folder and returns it. */
export function checkoutForTeam(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-team-'));
  for (const file of sourceFiles()) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  linkModules(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true })) {
    const modules = path.join(ROOT, entry.name, 'node_modules');
    if (entry.isDirectory() && entry.name !== 'node_modules' && fs.existsSync(modules)) linkModules(modules, path.join(dir, entry.name, 'node_modules'));
  }
  return dir;
}

/** Builds one web app of a checkout for production (webpack, as `npm run build` does) and returns its dist folder. */
export function buildOne(checkout: string, appDir: string): string {
  execFileSync(path.join(checkout, 'node_modules', '.bin', 'webpack'), ['--mode', 'production'], { cwd: path.join(checkout, appDir), stdio: 'pipe' });
  return path.join(checkout, appDir, 'dist');
}

/** Every file under `dir` (recursively) with the sha-256 of its bytes. */
export function hashesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const e of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, e.name);
      if (e.isDirectory()) walk(rel);
      else out[rel] = crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, rel))).digest('hex');
    }
  };
  walk('');
  return out;
}

/** Sets a package's version, and the range each workspace that depends on it asks for, in a checkout. */
export function setVersion(checkout: string, pkgDir: string, version: string, dependents: readonly string[]): void {
  const edit = (dir: string, change: (pkg: Record<string, unknown>) => void) => {
    const file = path.join(checkout, dir, 'package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    change(pkg);
    fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  };
  let name = '';
  edit(pkgDir, (pkg) => {
    name = pkg.name as string;
    pkg.version = version;
  });
  for (const dir of dependents)
    edit(dir, (pkg) => {
      (pkg.dependencies as Record<string, string>)[name] = `^${version}`;
    });
}

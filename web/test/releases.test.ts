/**
 * Remote releases (`npm start`'s deploy): a build is published once as a version of its own, a changed build is a
 * new version beside the old ones, and remotes.json names the versions; only versions of this server's folder are
 * ever read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployBuilds, publish, REMOTES, releaseDirOf, versionOf } from '../src';

const markets = REMOTES.find((r) => r.short === 'markets')!;
const packageVersion = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', markets.dir, 'package.json'), 'utf8')) as { version: string }).version;

function fixtureDist(root: string, name: string): string {
  const dist = path.join(root, name);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'self.entry = 1;\n');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js.br'), 'compressed');
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
  fs.writeFileSync(path.join(dist, 'server', 'prerender.js'), 'module.exports = {};');
  fs.writeFileSync(path.join(dist, '.built'), new Date().toISOString());
  return dist;
}

describe('remote releases', () => {
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-releases-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('publishes a build once under its package version and a hash of its files, without the build stamp', () => {
    const dist = fixtureDist(root, 'dist');
    const releases = path.join(root, 'releases');
    const url = publish(markets, dist, releases);
    expect(url).toMatch(new RegExp(`^/remotes/markets/${packageVersion.replace(/\./g, '\\.')}-[0-9a-f]{8}/mf-manifest\\.json$`));
    const folder = releaseDirOf(releases, url)!;
    expect(fs.readdirSync(folder).sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'remoteEntry.js.br', 'server']);
    // The same build again (a new stamp, the same files) is the same version, left as it was.
    fs.writeFileSync(path.join(dist, '.built'), 'later');
    fs.writeFileSync(path.join(folder, 'marker'), '');
    expect(publish(markets, dist, releases)).toBe(url);
    expect(fs.existsSync(path.join(folder, 'marker'))).toBe(true);
  });

  it('gives a changed build a new version and keeps the old one for the tabs still on it', () => {
    const dist = fixtureDist(root, 'dist');
    const releases = path.join(root, 'releases');
    const first = publish(markets, dist, releases);
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'self.entry = 2;\n');
    const second = publish(markets, dist, releases);
    expect(second).not.toBe(first);
    expect(fs.readFileSync(path.join(releaseDirOf(releases, first)!, 'remoteEntry.js'), 'utf8')).toBe('self.entry = 1;\n');
    expect(fs.readFileSync(path.join(releaseDirOf(releases, second)!, 'remoteEntry.js'), 'utf8')).toBe('self.entry = 2;\n');
    // Compressed copies follow their file: they are not what makes a version.
    expect(versionOf(dist, '1.0.0')).toBe((fs.writeFileSync(path.join(dist, 'remoteEntry.js.br'), 'recompressed'), versionOf(dist, '1.0.0')));
  });

  it("points remotes.json at every remote's release", () => {
    const file = deployBuilds(path.join(root, 'releases'), (app) => fixtureDist(root, app.dir));
    const registry = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(registry).sort()).toEqual(REMOTES.map((r) => r.container).sort());
    for (const r of REMOTES) expect(registry[r.container]).toMatch(new RegExp(`^/remotes/${r.short}/[^/]+/mf-manifest\\.json$`));
  });

  it('reads only release folders of its own from a manifest URL', () => {
    const releases = path.join(root, 'releases');
    expect(releaseDirOf(releases, '/remotes/account/1.2.0-abcdef12/mf-manifest.json')).toBe(path.join(releases, 'account', '1.2.0-abcdef12'));
    for (const url of ['/remotes/account/mf-manifest.json', '/remotes/account/../mf-manifest.json', '/remotes/account/1.0.0/x/mf-manifest.json', 'https://cdn.example.com/remotes/account/1.0.0/mf-manifest.json', '/remotes/../../etc/1/mf-manifest.json']) {
      expect(releaseDirOf(releases, url)).toBeNull();
    }
  });
});

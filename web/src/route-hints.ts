/**
 * Preload hints for the remote that owns a page's route. The shell finds a route's remote by itself, but only once
 * its entry has run: remotes.json, then the remote's manifest, then its entry and first code, each after the one
 * before, while the shell's own scripts hold the line and the main thread. The server knows all of it when it sends
 * the page (it serves the releases remotes.json names), so the page asks for the remote's manifest, entry and
 * lifecycles code at once, beside the shell's scripts. The shell's loader (shell/src/federation.ts) later asks for the
 * same URLs, in the same request modes, and gets them from those downloads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { releaseFileOf, releaseFileUrl } from '@invest/shared/release-path';
import { entryFileOf, firstFilesOf, LIFECYCLES, type RemoteManifest } from '@invest/shared/remote-manifest';
import { routeFor } from 'shell/routes';
import { WEB_APPS } from './apps';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const preload = (href: string, as: 'script' | 'style' | 'fetch') =>
  `<link rel="preload" href="${attribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''}>`;

export class RouteHints {
  /** By manifest URL: a release never changes, so its hints are read once. */
  private readonly known = new Map<string, string>();

  constructor(
    /** The folder of the release a manifest URL names, if this server serves it. */
    private readonly releaseDirOf: (manifestUrl: string) => string | null,
    private readonly remotes: () => Record<string, string>,
  ) {}

  /** The `<link>` tags for `routePath`'s remote; '' for the shell's own routes, unknown paths, remotes served elsewhere. */
  linksFor(routePath: string): string {
    const owner = routeFor(routePath)?.owner;
    const container = WEB_APPS.find((a) => a.dir === owner && a.short)?.container;
    const manifestUrl = container ? this.remotes()[container] : undefined;
    if (!manifestUrl) return '';
    let links = this.known.get(manifestUrl);
    if (links === undefined) {
      links = this.read(manifestUrl);
      this.known.set(manifestUrl, links);
    }
    return links;
  }

  private read(manifestUrl: string): string {
    const dir = this.releaseDirOf(manifestUrl);
    const release = releaseFileOf(manifestUrl);
    if (!dir || !release) return '';
    let manifest: RemoteManifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as RemoteManifest;
    } catch {
      return '';
    }
    const url = (file: string) => releaseFileUrl(release.remote, release.version, file);
    const entry = entryFileOf(manifest);
    const lifecycles = firstFilesOf(manifest, LIFECYCLES);
    if (!entry || !lifecycles) return '';
    return [
      preload(manifestUrl, 'fetch'),
      preload(url(entry), 'script'),
      ...lifecycles.js.map((f) => preload(url(f), 'script')),
      ...lifecycles.css.map((f) => preload(url(f), 'style')),
    ].join('');
  }
}

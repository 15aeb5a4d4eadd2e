/**
 * Where a remote's release is served: `/remotes/<remote>/<version>/<file>`. The web server publishes and serves
 * releases there (@invest/web), and a page tells from a file's URL which release it belongs to (staleRelease.ts):
 * both read the one pattern here.
 */
const RELEASE_PATH = /^\/remotes\/([a-z0-9-]+)\/([A-Za-z0-9][A-Za-z0-9.+-]*)\/(.+)$/;

export interface ReleaseFile {
  /** The remote's folder under /remotes/ (apps.json's `short`). */
  remote: string;
  version: string;
  /** The file's path inside the release. */
  file: string;
}

/** The release a URL path names, and the file in it; null for a path outside releases. */
export function releaseFileOf(pathname: string): ReleaseFile | null {
  const m = RELEASE_PATH.exec(pathname);
  return m ? { remote: m[1]!, version: m[2]!, file: m[3]! } : null;
}

/** The URL path of a file of a remote's release. */
export const releaseFileUrl = (remote: string, version: string, file: string) => `/remotes/${remote}/${version}/${file}`;

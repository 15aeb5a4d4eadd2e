/**
 * A tab opened before a remote was redeployed keeps running the release it loaded. Releases stay served, so its
 * screens' code still downloads; but an old release may be gone (pruned, or served by a set-up that keeps only the
 * current one). Then a screen's code fails to load online, and the tab can only recover on the release remotes.json
 * names now: it reloads once onto it. The tab remembers each move it reloaded for, so a failure that a reload does
 * not cure shows the app's retry panel instead of reloading again and again.
 */

import { releaseFileOf } from './releasePath';

/** The remote registry the shell reads (container name → manifest URL), served beside the page. */
const REMOTES_REGISTRY_URL = '/remotes.json';

const RELOADED_KEY = 'invest:reloaded-for-release';

/** The remote (its folder under /remotes/) and release a URL belongs to, or null for a file outside releases. */
export function releaseOf(url: string): { remote: string; version: string } | null {
  const release = releaseFileOf(new URL(url, window.location.href).pathname);
  return release && { remote: release.remote, version: release.version };
}

/** The URL of the file a failed chunk load asked for: webpack names it on the error (`request`) and in its message. */
function failedUrlOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const request = (error as Error & { request?: unknown }).request;
  if (typeof request === 'string') return request;
  return /\((?:error: )?(https?:\/\/[^)\s]+)\)/.exec(error.message)?.[1] ?? null;
}

function reloadedFor(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(RELOADED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/** The release remotes.json names now for `remote`, or null when it cannot tell (offline, no such line, a bad answer). */
async function currentReleaseOf(remote: string): Promise<{ remote: string; version: string } | null> {
  try {
    const res = await fetch(REMOTES_REGISTRY_URL, { cache: 'no-cache' });
    if (!res.ok) return null;
    const registry = (await res.json()) as Record<string, unknown>;
    return (
      Object.values(registry)
        .filter((entry): entry is string => typeof entry === 'string')
        .map(releaseOf)
        .find((r) => r?.remote === remote) ?? null
    );
  } catch {
    return null;
  }
}

/**
 * After a screen's code failed to load: when that code came from a release remotes.json no longer names, reloads the
 * page onto the current one (once per move from one release to another) and answers true. Answers false when the
 * page should show the failure: offline, a file outside releases, the remote still current, or a reload already tried.
 */
export async function reloadIfRedeployed(error: unknown, reload = () => window.location.reload()): Promise<boolean> {
  const url = failedUrlOf(error);
  const failed = url ? releaseOf(url) : null;
  if (!failed || !navigator.onLine) return false;
  const current = await currentReleaseOf(failed.remote);
  if (!current || current.version === failed.version) return false;
  const move = `${failed.remote}:${failed.version}>${current.version}`;
  const done = reloadedFor();
  if (done.includes(move)) return false;
  try {
    sessionStorage.setItem(RELOADED_KEY, JSON.stringify([...done, move]));
  } catch {
    // Without storage the tab cannot remember the reload, so it must not risk a loop.
    return false;
  }
  reload();
  return true;
}

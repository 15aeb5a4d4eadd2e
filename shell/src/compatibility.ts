import runtimePackage from '@invest/runtime/package.json';

/** The @invest/runtime this page provides (the shell's build): every remote must accept it. */
export const PAGE_RUNTIME_VERSION: string = runtimePackage.version;

const CARET = /^\^(\d+)\.(\d+)\.(\d+)$/;
const VERSION = /^(\d+)\.(\d+)\.(\d+)/;

/**
 * Whether a remote built to ask for `range` of @invest/runtime runs on a page with `version`. The build writes
 * `^<the version it was built with>`, so the rule is the caret's: the same major (for 0.x, the same minor too), and
 * at least that version. A range of another form is not judged here (true): the federation runtime still checks it.
 */
export function acceptsRuntime(range: string, version = PAGE_RUNTIME_VERSION): boolean {
  const want = CARET.exec(range)?.slice(1).map(Number);
  const have = VERSION.exec(version)?.slice(1).map(Number);
  if (!want || !have) return true;
  const [major, minor, patch] = want as [number, number, number];
  const [hMajor, hMinor, hPatch] = have as [number, number, number];
  if (hMajor !== major || (major === 0 && hMinor !== minor)) return false;
  return hMinor > minor || (hMinor === minor && hPatch >= patch);
}

interface Manifest {
  shared?: { name?: string; requiredVersion?: string }[];
}

const checks = new Map<string, Promise<void>>();

/**
 * Reads a remote's manifest and refuses (rejects, naming both versions) a remote built for a runtime this page does
 * not provide, before its entry runs: a refused remote must not register its shared modules on the page, where the
 * other remotes would take them (a copy of @invest/shared built for that other runtime, say). Once per manifest (a
 * release never changes; a failed read is asked again), and before the federation runtime reads the same file, which
 * then comes from the browser's cache.
 */
export function assertRuntimeAccepted(container: string, manifestUrl: string): Promise<void> {
  let check = checks.get(manifestUrl);
  if (!check) {
    check = fetch(manifestUrl).then(async (res) => {
      if (!res.ok) throw new Error(`${container}: HTTP ${res.status} for its manifest`);
      const manifest = (await res.json()) as Manifest;
      const range = manifest.shared?.find((s) => s.name === '@invest/runtime')?.requiredVersion;
      if (typeof range === 'string' && !acceptsRuntime(range))
        throw new RuntimeRefused(`${container} needs @invest/runtime ${range}; this page provides ${PAGE_RUNTIME_VERSION}`);
    });
    checks.set(manifestUrl, check);
    check.catch((e: unknown) => {
      if (!(e instanceof RuntimeRefused)) checks.delete(manifestUrl);
    });
  }
  return check;
}

/** A remote built for a runtime this page does not provide: final for its release. */
class RuntimeRefused extends Error {}

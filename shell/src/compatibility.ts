import runtimePackage from '@invest/runtime/package.json';
import type { RemoteManifest } from '@invest/shared/remote-manifest';

/** The @invest/runtime this page provides (the shell's build): every remote must accept it. */
export const PAGE_RUNTIME_VERSION: string = runtimePackage.version;

/** major.minor.patch as numbers; null for anything else. */
const numbersOf = (version: string) => (/^(\d+)\.(\d+)\.(\d+)$/.exec(version)?.slice(1) ?? null)?.map(Number) ?? null;

/**
 * Whether a remote built to ask for `range` of @invest/runtime runs on a page with `version`. Builds write the
 * range as `^<built version>` (webpack.shared.js), so that is the one form read, with npm's caret meaning: the
 * same major (for 0.x the same minor; for 0.0.x the same patch) at or above the built version. The page's check
 * must cost next to nothing, since every remote's load runs it; any other form is refused.
 */
export function acceptsRuntime(range: string, version = PAGE_RUNTIME_VERSION): boolean {
  const want = range.startsWith('^') ? numbersOf(range.slice(1)) : null;
  const have = numbersOf(version);
  if (!want || !have) return false;
  // The first non-zero part of the built version, and everything before it, must be the page's too.
  const fixed = Math.min(want.findIndex((n) => n > 0) + 1 || 3, 3);
  for (let i = 0; i < 3; i++) {
    if (have[i] === want[i]) continue;
    return i >= fixed && have[i]! > want[i]!;
  }
  return true;
}

/**
 * Refuses a remote built for a runtime this page does not provide, from its manifest, before its entry runs: a
 * refused remote must not register its shared modules on the page, where the other remotes would take them (a copy
 * of @invest/shared built for that other runtime, say). The error names both versions; the shell shows that remote's
 * retry panel.
 */
export function refuseOtherRuntime(name: string, shared: RemoteManifest['shared']): void {
  const range = shared?.find((s) => s.name === '@invest/runtime')?.requiredVersion;
  if (typeof range === 'string' && !acceptsRuntime(range)) throw new Error(`${name} needs @invest/runtime ${range}; this page provides ${PAGE_RUNTIME_VERSION}`);
}

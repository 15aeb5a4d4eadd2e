import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import runtimePackage from '@invest/runtime/package.json';

/** The @invest/runtime this page provides (the shell's build): every remote must accept it. */
export const PAGE_RUNTIME_VERSION: string = runtimePackage.version;

/** Whether a remote built to ask for `range` of @invest/runtime (its build writes `^<built version>`) runs on this page. */
export const acceptsRuntime = (range: string, version = PAGE_RUNTIME_VERSION): boolean => satisfy(version, range);

interface Manifest {
  shared?: { name?: string; requiredVersion?: string }[];
}

/**
 * The shell's federation runtime plugin that refuses a remote built for a runtime this page does not provide, from its
 * manifest, before its entry runs: a refused remote must not register its shared modules on the page, where the
 * other remotes would take them (a copy of @invest/shared built for that other runtime, say). It reads the manifest
 * in the federation runtime's place (its `fetch` hook), so the file is downloaded once. A refusal fails the remote's
 * load with a message naming both versions; the shell shows that remote's retry panel.
 */
export default function refuseOtherRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'refuse-other-runtime',
    async fetch(url, init, remote) {
      const res = await fetch(url, init);
      if (!res.ok) return res;
      const text = await res.text();
      const range = (JSON.parse(text) as Manifest).shared?.find((s) => s.name === '@invest/runtime')?.requiredVersion;
      if (typeof range === 'string' && !acceptsRuntime(range))
        throw new Error(`${remote?.name ?? url} needs @invest/runtime ${range}; this page provides ${PAGE_RUNTIME_VERSION}`);
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    },
  };
}

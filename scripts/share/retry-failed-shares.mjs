// Module Federation runtime plugin: a shared module whose download failed (offline, a deploy in between) is fetched
// again on the next try. The runtime keeps the rejected load in the share scope and hands it to every later caller
// (module-federation/core#5068, not in 2.9), so a screen opened offline would fail for good: the form rules
// (@invest/shared/forms) load with the first screen that validates, and may well be first asked for offline.
export default function retryFailedShares() {
  return {
    name: 'retry-failed-shares',
    async beforeLoadShare(args) {
      for (const scope of Object.values(args.origin.shareScopeMap ?? {})) {
        for (const entry of Object.values(scope?.[args.pkgName] ?? {})) {
          const loading = entry?.loading;
          if (!loading || entry.loaded) continue;
          // A load in flight is awaited here as the runtime would await it; a failed one is dropped.
          await loading.catch(() => {
            if (entry.loading === loading && !entry.loaded) entry.loading = null;
          });
        }
      }
      return args;
    },
  };
}

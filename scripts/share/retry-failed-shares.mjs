// Module Federation runtime plugin: a versioned shared module whose download failed (offline, a deploy in between) is
// fetched again on the next try. The runtime keeps the failed load in the share scope and hands it to every later
// caller, so a screen opened offline would fail for good: the form rules (@invest/shared/forms) load with the first
// screen that validates, and a remote's own copy of a newer @invest/shared with the remote. Public hooks only: the
// failure is heard through errorLoadShare, and the next resolution (resolveShare, whose documented use is to choose
// the entry a load uses) puts a fresh entry, from the failed one's configuration, in its place.
// Singletons are left alone: they load with the page, and their errors are version refusals, not downloads.
export default function retryFailedShares() {
  const failed = new Set();
  return {
    name: 'retry-failed-shares',
    errorLoadShare(args) {
      if (!args.shareInfo?.shareConfig?.singleton) failed.add(args.pkgName);
      return args;
    },
    resolveShare(args) {
      if (!failed.delete(args.pkgName)) return args;
      const resolve = args.resolver;
      args.resolver = () => {
        const found = resolve();
        if (!found?.shared) return found;
        const { version, scope, from, get, shareConfig, strategy } = found.shared;
        const fresh = { version, scope, from, get, shareConfig, strategy };
        args.shareScopeMap[args.scope][args.pkgName][version] = fresh;
        return { ...found, shared: fresh };
      };
      return args;
    },
  };
}

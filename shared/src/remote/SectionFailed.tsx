import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '@invest/runtime';
import { PageHeader } from '../ui/PageHeader';
import { RetryPanel } from '../ui/states';

const onConnectionChange = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * A section (a remote, or one of its screens) that could not load: the retry panel under a bar whose back arrow
 * works, so the screen can be left, not only retried. The connection coming back retries by itself: a section that
 * failed offline needs no tap to come back.
 */
export function SectionFailed({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  // Offline it says so, and that it will come back by itself; online, that it failed and can be retried. The
  // browser's own flag: a page opened offline has had no offline event to tell the query cache.
  const online = useSyncExternalStore(onConnectionChange, () => navigator.onLine, () => true);
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <>
      <PageHeader back />
      <RetryPanel
        title={t(online ? 'common.remoteFailedTitle' : 'common.offlineTitle')}
        body={t(online ? 'common.remoteFailedBody' : 'common.remoteOfflineBody')}
        busy={busy}
        onRetry={onRetry}
      />
    </>
  );
}

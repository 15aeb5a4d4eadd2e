import { useEffect } from 'react';
import { useTranslation } from '@invest/runtime';
import { useOnline } from '../query/useOnline';
import { PageHeader } from '../ui/PageHeader';
import { RetryPanel } from '../ui/states';

/**
 * A section (a remote, or one of its screens) that could not load: the retry panel under a bar whose back arrow
 * works, so the screen can be left, not only retried. The connection coming back retries by itself: a section that
 * failed offline needs no tap to come back.
 */
export function SectionFailed({ onRetry, busy }: { onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  // Offline it says so, and that it will come back by itself; online, that it failed and can be retried.
  const online = useOnline();
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

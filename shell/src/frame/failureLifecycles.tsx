import { useCallback, useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from '@invest/runtime';
import type { LifeCycles } from 'single-spa';
import { i18n, SectionFailed, type RemoteMountProps } from '@invest/shared';

/**
 * The retry panel of a remote that could not load. Retrying reloads the remote once. A remote that failed offline
 * and is shown again once online (a route of it opened after the connection came back) loads again by itself.
 */
function Failed({ onRetry, failedOffline }: { onRetry: () => void; failedOffline: boolean }) {
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);
  const retry = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    setBusy(true);
    // After this mount has settled: the retry unregisters the app whose panel this is.
    setTimeout(onRetry);
  }, [onRetry]);
  useEffect(() => {
    if (failedOffline && navigator.onLine) retry();
  }, [failedOffline, retry]);
  return <SectionFailed busy={busy} onRetry={retry} />;
}

/** Lifecycles that stand in for a remote that could not load: its area shows a retry panel. */
export function failureLifecycles(onRetry: () => void): LifeCycles<RemoteMountProps> {
  const failedOffline = !navigator.onLine;
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot(props.domElement);
      root.render(
        <I18nextProvider i18n={i18n}>
          <Failed onRetry={onRetry} failedOffline={failedOffline} />
        </I18nextProvider>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

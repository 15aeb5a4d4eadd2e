import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { LifeCycles } from 'single-spa';
import { i18n, RetryPanel, type RemoteMountProps } from '@invest/shared';
import { useState } from 'react';

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <RetryPanel
      title={t('shell.remoteFailedTitle')}
      body={t('shell.remoteFailedBody')}
      busy={busy}
      onRetry={() => {
        setBusy(true);
        onRetry();
      }}
    />
  );
}

/** Lifecycles that stand in for a remote that could not load: its area shows a retry panel. */
export function failureLifecycles(onRetry: () => void): LifeCycles<RemoteMountProps> {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      root = createRoot(props.domElement);
      root.render(
        <I18nextProvider i18n={i18n}>
          <Failed onRetry={onRetry} />
        </I18nextProvider>,
      );
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

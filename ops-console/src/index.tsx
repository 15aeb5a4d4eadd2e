// The operators' console's page (/ops/): a plain bundle of its own, with its own session beside the investor's.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from '@invest/runtime';
import { addTexts, followApp, i18n, QueryProvider, queryClient, session, ToastHost } from '@invest/shared';
import '@invest/shared/styles.css';
import { App } from './App';
import { texts } from './i18n';
import { OPS_SESSION_PREFIX } from './session';

// Before anything reads the session: the operator's token is never the investor's on the same origin.
session.keepUnder(OPS_SESSION_PREFIX);

async function main(): Promise<void> {
  await addTexts(texts);
  followApp(queryClient);
  document.getElementById('app-loading')?.remove();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryProvider>
          <ToastHost />
          <App />
        </QueryProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void main();

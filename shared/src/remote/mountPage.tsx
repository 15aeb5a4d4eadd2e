import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from '@invest/runtime';
// The package by name, not by path: the page must use the same @invest/shared instance as its screens.
import { addTexts, followApp, i18n, QueryProvider, queryClient, type Texts } from '@invest/shared';

/**
 * Draws `root` as a page's whole app: its texts added, the page's client following the app (paused in the
 * background), the loading screen gone, under the i18n and query providers. A remote running alone and the
 * operators' console are such pages (the investor's shell mounts its own way).
 */
export async function mountPage(root: ReactNode, texts: Texts): Promise<void> {
  await addTexts(texts);
  followApp(queryClient);
  document.getElementById('app-loading')?.remove();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryProvider>{root}</QueryProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

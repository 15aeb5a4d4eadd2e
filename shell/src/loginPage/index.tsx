/**
 * The standalone login page, the first page of a logged-out visit to /login: the shell's login screen in one plain
 * bundle, without the federation runtime, the shared modules' negotiation, single-spa or the query client the app
 * needs (issue 9: /login ≤ 120 KB). Every other page of the app is a page load of the shell from here.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from '@invest/runtime';
import { addTexts, i18n, session, ToastHost } from '@invest/shared';
import '@invest/shared/styles.css';
import { AuthNavigation } from '../auth/authNavigation';
import { LoginScreen } from '../auth/LoginScreen';
import { DesktopWarning } from '../frame/DesktopWarning';
import { texts } from '../i18n';
import { loadPage } from './loadPage';
import { prefetchShellOnIntent } from './prefetchShell';

async function main(): Promise<void> {
  await addTexts(texts);
  document.documentElement.lang = i18n.language;
  prefetchShellOnIntent();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DesktopWarning />
        <ToastHost />
        <AuthNavigation.Provider value={loadPage}>
          <LoginScreen />
        </AuthNavigation.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
  document.getElementById('app-loading')?.remove();
}

// Logged in already (another tab, a bookmark): the shell's home, as the shell's own /login would do.
if (session.isLoggedIn()) window.location.replace('/');
else void main();

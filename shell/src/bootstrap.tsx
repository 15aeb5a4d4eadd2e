import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { start } from 'single-spa';
import { bus, i18n, initI18n, loadAppData, session } from '@invest/shared';
import '@invest/shared/styles.css';
import './shell.css';
import { registerApps } from './apps';
import { Shell } from './frame/Shell';
import { installBackGestures } from './gestures';
import { goBack, navigate } from './navigation';
import { loadRegistry } from './remotes';
import { publishVisibility } from './visibility';

function layout(): { shellEl: HTMLElement; remotesEl: HTMLElement } {
  const root = document.getElementById('root')!;
  const shellEl = document.createElement('div');
  shellEl.id = 'shell';
  const remotesEl = document.createElement('main');
  remotesEl.id = 'remotes';
  root.append(remotesEl, shellEl);
  return { shellEl, remotesEl };
}

function removeLoadingOverlay(): void {
  document.getElementById('app-loading')?.remove();
}

async function main(): Promise<void> {
  const { shellEl } = layout();
  await initI18n();
  document.documentElement.lang = i18n.language;

  // A session that ends anywhere (logout, a 401 from any app) lands on the login screen.
  bus.on('session:logout').subscribe(() => navigate('/login', { replace: true }));
  publishVisibility();
  installBackGestures(goBack);

  createRoot(shellEl).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Shell />
      </I18nextProvider>
    </StrictMode>,
  );

  // The registry and the initial data may fail; the shell still starts (failed remotes show a retry panel).
  await Promise.all([
    loadRegistry().catch((e) => console.error('[shell] remotes.json unavailable', e)),
    session.isLoggedIn() ? loadAppData() : Promise.resolve(),
  ]);
  bus.on('session:login').subscribe(() => void loadAppData());

  registerApps();
  window.addEventListener('single-spa:first-mount', removeLoadingOverlay, { once: true });
  window.addEventListener('single-spa:routing-event', removeLoadingOverlay, { once: true });
  start({ urlRerouteOnly: true });
}

void main();

import { StrictMode } from 'react';
import { I18nextProvider } from '@invest/runtime';
import { start } from 'single-spa';
import { addTexts, adoptFirstFrame, bus, createSlicedRoot, followApp, i18n, loadAppData, QueryProvider, queryClient, removeFirstFrame, session } from '@invest/shared';
import '@invest/shared/styles.css';
import './shell.css';
import { registerApps } from './apps';
import { Shell } from './frame/Shell';
import { texts } from './i18n';
import { installBackGestures } from './gestures';
import { goBack, navigate } from './navigation';
import { loadRegistry } from './registry';
import { loginPathBackTo } from './routes';
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

/** The loading screen, or the route's prerendered first frame (scripts/first-frame.ts), goes once a remote has mounted. */
function removeLoadingOverlay(): void {
  document.getElementById('app-loading')?.remove();
  removeFirstFrame();
}

async function main(): Promise<void> {
  const { shellEl } = layout();
  await addTexts(texts);
  document.documentElement.lang = i18n.language;

  // A session that ends anywhere (logout, a 401 from any app) lands on the login screen; one that expired comes back
  // to its page after the next login.
  bus.on('session:logout').subscribe(({ reason }) =>
    navigate(reason === 'expired' ? loginPathBackTo(location.pathname + location.search) : '/login', { replace: true }),
  );
  publishVisibility();
  // The page's one QueryClient (in @invest/shared, so every remote's root provides the same instance): the shell
  // ties it to the app, so every query pauses with the page and no answer outlives the session.
  followApp(queryClient);
  // The answers the page's first frame drew from: the remote draws its screen from them, as the frame shows it.
  adoptFirstFrame(queryClient);
  installBackGestures(goBack);

  createSlicedRoot(shellEl).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryProvider>
          <Shell />
        </QueryProvider>
      </I18nextProvider>
    </StrictMode>,
  );

  // The initial data loads beside the remote's code, not before it: a screen that needs the categories reads the
  // same query (in flight or cached). The registry and the data may fail; the shell still starts (failed remotes
  // show a retry panel, screens without categories say so).
  if (session.isLoggedIn()) void loadAppData();
  bus.on('session:login').subscribe(() => void loadAppData());
  await loadRegistry().catch((e) => console.error('[shell] remotes.json unavailable', e));

  registerApps();
  window.addEventListener('single-spa:first-mount', removeLoadingOverlay, { once: true });
  window.addEventListener('single-spa:routing-event', removeLoadingOverlay, { once: true });
  start({ urlRerouteOnly: true });
}

void main();

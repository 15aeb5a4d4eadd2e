import { registerApplication, triggerAppChange, unregisterApplication } from 'single-spa';
import { session } from '@invest/shared';
import { loadLifecycles } from './remotes';
import { APP_NAMES, routeFor, type AppName } from './routes';

/** Each remote renders into its own element inside the shell's remote area. */
function containerFor(app: AppName): HTMLElement {
  const id = `app-${app}`;
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement('div');
    el.id = id;
    document.getElementById('remotes')!.appendChild(el);
  }
  return el;
}

/** Exactly one remote is active per URL: the owner of its route, and only for a logged-in user. */
export const isActive = (app: AppName) => (location: Location) =>
  session.isLoggedIn() && routeFor(location.pathname)?.owner === app;

function register(app: AppName): void {
  registerApplication({
    name: app,
    app: () => loadLifecycles(app, () => void reload(app)),
    activeWhen: isActive(app),
    customProps: () => ({ domElement: containerFor(app) }),
  });
}

/** Retry: drop the app (unmounting its retry panel) and register it again, so its loader runs afresh. */
async function reload(app: AppName): Promise<void> {
  await unregisterApplication(app);
  register(app);
  await triggerAppChange();
}

export function registerApps(): void {
  APP_NAMES.forEach(register);
}

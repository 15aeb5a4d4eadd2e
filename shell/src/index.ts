import { registerServiceWorker } from './offline/register';
import { loadRegistry, preloadRoute } from './registry';

// The route's remote downloads while the shell's own start does, not after it: neither the registry nor the
// federation runtime is a shared module, so this may run before the async boundary.
loadRegistry().then(
  () => preloadRoute(window.location.pathname),
  () => undefined,
);

// The app opens offline from the next load on; only the production build has a service worker.
if (process.env.NODE_ENV === 'production') registerServiceWorker();

// Async boundary: the federation runtime negotiates shared modules before any of them is evaluated.
import('./bootstrap');

import { loadRegistry, preloadRoute } from './registry';

// The route's remote downloads while the shell's own start does, not after it: neither the registry nor the
// federation runtime is a shared module, so this may run before the async boundary.
loadRegistry().then(
  () => preloadRoute(window.location.pathname),
  () => undefined,
);

// Async boundary: the federation runtime negotiates shared modules before any of them is evaluated.
import('./bootstrap');

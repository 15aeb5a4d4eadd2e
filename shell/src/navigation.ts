import { navigateToUrl } from 'single-spa';

/** Shell navigation: single-spa patches history, so every app's router follows. */
export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) window.history.replaceState(window.history.state, '', path);
  else navigateToUrl(path);
}

/** Back, or home when there is nothing to go back to (a deep link opened in a fresh tab). */
export function goBack(): void {
  const atRoot = window.location.pathname === '/' || window.location.pathname === '/login';
  if (atRoot) return;
  if (window.history.length > 1) window.history.back();
  else navigate('/', { replace: true });
}

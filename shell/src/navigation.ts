import { navigateToUrl } from 'single-spa';
import { goBack as goBackInApp } from '@invest/shared';

/** Shell navigation: single-spa patches history, so every app's router follows. */
export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) window.history.replaceState(window.history.state, '', path);
  else navigateToUrl(path);
}

/** Swipe-back and the hardware button: back in the app (home after a deep link), never past home or login. */
export function goBack(): void {
  const atRoot = window.location.pathname === '/' || window.location.pathname === '/login';
  if (!atRoot) goBackInApp();
}

import { i18n, toast } from '@invest/shared';
import type { Navigate } from '../auth/authNavigation';

let waiting: (() => void) | null = null;

/**
 * Another page of the app, as a page load of the shell. Offline the browser would swap this page for its own error
 * page: the user is told, and the page opens once the connection is back (the last link tapped wins).
 */
export const loadPage: Navigate = (path, { replace = false } = {}) => {
  const go = () => (replace ? window.location.replace(path) : window.location.assign(path));
  if (waiting) window.removeEventListener('online', waiting);
  waiting = null;
  if (navigator.onLine) return go();
  waiting = go;
  window.addEventListener('online', go, { once: true });
  toast(i18n.t('hint.network'), 'error');
};

import { useSyncExternalStore } from 'react';
import { session } from '../session/session';

/** Re-renders when the user logs in or out (in this tab or another). */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(
    (l) => session.subscribe(l),
    () => session.isLoggedIn(),
  );
}

import { useSyncExternalStore } from 'react';
import { session } from '@invest/runtime';

/** Re-renders when the user logs in or out (in this tab or another). */
export function useLoggedIn(): boolean {
  const loggedIn = () => session.isLoggedIn();
  // Also on the server (a prerendered first frame, shared/src/remote/prerender.tsx), where there is no session.
  return useSyncExternalStore((l) => session.subscribe(l), loggedIn, loggedIn);
}

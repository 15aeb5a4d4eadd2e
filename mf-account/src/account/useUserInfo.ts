import { useCallback, useState } from 'react';
import { call, calls, errorKeyOf, usePolling, type UserInfo } from '@invest/shared';

/** Account info, refreshed every 3 s while the page is in the foreground (spec §9). */
export const ACCOUNT_POLL_MS = 3000;

export function useUserInfo(): { info: UserInfo | null; error: string | null; reload: () => Promise<void> } {
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setInfo(await call(calls.userInfo));
      setError(null);
    } catch (e) {
      setError(errorKeyOf(e));
    }
  }, []);
  usePolling(reload, ACCOUNT_POLL_MS);
  return { info, error, reload };
}

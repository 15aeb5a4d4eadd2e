import { calls, useCall } from '@invest/shared';

/** Account info, refreshed every 3 s while the app is in the foreground (spec §9). */
export const ACCOUNT_POLL_MS = 3000;

export const useUserInfo = () => useCall(calls.userInfo, undefined, { refetchInterval: ACCOUNT_POLL_MS });

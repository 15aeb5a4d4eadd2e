import { callQuery, calls, useQuery, WALLET_POLL_MS } from '@invest/shared';
import { useWalletEvents } from '@invest/shared/user-events';

/** Account info: polled every 3 s while the app is in the foreground (spec §9) when the wallet stream is unavailable. */
export const ACCOUNT_POLL_MS = WALLET_POLL_MS;

const userInfoQuery = callQuery(calls.userInfo);

/**
 * The user's account info, live: each change of the user's money (a deposit an operator completed, a trade) comes
 * as a wallet event and refetches it; without the stream it polls every 3 s instead.
 */
export function useUserInfo() {
  const q = useQuery(userInfoQuery);
  useWalletEvents({ poll: [userInfoQuery], intervalMs: ACCOUNT_POLL_MS });
  return q;
}

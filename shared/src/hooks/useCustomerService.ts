import { calls } from '../contract/endpoints';
import { CHAT_POLL_MS, CUSTOMER_SERVICE_MODE, DEFAULT_SERVICE_LINK } from '../contract/values/chat';
import { useCall } from '../query/useCall';
import { useDeployment } from './useDeployment';
import { useLoggedIn } from './useSession';

/** The service link does not change while the app is open; asked again after this long. */
const SERVICE_LINK_STALE_MS = 30 * 60_000;

/**
 * Agents' messages the user has not read, for the badge on the service icons. Spec §6/§9: polled every 10 s, and
 * only with a login and the deployment's customer-service mode on (config flag); 0 otherwise. Every icon on the page
 * shares the one query, and a `chat` event of an open user stream refreshes it at once.
 */
export function useUnreadCount(): number {
  const loggedIn = useLoggedIn();
  const deployment = useDeployment();
  const on = loggedIn && deployment.data?.values[CUSTOMER_SERVICE_MODE] === '1';
  // An icon that appears between two polls (home's, beside the shell's) reads the answer the other has.
  const q = useCall(calls.chatUnreadCount, undefined, { enabled: on, refetchInterval: CHAT_POLL_MS, staleTime: CHAT_POLL_MS });
  return on ? (q.data?.unread_count ?? 0) : 0;
}

export interface ServiceLink {
  href: string;
  /** An https URL outside the app (opened in a new tab), else a route of the app. */
  external: boolean;
}

/** Where the service icons lead (GET /stock/success/kefu): our chat until it answers, or when it cannot. */
export function useServiceLink(): ServiceLink {
  const loggedIn = useLoggedIn();
  const q = useCall(calls.kefu, undefined, { enabled: loggedIn, staleTime: SERVICE_LINK_STALE_MS });
  const link = q.data ?? DEFAULT_SERVICE_LINK;
  if (/^https:\/\//i.test(link)) return { href: link, external: true };
  return { href: /^\/(?![/\\])/.test(link) ? link : DEFAULT_SERVICE_LINK, external: false };
}

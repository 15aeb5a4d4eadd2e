import type { QueryClient } from '@tanstack/react-query';
import { calls } from '../contract/endpoints';

/** Spec §9: account info refreshes every 3 s, the fallback while the wallet stream is unavailable. */
export const WALLET_POLL_MS = 3000;
/**
 * The calls whose answers a change of the user's money, or an operator's decision on their deposit or withdrawal,
 * makes old: refetched on each `wallet` event.
 */
export const WALLET_QUERY_PATHS: readonly string[] = [calls.userInfo, calls.balance, calls.bills, calls.rechargeRecords, calls.withdrawRecords, calls.loanRecords, calls.loanData].map((c) => c.path);

export const invalidatePaths = (client: QueryClient, paths: readonly string[]) =>
  client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && paths.includes(q.queryKey[0]) });

/** Marks every wallet answer stale: the screens showing one refetch it at once, the others when they open. */
export function invalidateWallet(client: QueryClient): Promise<void> {
  return invalidatePaths(client, WALLET_QUERY_PATHS);
}


import { calls, invalidateWallet, type useQueryClient } from '@invest/shared';

type QueryClient = ReturnType<typeof useQueryClient>;

const ORDER_PATHS: readonly string[] = [calls.positions.path, calls.orderList.path, calls.dealList.path];

/** After a trade or a cancel: the balances and every order list show the new state. */
export function refreshAfterTrade(client: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateWallet(client),
    client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && ORDER_PATHS.includes(q.queryKey[0]) }),
  ]);
}

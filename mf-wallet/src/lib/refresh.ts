import { invalidateWallet, useQueryClient } from '@invest/shared';
import { useCallback } from 'react';

/** After a successful money mutation: `const refresh = useWalletRefresh(); ... onSuccess: () => refresh()`. */
export function useWalletRefresh(): () => Promise<unknown> {
  const client = useQueryClient();
  return useCallback(() => invalidateWallet(client), [client]);
}

import { useTranslation } from '@invest/runtime';
import { callKey, calls, toast, useCall, useCallMutation, useQueryClient } from '@invest/shared';

/**
 * The favourite star (spec §4): collected or not, from collection/check; a toggle adds or removes it. The star is
 * locked while a call runs (and until the first check answers); a failure says so and leaves the state as it was.
 * `enabled` false (an unknown symbol) asks nothing and locks the star.
 */
export function useFavourite(symbol: string, enabled = true) {
  const { t } = useTranslation('markets');
  const client = useQueryClient();
  const check = useCall(calls.collectionCheck, { symbol }, { enabled });
  const collected = check.data?.collected ?? false;

  const settle = (adding: boolean) => ({
    onSuccess: async () => {
      client.setQueryData(callKey(calls.collectionCheck, { symbol }), { collected: adding });
      toast(adding ? t('detail.favAdded') : t('detail.favRemoved'), 'success');
      await client.invalidateQueries({ queryKey: [calls.collectionList.path] });
    },
    onError: () => toast(t('detail.favFailed'), 'error'),
  });
  const add = useCallMutation(calls.collectionAdd, settle(true));
  const remove = useCallMutation(calls.collectionRemove, settle(false));

  const busy = !enabled || check.isPending || add.isPending || remove.isPending;
  const toggle = () => {
    if (busy) return;
    (collected ? remove : add).mutate({ symbol });
  };
  return { collected, busy, toggle };
}

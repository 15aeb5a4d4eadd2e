import { useTranslation } from '@invest/runtime';
import { fundCycle } from '@invest/shared/values/funds';

/** A fund's cycle as the spec shows it: days under 30, else whole months. */
export function useCycleText(): (days: number) => string {
  const { t } = useTranslation('products');
  return (days) => {
    const c = fundCycle(days);
    return t(`funds.cycle.${c.unit}`, { count: c.count });
  };
}

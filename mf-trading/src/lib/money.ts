import { type Order } from '@invest/shared';
import { moneyOf } from '@invest/shared/values/trading';

/**
 * An open lot's value at a live price: exact when the lot is quoted in the deployment currency (no rate needed);
 * otherwise the API's value (the contract gives the fill's rate only, not today's).
 */
export function liveValueOf(lot: Order, price: number | undefined, currency: string): number | null {
  if (price !== undefined && lot.currency.toUpperCase() === currency.toUpperCase()) return moneyOf(lot.count, price, 1);
  return lot.value;
}

import { feeOf, moneyOf, type PositionSize, QUANTITY_FULL_MAX, QUANTITY_HALF_MAX, type TradeRules } from '@invest/shared/values/trading';

/** What a proposal is priced at: the unit price (quote currency), its rate to the deployment currency, the fee rule. */
export interface Pricing {
  price: number;
  rate: number;
  fee: Pick<TradeRules, 'feeBps' | 'feeMin'>;
}

/** What `count` units cost with their fee, minor units: the API's own arithmetic (moneyOf, then feeOf). */
export function totalWithFee(count: number, { price, rate, fee }: Pricing): number {
  const amount = moneyOf(count, price, rate);
  return amount + feeOf(amount, fee);
}

/**
 * The quantity the half or full position button proposes: full is the most units whose total with fee fits
 * `budget` (minor units), at most 100; half is half of that, at most 50 and at least 1. 0 when not even one unit
 * fits, so the screen says so rather than proposing what the API would refuse.
 */
export function proposedQuantity(position: PositionSize, budget: number, pricing: Pricing): number {
  let full = 0;
  // At most 100 steps; each checks the next quantity's exact total (rounding and the minimum fee included).
  while (full < QUANTITY_FULL_MAX && totalWithFee(full + 1, pricing) <= budget) full += 1;
  if (position === 'full' || full === 0) return full;
  return Math.max(1, Math.min(QUANTITY_HALF_MAX, Math.floor(full / 2)));
}

/**
 * The unit price a buy is charged or held at, as the API does it: a limit order never pays more than its limit; a
 * market order fills at the engine's price while its market is open, and otherwise holds the collar above it.
 */
export function buyPriceBasis(order: { kind: 'market' | 'limit'; limitPrice?: number }, quote: { price: number; marketOpen: boolean }, collarBps: number): number | undefined {
  if (order.kind === 'limit') return order.limitPrice;
  return quote.marketOpen ? quote.price : quote.price * (1 + collarBps / 10_000);
}

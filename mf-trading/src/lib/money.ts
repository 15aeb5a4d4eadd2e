import { MINOR_PER_UNIT, QUANTITY_FULL_MAX, QUANTITY_HALF_MAX, QUANTITY_MIN, TRADE_SETTING_DEFAULTS, type ErrorKey, type Order } from '@invest/shared';

/** The published fee rule (GET /v2/config rows trade_fee_bps and trade_fee_min, else the contract's defaults). */
export interface FeeRule {
  bps: number;
  /** Minimum fee per fill, minor units. */
  minMinor: number;
}

const whole = (v: string | undefined, fallback: string): number => {
  const n = Number(v ?? fallback);
  return Number.isSafeInteger(n) && n >= 0 ? n : Number(fallback);
};

export function feeRuleOf(values: Record<string, string>): FeeRule {
  return {
    bps: whole(values.trade_fee_bps, TRADE_SETTING_DEFAULTS.trade_fee_bps),
    minMinor: whole(values.trade_fee_min, TRADE_SETTING_DEFAULTS.trade_fee_min) * MINOR_PER_UNIT,
  };
}

/** Money of `count` units at `price` (quote currency) at `rate`: minor units of the deployment currency, as the API counts it. */
export const amountOf = (count: number, price: number, rate: number): number => Math.round(count * price * rate * MINOR_PER_UNIT);

/** The fee of a fill of `amount` minor units: bps of it, rounded up, at least the minimum. */
export const feeOf = (amount: number, rule: FeeRule): number => Math.max(rule.minMinor, Math.ceil((amount * rule.bps) / 10_000));

export type PositionSize = 'half' | 'full' | undefined;

/** Spec §5: at least 1, at most 50 for a half position and 100 for a full one (or none). The error key, or null. */
export function quantityError(text: string, position: PositionSize): ErrorKey | null {
  const n = Number(text);
  if (!text.trim() || !Number.isInteger(n) || n < QUANTITY_MIN) return 'quantityTooLow';
  if (position === 'half' && n > QUANTITY_HALF_MAX) return 'quantityExceedsHalf';
  if (n > QUANTITY_FULL_MAX) return 'quantityExceedsFull';
  return null;
}

export const capOf = (position: PositionSize): number => (position === 'half' ? QUANTITY_HALF_MAX : QUANTITY_FULL_MAX);

/**
 * An open lot's value at a live price: exact when the lot is quoted in the deployment currency (no rate needed);
 * otherwise the API's value (the contract gives the fill's rate only, not today's).
 */
export function liveValueOf(lot: Order, price: number | undefined, currency: string): number | null {
  if (price !== undefined && lot.currency.toUpperCase() === currency.toUpperCase()) return amountOf(lot.count, price, 1);
  return lot.value;
}

// Funds: the contract's plain values (no zod), which the web apps' start may import.

/** A fund order's status (spec §4); the screen shows anything else with an unknown-status label. */
export const FUND_ORDER_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type FundOrderStatus = (typeof FUND_ORDER_STATUSES)[number];

/** A fund project's own state (ours): open for purchases until its term, then settled or cancelled by an operator. */
export const FUND_STATUSES = ['open', 'settled', 'cancelled'] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];

/** Spec §9: the fund buy button unlocks 0.8 s after the attempt. */
export const FUND_BUY_COOLDOWN_MS = 800;

/**
 * Returns cross the wire as percent numbers with at most 2 decimals (4.5 is 4.5 %), the way the screen shows them
 * ("min–max %"); the API keeps them as whole basis points (4.5 % = 450), so no float is ever stored or summed.
 * A return is for the whole term, not a year: 4.5 % on 10,000.00 is 450.00 of profit at term, whatever the period.
 */
export const FUND_RETURN_MAX_PERCENT = 100;
/** The longest term a project may have, in days (10 years). */
export const FUND_PERIOD_MAX_DAYS = 3650;

/** Basis points of a percent number that has at most 2 decimals, else null (5.25 → 525; 5.255 → null). */
export function percentToBps(percent: number): number | null {
  if (!Number.isFinite(percent)) return null;
  const bps = Math.round(percent * 100);
  return Math.abs(percent * 100 - bps) < 1e-6 ? bps : null;
}

/** The percent number of whole basis points (525 → 5.25). */
export const bpsToPercent = (bps: number): number => bps / 100;

/**
 * Profit at term in minor units: principal × the term's return, rounded down to the minor unit. Split at 10,000 so
 * every product stays an exact integer (a whole principal times basis points could pass 2^53).
 */
export const fundProfit = (principal: number, returnBps: number): number =>
  Math.floor(principal / 10_000) * returnBps + Math.floor(((principal % 10_000) * returnBps) / 10_000);

/** Spec §9: a fund's cycle shows in days under 30, else in whole months (days / 30, floored). */
export function fundCycle(days: number): { unit: 'days' | 'months'; count: number } {
  return days < 30 ? { unit: 'days', count: days } : { unit: 'months', count: Math.floor(days / 30) };
}

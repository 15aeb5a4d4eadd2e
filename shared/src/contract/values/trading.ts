// Trading: the contract's plain values (no zod), which the web apps' start may import.
import { MINOR_PER_UNIT } from './wallet';

/**
 * Order status codes (numeric, as the spec's records use them: "status 1 shows Success, anything else Pending").
 *   0 pending   — resting: a market order placed while the market is closed (fills at the next open), or a limit
 *                 order waiting for its price; its money is held.
 *   1 success   — filled (a lot; state `sell` once sold).
 *   2 cancelled — cancelled by the user before it filled, or by the matcher when the wallet no longer covers the fill
 *                 (the open gapped past the hold and the available money cannot pay the rest); the hold is released.
 *   3 expired   — a day order still resting at the session close; the hold is released.
 */
export const ORDER_STATUS = { pending: 0, success: 1, cancelled: 2, expired: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LABELS = ['pending', 'success', 'cancelled', 'expired'] as const;

/** The positions screen's four types; an instrument's type follows its market (IN/US stock, FOREX, FUTURE, CGI). */
export const TRADE_TYPES = ['stock', 'forex', 'futures', 'treasury'] as const;

/**
 * The spec's `mold`: `stock` is an ordinary order (any tradable instrument); `bulk` (block trading) and `finalize`
 * (QIP) buy from a block offer at its block price (offers.ts); `ipo` belongs to the IPO calls and is refused by
 * deal/buy with `tradeNotAvailable`.
 */
export const ORDER_MOLDS = ['stock', 'finalize', 'bulk', 'ipo'] as const;

export const ORDER_KINDS = ['market', 'limit'] as const;

/** `day`: a resting limit order expires at the session's close; `gtc`: it rests until filled or cancelled. */
export const TIME_IN_FORCE = ['day', 'gtc'] as const;

/** Spec §5 / §9: stock quantity min 1, at most 50 for a half position and 100 for a full one. */
export const QUANTITY_MIN = 1;
export const QUANTITY_HALF_MAX = 50;
export const QUANTITY_FULL_MAX = 100;

/** Spec §9: positions are paged by 10. */
export const POSITIONS_PAGE_SIZE = 10;

/**
 * The published trading rules (GET /stock/success/deal/rules answers them; an operator sets them as settings rows,
 * which GET /v2/config then lists too) and their defaults:
 *   trade_fee_bps            fee per fill in basis points of the amount (3 = 0.03%)
 *   trade_fee_min            minimum fee per fill, in whole units of the deployment currency
 *   trade_price_collar_bps   how far the engine's price may be from the price the user saw (100 = 1%)
 *   trade_fx_max_age_seconds an exchange rate older than this refuses the order ('exchangeRateStale')
 */
export const TRADE_SETTING_DEFAULTS = {
  trade_fee_bps: '3',
  trade_fee_min: '1',
  trade_price_collar_bps: '100',
  trade_fx_max_age_seconds: '300',
} as const;

/** The trading rules in force, from the settings rows (`trade_*`) with the published defaults for a missing or bad one. */
export interface TradeRules {
  feeBps: number;
  /** Minimum fee per fill, minor units. */
  feeMin: number;
  collarBps: number;
  fxMaxAgeSeconds: number;
}

export function tradeRulesOf(settings: Readonly<Record<string, string | undefined>>): TradeRules {
  const whole = (tag: keyof typeof TRADE_SETTING_DEFAULTS) => {
    const n = Number(settings[tag] ?? TRADE_SETTING_DEFAULTS[tag]);
    return Number.isSafeInteger(n) && n >= 0 ? n : Number(TRADE_SETTING_DEFAULTS[tag]);
  };
  return {
    feeBps: whole('trade_fee_bps'),
    feeMin: whole('trade_fee_min') * MINOR_PER_UNIT,
    collarBps: whole('trade_price_collar_bps'),
    fxMaxAgeSeconds: whole('trade_fx_max_age_seconds'),
  };
}

/** The fee of a fill of `amount` minor units: feeBps of it, rounded up, at least the minimum. The preview and the fill use this one rule. */
export const feeOf = (amount: number, rules: Pick<TradeRules, 'feeBps' | 'feeMin'>): number =>
  Math.max(rules.feeMin, Math.ceil((amount * rules.feeBps) / 10_000));

/** Money of `count` units at `price` (quote currency) at `rate`: minor units of the deployment currency. */
export const moneyOf = (count: number, price: number, rate: number): number => Math.round(count * price * rate * MINOR_PER_UNIT);

/** The half and full position buttons: the largest quantity each allows (no button: the full cap). */
export type PositionSize = 'half' | 'full';
export const quantityCap = (position?: PositionSize): number => (position === 'half' ? QUANTITY_HALF_MAX : QUANTITY_FULL_MAX);

/** Spec §5's quantity rule: at least 1, at most 50 for a half position and 100 otherwise; the error key, or null. */
export function quantityIssue(count: number, position?: PositionSize): 'quantityTooLow' | 'quantityExceedsHalf' | 'quantityExceedsFull' | null {
  if (!Number.isInteger(count) || count < QUANTITY_MIN) return 'quantityTooLow';
  if (count > quantityCap(position)) return position === 'half' ? 'quantityExceedsHalf' : 'quantityExceedsFull';
  return null;
}

/** An order number as we issue it: letters, digits and dashes, at most 40 (the OrderNo schema checks the same). */
export const ORDER_NO_MAX = 40;
export const ORDER_NO_CHARS = /^[A-Za-z0-9-]+$/;
/** Whether `v` can name an order, for a screen that reads one from its URL without loading the schemas. */
export function isOrderNo(v: string): boolean {
  const no = v.trim();
  return no.length > 0 && no.length <= ORDER_NO_MAX && ORDER_NO_CHARS.test(no);
}

/**
 * The engine's price a priceMoved refusal carries beside its key (the contract's PriceMovedRejection `price`), when it
 * is one a screen can show and buy at: a finite number above 0.
 */
export function movedPriceOf(details: Readonly<Record<string, unknown>>): number | undefined {
  const { price } = details;
  return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : undefined;
}

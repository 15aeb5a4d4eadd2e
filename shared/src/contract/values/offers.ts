// Block trading and QIP offers: the contract's plain values (no zod), which the web apps' start may import.
import { MINOR_PER_UNIT } from './wallet';

/** The spec's molds of a block offer: `bulk` is block trading, `finalize` a QIP (qualified institutional placement). */
export const BLOCK_MOLDS = ['bulk', 'finalize'] as const;
export const isBlockMold = (mold: unknown): mold is (typeof BLOCK_MOLDS)[number] => (BLOCK_MOLDS as readonly unknown[]).includes(mold);

/** Spec §9: block offers are on the US ($) or the IN (rupee sign) market. */
export const OFFER_MARKETS = ['US', 'IN'] as const;

/** An offer's daily windows are in its market's time zone (the exchanges' own: NSE/BSE and NYSE/Nasdaq). */
export const OFFER_TIME_ZONES: Readonly<Record<(typeof OFFER_MARKETS)[number], string>> = { IN: 'Asia/Kolkata', US: 'America/New_York' };

/** 1 open (listed, bought while one of its windows is open), 2 closed by an operator (no longer listed or bought). */
export const OFFER_STATUS = { open: 1, closed: 2 } as const;

/** Spec §5 / §9: the minimum quantity of an offer that names none. */
export const BLOCK_MIN_COUNT_DEFAULT = 100;
/** The most one block buy may ask for (the deployment's MAX_AMOUNT bounds its money further). */
export const BLOCK_COUNT_MAX = 10_000_000;
/** Spec §9: the block trade margin, 0.03% of the amount, booked as transactionExpenses. */
export const BLOCK_MARGIN_BPS = 3;
/** At most this many daily windows per offer. */
export const OFFER_WINDOWS_MAX = 4;

/** Spec §4: the block orders screen's tabs (deal/list `status` with mold bulk or finalize): 0 all, 1 success, 2 failed. */
export const BLOCK_ORDER_FILTER = { all: 0, success: 1, failed: 2 } as const;
/** Spec §4: a block order's status 1 is success; 2 or any other is failed. */
export const isBlockOrderSuccess = (status: number) => status === 1;

const HHMM = /^(\d{2}):(\d{2})$/;
/** Minutes after local midnight of `HH:MM` (00:00 to 24:00), or null when it is no such time. */
export function minuteOfDay(hhmm: string): number | null {
  const m = HHMM.exec(hhmm);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/**
 * Whether a daily window (`HH:MM` in the offer's time zone, `close` up to `24:00`) is one: two times of day, opening
 * before it closes (a window past midnight is two windows).
 */
export function isOfferWindow(w: { open: string; close: string }): boolean {
  const open = minuteOfDay(w.open);
  const close = minuteOfDay(w.close);
  return open !== null && close !== null && open < close && open < 24 * 60;
}

/** The margin of a block buy of `amount` minor units: 0.03% of it, rounded up to the minor unit. */
export const blockMarginOf = (amount: number): number => Math.ceil((amount * BLOCK_MARGIN_BPS) / 10_000);

/** Money of `count` shares at `price` (quote currency) at `rate` (deployment currency per unit), minor units. */
const amountAt = (count: number, price: number, rate: number) => Math.round(count * price * rate * MINOR_PER_UNIT);

/** What a block buy of `count` shares costs, margin included, in minor units of the deployment currency. */
export function blockCostOf(count: number, price: number, rate: number): number {
  const amount = amountAt(count, price, rate);
  return amount + blockMarginOf(amount);
}

/**
 * Spec §5's default quantity: the most shares `available` (minor units) pays for at `price` converted at `rate`,
 * margin included — floor(balance / (price + 0.03% of price)), then made exact with the booking's own rounding.
 */
export function blockMaxCount(available: number, price: number, rate: number): number {
  const unit = price * rate * MINOR_PER_UNIT;
  if (!(available > 0) || !(unit > 0) || !Number.isFinite(unit)) return 0;
  let n = Math.max(0, Math.min(BLOCK_COUNT_MAX, Math.floor(available / (unit * (1 + BLOCK_MARGIN_BPS / 10_000)))));
  while (n > 0 && blockCostOf(n, price, rate) > available) n -= 1;
  while (n < BLOCK_COUNT_MAX && blockCostOf(n + 1, price, rate) <= available) n += 1;
  return n;
}

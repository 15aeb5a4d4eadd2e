import { formatMoney, formatPrice, MINOR_PER_UNIT } from '@invest/shared';

/** The API takes integer minor units; the user types whole units. */
export const toMinor = (units: number): number => Math.round(units * MINOR_PER_UNIT);

/** The most whole units a user can type within `minor` (a balance, a credit line): rounded down, never past it. */
export const wholeUnitsIn = (minor: number): number => Math.floor(minor / MINOR_PER_UNIT);

/*
 * One precision per kind of amount, chosen here only: a screen picks the kind, never the decimals, so one amount
 * reads the same everywhere and a sentence never mixes "₹500" with "₹50,000.0".
 * - request: what a recharge, withdrawal or loan moves, and its records: 1 decimal (spec §9);
 * - ledger: balances and bills, to the paisa/centavo: 2 decimals, as the account screen shows them;
 * - limit: a bound the user types against in whole units (minimums, quick picks, both ends of a range): none;
 * - rate: a price per unit (the USDT rate): 2 decimals, as every price (spec §9).
 */
export const requestAmount = (minor: number, currency: string): string => formatMoney(minor, currency, 1);
export const ledgerAmount = (minor: number, currency: string): string => formatMoney(minor, currency, 2);
export const limitAmount = (units: number, currency: string): string => formatMoney(toMinor(units), currency, 0);
export const rateAmount = (minor: number, currency: string): string => formatMoney(minor, currency, 2);

/** USDT shown to the cent: what a wallet app asks for, and enough for any deposit. */
const USDT_CENTS = 100n;

/**
 * How much USDT covers `minor` at `rateMinor` minor units per 1 USDT, in USDT cents: integer arithmetic (BigInt, as
 * amount × 100 may pass 2^53), rounded up so that what the user sends is never short of the amount.
 */
export function usdtCentsFor(minor: number, rateMinor: number): number {
  const rate = BigInt(rateMinor);
  return Number((BigInt(minor) * USDT_CENTS + rate - 1n) / rate);
}

/** USDT cents as the user reads them: 5918 → "59.18". */
export const usdtAmount = (cents: number): string => formatPrice(cents / Number(USDT_CENTS), 2);

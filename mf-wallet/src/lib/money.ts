import { formatMoney, MINOR_PER_UNIT } from '@invest/shared';

/** Whole units a user may type: enough for any real amount, never past Number's safe integers in minor units. */
export const AMOUNT_MAX_DIGITS = 12;

/** Amount inputs take digits only (spec §5): anything else typed or pasted is dropped, as are leading zeros. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, AMOUNT_MAX_DIGITS);
}

/** The API takes integer minor units; the user types whole units. */
export const toMinor = (units: number): number => Math.round(units * MINOR_PER_UNIT);

/** Recharge, withdraw and loan amounts: 1 decimal (spec §9), in the deployment's currency. */
export const money1 = (minor: number, currency: string): string => formatMoney(minor, currency, 1);

/** Ledger amounts (bills, balances): to the paisa/centavo, as the account screen shows them. */
export const money2 = (minor: number, currency: string): string => formatMoney(minor, currency, 2);

/** A whole-unit limit such as the minimum recharge, e.g. 5000 → "₹5,000". */
export const units = (n: number, currency: string): string => formatMoney(toMinor(n), currency, 0);

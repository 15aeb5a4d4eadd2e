import { PHONE_LENGTH } from './contract/values/rules';
import type { DeploymentCurrency } from './hooks/useDeployment';

/** The country calling code of each deployment's phone numbers. */
const CALLING_CODES: Record<DeploymentCurrency, string> = { INR: '91', MXN: '52' };

/** Text written in international form: "+91 …", "(+52) …" or "0091 …". */
const INTERNATIONAL = /^[\s(]*(\+|00)/;

/**
 * `digits` without its first digit when `prefix` matches it and 10 digits follow: a national number never starts with
 * the trunk prefix 0 ("098765 43210"), nor, after a country code, with that 0 or with the 1 Mexico's mobiles took
 * until 2019, which saved contacts still hold ("+52 1 55 1234 5678").
 */
const withoutPrefix = (digits: string, prefix: RegExp) => (digits.length === PHONE_LENGTH + 1 && prefix.test(digits) ? digits.slice(1) : digits);

/**
 * The national number's digits in pasted or autofilled text: "+91 98765 43210", "0052 55 1234 5678",
 * "+52 1 55 1234 5678", "(55) 1234-5678" and "098765 43210" all keep their 10 digits. A country code is dropped only
 * when a whole number follows it, and only from text that says it is international ("+", "00") or that holds 12
 * digits or more, which only a paste can: typed digit by digit, the field holds at most 10 digits and never a "+",
 * so typing is unchanged (apart from a leading 0 followed by 10 more digits, which is the trunk prefix).
 */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const international = INTERNATIONAL.exec(input);
  const number = international?.[1] === '00' ? digits.slice(2) : digits;
  const code = (international || number.length > PHONE_LENGTH + 1) && Object.values(CALLING_CODES).find((c) => number.startsWith(c) && number.length - c.length >= PHONE_LENGTH);
  return code ? withoutPrefix(number.slice(code.length), /^[01]/) : withoutPrefix(digits, /^0/);
}

/** The phone input keeps digits only, at most 10, of the national number (pasted with its country code or not). */
export function sanitizePhone(input: string): string {
  return nationalDigits(input).slice(0, PHONE_LENGTH);
}

/** Whole units a user may type: enough for any real amount or quantity, never past Number's safe integers in minor units. */
export const AMOUNT_MAX_DIGITS = 12;

/** Amount and quantity inputs take digits only (spec §5): anything else typed or pasted is dropped, as are leading zeros. */
export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, AMOUNT_MAX_DIGITS);
}

import { PHONE_LENGTH } from './contract/values/rules';
import type { DeploymentCurrency } from './hooks/useDeployment';

/** The country calling code of each deployment's phone numbers. */
const CALLING_CODES: Record<DeploymentCurrency, string> = { INR: '91', MXN: '52' };

/** Text written in international form: "+91 …", "(+52) …" or "0091 …". */
const INTERNATIONAL = /^[\s(]*(\+|00)/;

/** 11 digits starting with the trunk prefix 0 ("098765 43210"): national numbers never start with 0. */
const withoutTrunkPrefix = (digits: string) => (digits.length === PHONE_LENGTH + 1 && digits.startsWith('0') ? digits.slice(1) : digits);

/**
 * The national number's digits in pasted or autofilled text: "+91 98765 43210", "0052 55 1234 5678" and
 * "098765 43210" all keep their 10 digits. A country code is dropped only from international text that still holds
 * a whole number after it: typed digit by digit, the field holds at most 10 digits and never a "+", so typing is
 * unchanged (apart from a leading 0 followed by 10 more digits, which is the trunk prefix).
 */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  const international = INTERNATIONAL.exec(input);
  if (!international) return withoutTrunkPrefix(digits);
  const number = international[1] === '00' ? digits.slice(2) : digits;
  const code = Object.values(CALLING_CODES).find((c) => number.startsWith(c) && number.length - c.length >= PHONE_LENGTH);
  return withoutTrunkPrefix(code ? number.slice(code.length) : digits);
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

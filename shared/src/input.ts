import { PHONE_LENGTH } from './contract/values/rules';

/** The phone input keeps digits only, at most 10. */
export function sanitizePhone(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

import { PASSWORD_MAX, PASSWORD_MIN, TRADE_PASSWORD_LENGTH } from '@invest/shared';

/** Each field's message key (spec §5, change login password), or nothing when it passes. */
export type LoginPasswordValues = { current: string; next: string; confirm: string };

export function loginPasswordErrors(v: LoginPasswordValues): Partial<Record<keyof LoginPasswordValues, string>> {
  const errors: Partial<Record<keyof LoginPasswordValues, string>> = {};
  if (!v.current) errors.current = 'hint.requiredFields';
  if (!v.next) errors.next = 'hint.newPasswordRequired';
  else if (v.next.length < PASSWORD_MIN) errors.next = 'hint.passwordTooShort';
  else if (v.next.length > PASSWORD_MAX) errors.next = 'hint.passwordTooLong';
  if (!v.confirm) errors.confirm = 'accountSecurity.loginPassword.confirmRequired';
  else if (v.confirm !== v.next) errors.confirm = 'hint.passwordNotMatch';
  return errors;
}

/** What a transaction-password field keeps of what is typed or pasted: digits, at most 6. */
export const tradeDigits = (v: string) => v.replace(/\D/g, '').slice(0, TRADE_PASSWORD_LENGTH);
export const isTradePassword = (v: string) => v.length === TRADE_PASSWORD_LENGTH && /^\d+$/.test(v);

/** The dialog's message for its two fields (spec §5, transaction password), once they were touched. */
export function tradePasswordErrors(first: string, confirm: string): { first?: string; confirm?: string } {
  const errors: { first?: string; confirm?: string } = {};
  if (!isTradePassword(first)) errors.first = 'hint.tradePasswordInvalid';
  if (!confirm) errors.confirm = 'accountSecurity.tradePassword.confirmRequired';
  else if (confirm !== first) errors.confirm = 'hint.passwordNotMatch';
  return errors;
}

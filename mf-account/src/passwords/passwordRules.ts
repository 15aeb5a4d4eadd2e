import { TRADE_PASSWORD_LENGTH } from '@invest/shared';
import { AnyPassword, NewPassword, TradePassword } from '@invest/shared/forms';

/** A contract rule's first message as a text key (hint.<key>), or nothing when the value passes. */
const issueOf = (rule: typeof AnyPassword | typeof TradePassword, v: string): string | undefined => {
  const r = rule.safeParse(v);
  return r.success ? undefined : `hint.${r.error.issues[0]?.message ?? 'invalidInput'}`;
};

/** Each field's message key (spec §5, change login password), or nothing when it passes: the API's own rules. */
export type LoginPasswordValues = { current: string; next: string; confirm: string };

export function loginPasswordErrors(v: LoginPasswordValues): Partial<Record<keyof LoginPasswordValues, string>> {
  const errors = {
    current: issueOf(AnyPassword, v.current),
    // The spec names the empty new password apart (the contract's password_new says the same).
    next: v.next ? issueOf(NewPassword, v.next) : 'hint.newPasswordRequired',
    confirm: !v.confirm ? 'accountSecurity.loginPassword.confirmRequired' : v.confirm !== v.next ? 'hint.passwordNotMatch' : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined));
}

/** What a transaction-password field keeps of what is typed or pasted: digits, at most 6. */
export const tradeDigits = (v: string) => v.replace(/\D/g, '').slice(0, TRADE_PASSWORD_LENGTH);
export const isTradePassword = (v: string) => TradePassword.safeParse(v).success;

/** The dialog's message for its two fields (spec §5, transaction password), once they were touched. */
export function tradePasswordErrors(first: string, confirm: string): { first?: string; confirm?: string } {
  const errors: { first?: string; confirm?: string } = {};
  const firstIssue = issueOf(TradePassword, first);
  if (firstIssue) errors.first = firstIssue;
  if (!confirm) errors.confirm = 'accountSecurity.tradePassword.confirmRequired';
  else if (confirm !== first) errors.confirm = 'hint.passwordNotMatch';
  return errors;
}

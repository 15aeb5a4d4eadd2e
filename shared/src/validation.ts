import { z } from 'zod';
import { AnyPassword, NewPassword, InviteCode, Phone } from './contract/rules';

/**
 * The forms of the spec's section 5, built from the contract's rules (the API checks the same schemas): each
 * message is an error key the screen shows as t(`hint.${key}`).
 */

const Required = z.string().trim().min(1, 'requiredFields');
const confirmed = <T extends { password: string; confirm: string }>(f: T) => f.password === f.confirm;
const notMatch = { message: 'passwordNotMatch', path: ['confirm'] };

/** Login: the spec asks the form for the new-password length too (minimum 6), though the API accepts any. */
export const LoginForm = z.object({ user: Phone, password: NewPassword });
export const RegisterForm = z.object({ user: Phone, password: NewPassword, confirm: Required, code: InviteCode }).refine(confirmed, notMatch);
/** Reset: the phone and its old password, then the new one and its confirmation (the reset call's fields). */
export const ResetForm = z
  .object({ user: Phone, password: AnyPassword, new_password: NewPassword, confirm: Required })
  .refine((f) => f.new_password === f.confirm, notMatch);

/**
 * The one message a form shows: "fill in every field" while any is empty (spec: required first), else the first
 * rule broken, in field order; null when the form is valid.
 */
export function formError(form: z.ZodType, values: unknown): string | null {
  const r = form.safeParse(values);
  if (r.success) return null;
  return (r.error.issues.find((i) => i.message === 'requiredFields') ?? r.error.issues[0])?.message ?? 'invalidInput';
}

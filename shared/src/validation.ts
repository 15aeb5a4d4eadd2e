import { PASSWORD_MIN, PHONE_LENGTH } from './contract/rules';

/** Form rules of the spec's section 5 shared by more than one screen. Each returns an error key or null. */

/** The phone input keeps digits only, at most 10. */
export function sanitizePhone(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

const blank = (v: string) => v.trim() === '';
const phoneInvalid = (phone: string) => phone.length !== PHONE_LENGTH || !/^\d+$/.test(phone);

export function validateLogin(f: { user: string; password: string }): string | null {
  if (blank(f.user) || f.password === '') return 'requiredFields';
  if (phoneInvalid(f.user)) return 'phoneNumberInvalid';
  if (f.password.length < PASSWORD_MIN) return 'passwordTooShort';
  return null;
}

export function validateRegister(f: { user: string; password: string; confirm: string; code: string }): string | null {
  if (blank(f.user) || f.password === '' || f.confirm === '' || blank(f.code)) return 'requiredFields';
  if (phoneInvalid(f.user)) return 'phoneNumberInvalid';
  if (f.password.length < PASSWORD_MIN) return 'passwordTooShort';
  if (f.password !== f.confirm) return 'passwordNotMatch';
  return null;
}

/** New password + confirmation, as on the reset and change-password screens. */
export function validateNewPassword(f: { password: string; confirm: string }): string | null {
  if (f.password === '' || f.confirm === '') return 'requiredFields';
  if (f.password.length < PASSWORD_MIN) return 'passwordTooShort';
  if (f.password !== f.confirm) return 'passwordNotMatch';
  return null;
}

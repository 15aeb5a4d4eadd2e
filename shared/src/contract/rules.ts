import './zod-config';
import { z } from 'zod';
import { PASSWORD_MIN, PASSWORD_MAX } from './values/rules';
export * from './values/rules';

// The message of each check is the error key the client translates (hint.<key>).
export const Phone = z
  .string({ error: 'requiredFields' })
  .min(1, 'requiredFields')
  .regex(/^\d{10}$/, 'phoneNumberInvalid');
export const NewPassword = z
  .string({ error: 'requiredFields' })
  .min(1, 'requiredFields')
  .min(PASSWORD_MIN, 'passwordTooShort')
  .max(PASSWORD_MAX, 'passwordTooLong');
/** An existing password is only checked for presence and a sane size; its length rules may have changed since. */
export const AnyPassword = z
  .string({ error: 'requiredFields' })
  .min(1, 'requiredFields')
  .max(PASSWORD_MAX, 'passwordTooLong');
export const InviteCode = z
  .string({ error: 'requiredFields' })
  .trim()
  .min(1, 'requiredFields')
  .max(32, 'invalidInvitationCode');

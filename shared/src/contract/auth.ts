import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { routes } from './routes';
import { AnyPassword, InviteCode, NewPassword, Phone } from './rules';

export const UserInfoBrief = z.object({ id: z.number().int(), user: z.string(), login: z.boolean() });
export type UserInfoBrief = z.infer<typeof UserInfoBrief>;

export const LoginResult = z.object({
  token: z.string(),
  id: z.number().int(),
  user: z.string(),
  login: z.boolean(),
  /** ISO time the token stops working. */
  expires_at: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const login = defineCall({
  ...routes.login,
  input: z.strictObject({ user: Phone, password: AnyPassword }),
  output: LoginResult,
});

export const register = defineCall({
  ...routes.register,
  input: z.strictObject({ user: Phone, password: NewPassword, code: InviteCode }),
  /** The success, whose text is the shell's (auth.registerSuccess). */
  output: z.literal('success'),
});

/** Reset with the remembered old password (the spec's forgot-password screen). */
export const forget = defineCall({
  ...routes.forget,
  input: z.strictObject({ user: Phone, password: AnyPassword, new_password: NewPassword }),
  output: z.literal('passwordReset'),
});

/** Revokes the token the request carries. */
export const logout = defineCall({
  ...routes.logout,
  input: NoInput,
  output: z.literal('ok'),
});

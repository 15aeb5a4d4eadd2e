import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { AnyPassword } from './rules';

/** Operators log in by a user name, not a phone. */
export const OperatorName = z
  .string({ error: 'requiredFields' })
  .trim()
  .min(3, 'invalidAccountPassword')
  .max(64, 'invalidAccountPassword');

export const opsLogin = defineCall({
  method: 'POST',
  path: '/ops/login',
  auth: 'public',
  input: z.strictObject({ user: OperatorName, password: AnyPassword }),
  output: z.object({ token: z.string(), user: z.string(), expires_at: z.string() }),
});

export const opsMe = defineCall({
  method: 'GET',
  path: '/ops/me',
  auth: 'operator',
  input: NoInput,
  output: z.object({ id: z.number().int(), user: z.string() }),
});

export const opsLogout = defineCall({
  method: 'POST',
  path: '/ops/logout',
  auth: 'operator',
  input: NoInput,
  output: z.literal('ok'),
});

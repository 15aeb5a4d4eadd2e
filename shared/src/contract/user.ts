import { z } from 'zod';
import { defineCall, Minor, NoInput } from './envelope';
import { routes } from './routes';

export const UserInfo = z.object({
  id: z.number().int(),
  /** Phone number the user logs in with. */
  user: z.string(),
  /** Public account number shown as the ID. */
  no: z.string(),
  /** Avatar URL, empty for the default avatar. */
  img: z.string(),
  /** Total assets: available money plus holdings at market value, minor units. */
  total: Minor,
  /** Available money, minor units. */
  money: Minor,
  /** Outstanding loan principal, minor units. */
  loan: Minor,
});
export type UserInfo = z.infer<typeof UserInfo>;

export const userInfo = defineCall({
  ...routes.userInfo,
  input: NoInput,
  output: UserInfo,
});

export const balance = defineCall({
  ...routes.balance,
  input: NoInput,
  output: z.object({ balance: Minor }),
});

export const ConfigEntry = z.object({ tag: z.string(), value: z.string() });
export type ConfigEntry = z.infer<typeof ConfigEntry>;

/** Public deployment settings: min_withdraw_count, currency, ... */
export const config = defineCall({
  ...routes.config,
  input: NoInput,
  output: z.array(ConfigEntry),
});

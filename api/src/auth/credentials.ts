import type { FastifyReply, FastifyRequest } from 'fastify';
import { limitAsDevice, type Limiter } from '../http/rate-limit';
import { knownDevice, rememberDevice, type DeviceKind } from './device-cookies';
import { burnPasswordCheck, verifyPassword } from './passwords';

/** A door where a password is checked (user login and password reset, operator login), and its failure limits. */
export interface Door<A> {
  /** Whose device cookie the door reads and sets. */
  devices: DeviceKind;
  /** The login a device cookie names for an account. */
  loginOf(account: A): string;
  /** A stranger's failure limits (per account and source, per account). */
  strangerFailures: readonly Limiter[];
  /** A known browser's own failure limit: past it, the browser is a stranger again. */
  deviceFailures: Limiter;
}

/**
 * The one way a password is checked at a door. A browser that has logged in to this account before (its device
 * cookie) is limited by its own failures only, so strangers cannot lock the owner out; any other attempt is refused
 * at once while any of the stranger's limits is reached. An unknown account costs the same hash as a wrong password,
 * so timing does not reveal who exists; each failure counts toward the limits the attempt met. When the password
 * opens the account, the browser is (again) known to it. Returns the account, else null.
 */
export async function checkCredentials<A extends { passwordHash: string }>(
  door: Door<A>,
  ctx: { req: FastifyRequest; reply: FastifyReply; now: Date },
  account: A | null,
  password: string,
): Promise<A | null> {
  const device = account ? knownDevice(ctx.req, door.devices, door.loginOf(account), ctx.now) : null;
  if (device) limitAsDevice(ctx.req, device);
  const failures = device && (await door.deviceFailures.isOpen(ctx.req)) ? [door.deviceFailures] : door.strangerFailures;
  for (const limit of failures) await limit.ensureOpen(ctx.req);
  const ok = account ? await verifyPassword(account.passwordHash, password) : await burnPasswordCheck(password);
  if (account && ok) {
    rememberDevice(ctx.reply, door.devices, door.loginOf(account), ctx.now);
    return account;
  }
  for (const limit of failures) await limit.count(ctx.req);
  return null;
}

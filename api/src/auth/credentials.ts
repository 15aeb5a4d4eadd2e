import type { FastifyRequest } from 'fastify';
import type { Limiter } from '../http/rate-limit';
import { burnPasswordCheck, verifyPassword } from './passwords';

/**
 * The one way a password is checked at a door (user login, password reset, operator login):
 * refused at once while any of the account's failure limits is reached (per account and IP, per account); an
 * unknown account costs the same hash as a wrong password, so timing does not reveal who exists; each failure
 * counts toward every limit. Returns the account when the password opens it, else null.
 */
export async function checkCredentials<A extends { passwordHash: string }>(
  failures: readonly Limiter[],
  req: FastifyRequest,
  account: A | null,
  password: string,
): Promise<A | null> {
  for (const limit of failures) await limit.ensureOpen(req);
  const ok = account ? await verifyPassword(account.passwordHash, password) : await burnPasswordCheck(password);
  if (account && ok) return account;
  for (const limit of failures) await limit.count(req);
  return null;
}

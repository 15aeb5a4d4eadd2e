import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolatedModules cannot read at run time: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id recommendation: 19 MiB memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a malformed stored hash (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Makes the stand-in hash at start-up, so even the first check against an unknown account takes normal time. */
export async function prepareBurnHash(): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await dummyHash;
}

/**
 * Spends the same time as a real check when there is no account to check against,
 * so response times do not tell an attacker which phones or operator names exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  await prepareBurnHash();
  await verifyPassword(await dummyHash!, password);
  return false;
}

/** A password for generated credentials (seeded or CLI-created operators): 18 random bytes, URL-safe. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

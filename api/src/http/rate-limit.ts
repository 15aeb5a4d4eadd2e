import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimitPlugin from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ApiError } from './errors';

export interface RateRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The published limits. Per-IP rules count every attempt; per-account rules on passwords count only
 * failures, so a user who types the right password is never locked out by their own earlier successes.
 * Wrong passwords are counted twice (OWASP ASVS 2.2.1): per account and source IP, tight, so guessing from one
 * place stops soon without locking the owner out elsewhere; and per account from everywhere, loose (at most 50 an
 * hour, ASVS allows 100), which bounds a guesser with many addresses.
 * Login and forget share the failure counters of a phone: forget checks the old password too, so it must
 * not become a second way to guess it.
 * Both counters are for strangers: a browser that has logged in to the account before (auth/device-cookies.ts) has
 * one of its own instead, so strangers cannot lock the owner out; past it, that browser is a stranger again.
 */
export const DEFAULT_RATE_LIMITS = {
  /** Every login attempt from one IP. */
  loginPerIp: { max: 20, windowMs: MINUTE },
  /** Wrong passwords for one phone from one IP (login + forget). */
  passwordFailuresPerPhoneAndIp: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords for one phone from every IP (login + forget). */
  passwordFailuresPerPhone: { max: 50, windowMs: 60 * MINUTE },
  /** Registration attempts from one IP. */
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Registration attempts for one phone. */
  registerPerPhone: { max: 5, windowMs: 15 * MINUTE },
  /** Password-reset attempts from one IP. */
  forgetPerIp: { max: 10, windowMs: 15 * MINUTE },
  /** Every operator login attempt from one IP. */
  opsLoginPerIp: { max: 10, windowMs: MINUTE },
  /** Wrong passwords for one operator name from one IP. */
  opsPasswordFailuresPerUserAndIp: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords for one operator name from every IP. */
  opsPasswordFailuresPerUser: { max: 50, windowMs: 60 * MINUTE },
  /** Wrong passwords from one browser known to the account (a user's or an operator's): past them, a stranger. */
  passwordFailuresPerDevice: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Upload attempts of one user, refused ones too, so junk costs as much of the day's allowance as a picture (the
   * pictures kept are counted in the database too: uploads/store.ts).
   */
  uploadsPerUser: { max: 50, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, RateRule>;

export type RateLimits = { [K in keyof typeof DEFAULT_RATE_LIMITS]: RateRule };
export type LimiterName = keyof RateLimits;

/**
 * Where a limiter takes its key from: the client IP, the `user` field of the body (phone / operator name), both, or
 * the known browser the request comes from (see limitAsDevice).
 */
export type KeySource = 'ip' | 'user' | 'user+ip' | 'device';

export interface Limiter {
  /** Counts this request; rejects with 429 once the rule's max is passed. */
  consume(req: FastifyRequest): Promise<void>;
  /** Rejects with 429 if the max is already reached, without counting (for failure-only rules). */
  ensureOpen(req: FastifyRequest): Promise<void>;
  /** Whether the max is not reached yet, without counting. */
  isOpen(req: FastifyRequest): Promise<boolean>;
  /** Counts a failure; never rejects (the caller is already answering with its own error). */
  count(req: FastifyRequest): Promise<void>;
}

export type Limiters = Record<LimiterName, Limiter>;

const KEY_SOURCE: Record<LimiterName, KeySource> = {
  loginPerIp: 'ip',
  passwordFailuresPerPhoneAndIp: 'user+ip',
  passwordFailuresPerPhone: 'user',
  registerPerIp: 'ip',
  registerPerPhone: 'user',
  forgetPerIp: 'ip',
  opsLoginPerIp: 'ip',
  opsPasswordFailuresPerUserAndIp: 'user+ip',
  opsPasswordFailuresPerUser: 'user',
  passwordFailuresPerDevice: 'device',
  uploadsPerUser: 'user',
};

/** Accounts named by the request's caller rather than its body (a logged-in user's password check: see limitAs). */
const accountOf = new WeakMap<FastifyRequest, string>();

/**
 * Makes the per-account limits of this request count `name` (e.g. the phone of the logged-in user changing their
 * password), so a check that carries no `user` field in its body shares the login's failure counters.
 */
export function limitAs(req: FastifyRequest, name: string): void {
  accountOf.set(req, name);
}

/** Known browsers the request comes from (see limitAsDevice). */
const deviceOf = new WeakMap<FastifyRequest, string>();

/** Makes the per-device limits of this request count the known browser `deviceId`. */
export function limitAsDevice(req: FastifyRequest, deviceId: string): void {
  deviceOf.set(req, deviceId);
}

function keyOf(req: FastifyRequest, source: KeySource): string | null {
  if (source === 'ip') return req.ip;
  if (source === 'device') return deviceOf.get(req) ?? null;
  const user = accountOf.get(req) ?? (req.body as { user?: unknown } | undefined)?.user;
  // Without a usable name the input check rejects the request anyway; the per-IP rule still counts it.
  if (typeof user !== 'string' || user.trim() === '') return null;
  const name = user.trim().toLowerCase();
  // JSON-encoded, so no name can be made to look like another name plus an address.
  return source === 'user' ? name : JSON.stringify([name, req.ip]);
}

const tooMany = (ttlInSeconds: number) => new ApiError(429, 'tooManyRequests', Math.max(1, ttlInSeconds));

/**
 * Registers @fastify/rate-limit (not globally: only the calls above are limited) and builds one limiter per rule.
 * Counters live in this process (the plugin's LocalStore) for a single API process, and in Redis (the plugin's
 * RedisStore) when `redis` is given, so that every replica counts the same attempts.
 */
export async function registerLimiters(
  app: FastifyInstance,
  rules: RateLimits,
  /** Multiplies every max, e.g. RATE_LIMIT_FACTOR=50 for end-to-end runs that register many users from one IP. */
  factor = 1,
  /** Counters in Redis, under the deployment's prefix. */
  store?: { redis: Redis; prefix: string },
): Promise<Limiters> {
  // A Redis that stops answering lets attempts through rather than failing every login; /api/ready reports it down.
  await app.register(rateLimitPlugin, { global: false, ...(store ? { redis: store.redis, nameSpace: `${store.prefix}rate:`, skipOnError: true } : {}) });
  const entries = (Object.keys(rules) as LimiterName[]).map((name) => {
    const rule = rules[name];
    const source = KEY_SOURCE[name];
    const check = app.createRateLimit({
      max: Math.max(1, Math.round(rule.max * factor)),
      timeWindow: rule.windowMs,
      keyGenerator: (req) => `${name}:${keyOf(req, source) ?? ''}`,
    });
    const limiter: Limiter = {
      async consume(req) {
        if (keyOf(req, source) === null) return;
        const r = await check(req);
        if (!r.isAllowed && r.isExceeded) throw tooMany(r.ttlInSeconds);
      },
      async ensureOpen(req) {
        if (keyOf(req, source) === null) return;
        const r = await check(req, { increment: false });
        if (!r.isAllowed && r.remaining <= 0) throw tooMany(r.ttlInSeconds);
      },
      async isOpen(req) {
        if (keyOf(req, source) === null) return true;
        const r = await check(req, { increment: false });
        return r.isAllowed || r.remaining > 0;
      },
      async count(req) {
        if (keyOf(req, source) === null) return;
        await check(req);
      },
    };
    return [name, limiter] as const;
  });
  return Object.fromEntries(entries) as Limiters;
}

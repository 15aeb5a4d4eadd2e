import path from 'node:path';
import { z } from 'zod';
import { BALANCE_MAX, MINOR_PER_UNIT, RECHARGE_MIN } from '@invest/shared/contract';
import { API_ROOT } from './package-root';
import { REGIONS, type Region } from './market/types';

/** `<repo root>`, the API package's parent, so DATA_DIR's default does not depend on the cwd. */
export const REPO_ROOT = path.resolve(API_ROOT, '..');

/** The embedded database without a data directory (tests, throwaway demos): `DATABASE_URL=memory://`. */
export const MEMORY_DATABASE_URL = 'memory://';

/** The simulator's seed unless MARKET_SEED says otherwise: every replica and restart shows the same prices. */
export const DEFAULT_MARKET_SEED = 'invest-market-2026';

/**
 * Minor units one money request may move unless MAX_AMOUNT says otherwise: 100 million units of the currency, far beyond
 * a retail deposit, and a thousandth of the most a wallet may hold (BALANCE_MAX).
 */
export const DEFAULT_MAX_AMOUNT = 10_000_000_000;
const LARGEST_MINIMUM = RECHARGE_MIN * MINOR_PER_UNIT;

const flag = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: `${name} must be 1/0/true/false/yes/no` })
    .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A whole number of `name` between min and max, `fallback` when unset. */
const whole = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be an integer')
    .min(0, 'PORT must be 0-65535')
    .max(65535, 'PORT must be 0-65535')
    .default(8080),
  HOST: z.string().min(1, 'HOST must not be empty').default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === MEMORY_DATABASE_URL || /^postgres(ql)?:\/\/.+/.test(v), {
      error: `DATABASE_URL must be a postgres:// URL or ${MEMORY_DATABASE_URL}`,
    })
    .optional(),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').optional(),
  CURRENCY: z.enum(['INR', 'MXN'], { error: 'CURRENCY must be INR or MXN' }).default('INR'),
  MARKETS: z
    .string()
    .transform((v) => v.split(',').map((m) => m.trim().toUpperCase()))
    .pipe(
      z
        .array(z.enum(REGIONS, { error: `MARKETS must list ${REGIONS.join(', ')}, comma-separated` }))
        .min(1)
        .refine((list) => new Set(list).size === list.length, { error: 'MARKETS must not list a market twice' }),
    )
    .optional(),
  TOKEN_TTL_DAYS: z.coerce
    .number({ error: 'TOKEN_TTL_DAYS must be a number' })
    .int('TOKEN_TTL_DAYS must be an integer')
    .min(1, 'TOKEN_TTL_DAYS must be at least 1')
    .max(365, 'TOKEN_TTL_DAYS must be at most 365')
    .default(30),
  SEED_DEMO: flag('SEED_DEMO').optional(),
  SEED_INVITE_CODE: z
    .string()
    .trim()
    .min(1, 'SEED_INVITE_CODE must not be empty')
    .max(32, 'SEED_INVITE_CODE must be at most 32 characters')
    .default('DEMO2026'),
  TRUST_PROXY: z
    .string()
    .refine((v) => ['true', 'false', '1', '0'].includes(v) || !/^\d+$/.test(v), {
      error: 'TRUST_PROXY must be true/false or a list of proxy addresses (hop counts are not supported)',
    })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'RATE_LIMIT_FACTOR must be a number' })
    .positive('RATE_LIMIT_FACTOR must be above 0')
    .max(10_000, 'RATE_LIMIT_FACTOR must be at most 10000')
    .default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'REDIS_URL must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'REDIS_PREFIX must be 1 to 64 letters, digits or _ . : -')
    .default('invest:'),
  MARKET_SEED: z
    .string()
    .trim()
    .min(1, 'MARKET_SEED must not be empty')
    .max(128, 'MARKET_SEED must be at most 128 characters')
    .default(DEFAULT_MARKET_SEED),
  MARKET_ALWAYS_OPEN: flag('MARKET_ALWAYS_OPEN').optional(),
  MAX_AMOUNT: z.coerce
    .number({ error: 'MAX_AMOUNT must be a number' })
    .int('MAX_AMOUNT must be whole minor units')
    .min(LARGEST_MINIMUM, `MAX_AMOUNT must be at least ${LARGEST_MINIMUM} (the recharge minimum)`)
    .max(BALANCE_MAX, `MAX_AMOUNT must be at most ${BALANCE_MAX} (the most a wallet may hold)`)
    .default(DEFAULT_MAX_AMOUNT),
  // What a slow or silent client may hold (api/src/http/connection-limits.ts says why these figures).
  HTTP_HEADERS_TIMEOUT_MS: whole('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000, 20_000),
  HTTP_IDLE_TIMEOUT_MS: whole('HTTP_IDLE_TIMEOUT_MS', 100, 600_000, 30_000),
  HTTP_REQUEST_TIMEOUT_MS: whole('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000, 180_000),
  HTTP_MAX_CONNECTIONS: whole('HTTP_MAX_CONNECTIONS', 1, 1_000_000, 20_000),
  HTTP_CONNECTIONS_PER_ADDRESS: whole('HTTP_CONNECTIONS_PER_ADDRESS', 1, 1_000_000, 100),
  DEVICE_COOKIE_SECRET: z.string().min(32, 'DEVICE_COOKIE_SECRET must be at least 32 characters').optional(),
}).refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
  error: 'HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS',
  path: ['HTTP_HEADERS_TIMEOUT_MS'],
});

/**
 * Fastify's trustProxy: `true`/`false`, or a comma list of proxy addresses/CIDRs/proxy-addr names
 * (`loopback`, `uniquelocal`, `10.0.0.0/8`). Behind the production nginx set it to nginx's network so
 * rate limits key on the client, not on nginx. (Fastify 5 ignores hop counts, so digits are refused.)
 */
export type TrustProxy = boolean | string;

const parseTrustProxy = (raw: string | undefined): TrustProxy => {
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return raw;
};

/** How long a client may take and how many connections it may hold (api/src/http/connection-limits.ts). */
export interface HttpLimits {
  /** A request's headers must all have come by then. */
  headersTimeoutMs: number;
  /** A connection that sends and receives nothing for this long is closed (a stalled body, a silent client). */
  idleTimeoutMs: number;
  /** A whole request, headers and body, must have come by then. */
  requestTimeoutMs: number;
  /** Open connections of this process. */
  maxConnections: number;
  /** Open connections from one address (not applied behind a trusted proxy, where every connection is the proxy's). */
  connectionsPerAddress: number;
}

export interface Config {
  port: number;
  host: string;
  /** Absent: embedded PGlite in `<dataDir>/pg`; `memory://`: embedded, in memory; else PostgreSQL. */
  databaseUrl: string | undefined;
  dataDir: string;
  currency: 'INR' | 'MXN';
  /** The countries whose markets the deployment lists, its home market first (MARKETS; by default by currency). */
  markets: readonly Region[];
  tokenTtlDays: number;
  seedDemo: boolean;
  seedInviteCode: string;
  trustProxy: TrustProxy;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Multiplies every rate limit's max (e.g. 50 for end-to-end runs that register many users from one IP). */
  rateLimitFactor: number;
  /** Set: this process is one of several API replicas, sharing events, revocations and rate limits through Redis (replicas/). */
  redisUrl: string | undefined;
  /** Starts every Redis key and channel of this deployment, so several may share one Redis. */
  redisPrefix: string;
  /** Seed of the market simulator: the same seed and clock give the same prices on every replica. */
  marketSeed: string;
  /** Every market always open (demos, weekend testing): MARKET_ALWAYS_OPEN=1. */
  marketAlwaysOpen: boolean;
  /** The most one money request may move (deposit, withdrawal, loan, order total), minor units: published as max_amount. */
  maxAmount: number;
  http: HttpLimits;
  /** Signs the cookies that mark a browser as known to an account; absent: one generated and kept in the database. */
  deviceCookieSecret: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The markets a deployment lists unless MARKETS says otherwise: its own country's, then the US. */
const HOME_MARKETS: Record<Config['currency'], readonly Region[]> = { INR: ['IN', 'US'], MXN: ['MX', 'US'] };

/** Reads the environment once at start; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (docker-compose writes `FOO=` for unset values).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const embedded = e.DATABASE_URL === undefined || e.DATABASE_URL === MEMORY_DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    currency: e.CURRENCY,
    markets: e.MARKETS ?? HOME_MARKETS[e.CURRENCY],
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    // The embedded database is the demo/dev setup: seed it unless told not to. A real PostgreSQL only on request.
    seedDemo: e.SEED_DEMO ?? embedded,
    seedInviteCode: e.SEED_INVITE_CODE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    marketSeed: e.MARKET_SEED,
    marketAlwaysOpen: e.MARKET_ALWAYS_OPEN ?? false,
    maxAmount: e.MAX_AMOUNT,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
      connectionsPerAddress: e.HTTP_CONNECTIONS_PER_ADDRESS,
    },
    deviceCookieSecret: e.DEVICE_COOKIE_SECRET,
  };
}

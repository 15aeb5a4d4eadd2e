import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has working defaults: embedded database in <repo>/data, INR, demo seeding on', () => {
    const c = loadConfig({});
    expect(c).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve(__dirname, '..', '..', 'data'),
      currency: 'INR',
      markets: ['IN', 'US'],
      tokenTtlDays: 30,
      seedDemo: true,
      seedInviteCode: 'DEMO2026',
      trustProxy: false,
      logLevel: 'info',
      rateLimitFactor: 1,
      redisUrl: undefined,
      redisPrefix: 'invest:',
      marketSeed: 'invest-market-2026',
      marketAlwaysOpen: false,
      maxAmount: 10_000_000_000,
      http: { headersTimeoutMs: 20_000, idleTimeoutMs: 30_000, requestTimeoutMs: 180_000, maxConnections: 20_000, connectionsPerAddress: 100 },
      deviceCookieSecret: undefined,
    });
  });

  it("lists the deployment's own market first, then the US, unless MARKETS says otherwise", () => {
    expect(loadConfig({ CURRENCY: 'MXN' }).markets).toEqual(['MX', 'US']);
    expect(loadConfig({ CURRENCY: 'MXN', MARKETS: 'mx, us, in' }).markets).toEqual(['MX', 'US', 'IN']);
    expect(() => loadConfig({ MARKETS: 'IN,BR' })).toThrow(/MARKETS must list IN, US, MX/);
    expect(() => loadConfig({ MARKETS: 'IN,IN' })).toThrow(/MARKETS must not list a market twice/);
  });

  it('resolves DATA_DIR against the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/x' }).dataDir).toBe(path.resolve(__dirname, '..', '..', 'var/x'));
    expect(loadConfig({ DATA_DIR: '/srv/data' }).dataDir).toBe('/srv/data');
  });

  it('does not seed a real PostgreSQL unless SEED_DEMO says so', () => {
    const url = 'postgres://u@db:5432/invest';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'memory://' }).seedDemo).toBe(true);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      CURRENCY: 'MXN',
      TOKEN_TTL_DAYS: '7',
      SEED_INVITE_CODE: 'HELLO',
      TRUST_PROXY: 'loopback,10.0.0.0/8',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      MARKET_SEED: ' demo-7 ',
      MARKET_ALWAYS_OPEN: 'yes',
      MAX_AMOUNT: '2500000',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
      HTTP_IDLE_TIMEOUT_MS: '10000',
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_MAX_CONNECTIONS: '500',
      HTTP_CONNECTIONS_PER_ADDRESS: '20',
      DEVICE_COOKIE_SECRET: 's'.repeat(32),
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      currency: 'MXN',
      tokenTtlDays: 7,
      seedInviteCode: 'HELLO',
      trustProxy: 'loopback,10.0.0.0/8',
      logLevel: 'warn',
      rateLimitFactor: 50,
      marketSeed: 'demo-7',
      marketAlwaysOpen: true,
      maxAmount: 2_500_000,
      http: { headersTimeoutMs: 5_000, idleTimeoutMs: 10_000, requestTimeoutMs: 60_000, maxConnections: 500, connectionsPerAddress: 20 },
      deviceCookieSecret: 's'.repeat(32),
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ CURRENCY: 'USD' }, 'CURRENCY must be INR or MXN'],
    [{ TOKEN_TTL_DAYS: '0' }, 'TOKEN_TTL_DAYS'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY'],
    [{ MARKET_ALWAYS_OPEN: 'sometimes' }, 'MARKET_ALWAYS_OPEN'],
    [{ MARKET_SEED: '   ' }, 'MARKET_SEED'],
    [{ MARKET_SEED: 'x'.repeat(129) }, 'MARKET_SEED'],
    [{ MAX_AMOUNT: 'lots' }, 'MAX_AMOUNT'],
    [{ MAX_AMOUNT: '499999' }, 'MAX_AMOUNT must be at least 500000'],
    [{ MAX_AMOUNT: '10000000000001' }, 'MAX_AMOUNT must be at most 10000000000000'],
    [{ HTTP_IDLE_TIMEOUT_MS: '0' }, 'HTTP_IDLE_TIMEOUT_MS must be at least 100'],
    [{ HTTP_MAX_CONNECTIONS: 'many' }, 'HTTP_MAX_CONNECTIONS'],
    [{ HTTP_HEADERS_TIMEOUT_MS: '90000', HTTP_REQUEST_TIMEOUT_MS: '60000' }, 'HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS'],
    [{ DEVICE_COOKIE_SECRET: 'short' }, 'DEVICE_COOKIE_SECRET must be at least 32 characters'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX must be'],
  ])('fails fast on %j, naming the variable', (env, named) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', CURRENCY: 'USD' })).toThrow(/PORT[\s\S]*CURRENCY|CURRENCY[\s\S]*PORT/);
  });
});

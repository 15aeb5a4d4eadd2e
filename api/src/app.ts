import { randomUUID } from 'node:crypto';
import os from 'node:os';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyPluginAsync } from 'fastify';
import { calls, type CallDef } from '@invest/shared/contract';
import { deviceCookieSecret, registerDeviceCookies } from './auth/device-cookies';
import { authPlugin } from './auth/plugin';
import { MEMORY_DATABASE_URL, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { apiErrorHandler, rejection } from './http/errors';
import { capConnections, serverTimeouts } from './http/connection-limits';
import { clientErrorHandler, frameworkErrors, isApiPath, serverErrorHandler } from './http/framework-errors';
import { refuseUnstorableText } from './http/input-guard';
import { acceptEmptyJson } from './http/json';
import { DEFAULT_RATE_LIMITS, registerLimiters, type RateLimits } from './http/rate-limit';
import { registerHealth } from './http/health';
import { registerSecurityHeaders } from './http/security-headers';
import { connectReplicas, type Replicas } from './replicas/connect';
import './http/context';
import { bankCardsPlugin } from './bank-cards/plugin';
import { chatPlugin } from './chat/plugin';
import { kycPlugin } from './kyc/plugin';
import { ledgerPlugin } from './ledger/plugin';
import { loansPlugin } from './loans/plugin';
import { marketPlugin, type SharedAnswers } from './market/plugin';
import { newsPlugin } from './news/plugin';
import { opsPlugin } from './ops/plugin';
import { fundsPlugin } from './products/funds/plugin';
import { ipoPlugin } from './products/ipo/plugin';
import { offersPlugin } from './products/offers/plugin';
import { watchlistPlugin } from './watchlist/plugin';
import { boundedLogger, RequestLog } from './http/request-log';
import { seed, type SeedResult } from './seed';
import { tradingPlugin } from './trading/plugin';
import { uploadsPlugin } from './uploads/plugin';
import { userPlugin } from './user/plugin';
import { walletPlugin } from './wallet/plugin';

/** The domain plugins mounted under /api. A new domain (ledger, market, ...) adds itself here. */
export const API_PLUGINS: FastifyPluginAsync[] = [authPlugin, userPlugin, opsPlugin, ledgerPlugin, walletPlugin, bankCardsPlugin, loansPlugin, marketPlugin, newsPlugin, watchlistPlugin, tradingPlugin, chatPlugin, kycPlugin, uploadsPlugin, offersPlugin, ipoPlugin, fundsPlugin];

export interface AppDeps {
  /** An open database the caller owns (and closes). Default: openDatabase(config), closed by app.close(). */
  database?: Database;
  /** The time source (tests move it). */
  clock?: () => Date;
  /** Overrides of DEFAULT_RATE_LIMITS (tests raise them). */
  rateLimits?: Partial<RateLimits>;
  /** Fastify's logger option; default pino at config.logLevel. */
  logger?: boolean | FastifyLoggerOptions;
  /** More plugins for the /api scope, after the built-in ones. */
  apiPlugins?: FastifyPluginAsync[];
  /** Milliseconds between ticks of the order matcher (default 1000); 0 runs none (tests tick it by hand). */
  matcherIntervalMs?: number;
  /** Milliseconds between heartbeats of the user's event stream, each re-checking its token (default 15 s). */
  streamHeartbeatMs?: number;
  /** Run seed() (default true; it only seeds when config.seedDemo). */
  seed?: boolean;
}

export interface BuiltApp {
  /** Not listening and not ready: register more plugins (static files), then listen(). close() closes the database. */
  app: FastifyInstance;
  /** What seeding made or found, for the start script to print. */
  seeded: SeedResult;
  database: Database;
}

/** Builds the API: opens (and migrates) the database, seeds demo data, mounts every call under /api. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<BuiltApp> {
  const database = deps.database ?? (await openDatabase(config));
  const app = Fastify({
    logger: boundedLogger(deps.logger ?? { level: config.logLevel }),
    // Successful requests at debug, refusals at info, failures at error (api/src/http/request-log.ts).
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    // Bodies here are small JSON forms; uploads will get their own limit on their route.
    bodyLimit: 1024 * 1024,
    // The framework's own refusals keep the API's `{msg, data}` answers.
    frameworkErrors,
    clientErrorHandler,
    ...serverTimeouts(config.http),
  });
  capConnections(app.server, config.http, config.trustProxy !== false);
  try {
    app.decorate('db', database.db);
    app.decorate('apiConfig', config);
    app.decorate('clock', deps.clock ?? (() => new Date()));
    app.decorate('matcherIntervalMs', deps.matcherIntervalMs ?? 1000);
    // On PostgreSQL several API processes may share the database: each periodic job runs in one of them at a time.
    // The embedded database has one process by construction.
    app.decorate('jobLease', config.databaseUrl && config.databaseUrl !== MEMORY_DATABASE_URL ? { db: database.db, holder: `${os.hostname()}:${process.pid}:${randomUUID()}` } : undefined);
    app.decorate('streamHeartbeatMs', deps.streamHeartbeatMs ?? 15_000);
    app.decorate('trading', { matcher: null, maturity: null });
    if (!deps.database) app.addHook('onClose', async () => database.close());
    app.setErrorHandler(serverErrorHandler);
    // On the whole server: the web files registered later (@invest/web) get the headers too.
    await registerSecurityHeaders(app);
    // API answers carry tokens and balances: no shared cache may keep them. On the whole server, so that an /api path
    // another router answers (the web files' 404 for a GET the API has no route for) is covered too.
    app.addHook('onSend', async (req, reply) => {
      if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });

    let replicas: Replicas | null = null;
    if (config.redisUrl) {
      const joined = (replicas = await connectReplicas({ url: config.redisUrl, prefix: config.redisPrefix }, app.log, () => app.clock()));
      app.addHook('onClose', () => joined.close());
    }

    const rules: RateLimits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
    const plugins = [...API_PLUGINS, ...(deps.apiPlugins ?? [])];
    let sharedAnswers: SharedAnswers = {};
    await app.register(
      async (api) => {
        api.setErrorHandler(apiErrorHandler);
        api.setNotFoundHandler((_req, reply) => reply.code(404).send(rejection('notFound')));
        acceptEmptyJson(api);
        api.addHook('preValidation', refuseUnstorableText);
        registerHealth(api, replicas?.redis ?? null);
        const store = replicas ? { redis: replicas.redis, prefix: config.redisPrefix } : undefined;
        api.decorate('limiters', await registerLimiters(api, rules, config.rateLimitFactor, store));
        await registerDeviceCookies(api, await deviceCookieSecret(database.db, config));
        for (const plugin of plugins) await api.register(plugin);
        if (api.hasDecorator('marketAnswers')) sharedAnswers = api.marketAnswers;
      },
      { prefix: '/api' },
    );
    app.decorate('sharedAnswers', sharedAnswers);

    app.addHook('onReady', async () => {
      const missing = unregisteredCalls(app);
      if (missing.length) app.log.warn({ missing }, 'contract calls without a route yet');
    });

    const seeded: SeedResult =
      deps.seed === false ? { operator: null, inviteCode: null } : await seed(database.db, config, { priceOf: (symbol) => priceNow(sharedAnswers, symbol) });
    return { app, seeded, database };
  } catch (err) {
    await app.close().catch(() => {});
    if (!deps.database) await database.close();
    throw err;
  }
}

/** Contract calls this app has no route for, as "METHOD /api/path". */
export function unregisteredCalls(app: FastifyInstance): string[] {
  return Object.values(calls as Record<string, CallDef>)
    .filter((def) => !app.hasRoute({ method: def.method, url: `/api${def.path}` }))
    .map((def) => `${def.method} /api${def.path}`);
}

/** An instrument's price now, as the market's own quote answers it; undefined for one the market does not know. */
function priceNow(answers: SharedAnswers, symbol: string): number | undefined {
  try {
    return (answers[calls.yahoo.path]?.({ symbol, view: 'spark' }) as { price?: number } | undefined)?.price;
  } catch {
    return undefined;
  }
}

// @invest/api: what the root start script, the bench and other tools use.
export { buildApp, API_PLUGINS, unregisteredCalls, type AppDeps, type BuiltApp } from './app';
export { loadConfig, ConfigError, MEMORY_DATABASE_URL, REPO_ROOT, type Config } from './config';
export { openDatabase, MIGRATIONS_DIR, type Database, type Db, type Tx, type DbOrTx } from './db/database';
export { seed, credentialsFile, DEMO_OPERATOR, type SeedResult } from './seed';
export { startNotes } from './start-notes';
export { route, subjectOf, bearerToken, type RouteContext } from './http/route';
export { ApiError, reject, rejection } from './http/errors';
export type { SharedAnswers } from './market/plugin';
export { contentSecurityPolicy } from './http/security-headers';
export { isApiPath } from './http/framework-errors';
export { DEFAULT_RATE_LIMITS, type RateLimits } from './http/rate-limit';

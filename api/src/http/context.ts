import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Limiters } from './rate-limit';

// What buildApp decorates the instance with; every domain plugin reads these instead of importing globals.
declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle handle. Inside `db.transaction(async (tx) => ...)` use `tx` only. */
    db: Db;
    apiConfig: Config;
    /** The current time; tests move it to expire tokens. */
    clock: () => Date;
    /** Rate limiters, decorated inside the /api scope. */
    limiters: Limiters;
  }
}

export {};

/**
 * Probes for whatever runs the API (docker-compose, nginx, an orchestrator): not contract calls, and never limited.
 * - GET /api/health: the process is alive and answering.
 * - GET /api/ready: it can serve: the database answers and, with replicas, Redis does. 503 otherwise, and while the
 *   process shuts down (Fastify answers 503 to new requests once close() began), so a balancer stops sending it
 *   requests before the last ones in flight are done.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';

type Check = 'up' | 'down' | 'off';

/** A probe that does not answer within this is down: a probe must not hang on a stuck connection. */
const PROBE_MS = 2_000;

async function probe(run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_MS)));
  try {
    await Promise.race([run(), late]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(api: FastifyInstance, redis: Redis | null): void {
  api.get('/health', async () => ({ msg: 'ok', data: { status: 'alive' } }));
  api.get('/ready', async (_req, reply) => {
    const [database, cache] = await Promise.all([probe(() => api.db.execute(sql`select 1`)), redis ? probe(() => redis.ping()) : Promise.resolve<Check>('off')]);
    const ready = database === 'up' && cache !== 'down';
    return reply.code(ready ? 200 : 503).send({ msg: ready ? 'ok' : 'no', data: { database, redis: cache } });
  });
}

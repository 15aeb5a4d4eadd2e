/**
 * With REDIS_URL this process is one of several API replicas, and Redis carries what they must share: the users'
 * event-stream notices (wallet, chat) and ended sessions, relayed on the bus (one subscriber per process, fanned out
 * to this process's listeners); ended sessions also leave the token cache, which is trusted only while the bus is
 * live; the rate-limit counters (http/rate-limit.ts) use the same commands connection. Quotes need no relay: the
 * market engine is deterministic in its seed and the clock, so every replica computes the same ticks.
 */
import { Redis } from 'ioredis';
import { endedSessions } from '../auth/session-events';
import { tokenCache } from '../auth/token-cache';
import type { WalletEvents } from '../ledger/events';
import { userStreamChannels } from '../user/stream';
import { ReplicaBus, type BusLog } from './bus';

export interface Replicas {
  /** Commands (publish, rate-limit counters, the readiness check). */
  redis: Redis;
  bus: ReplicaBus;
  close(): Promise<void>;
}

/** Parses a relayed list of ids; anything else is dropped. */
const idsOf = (body: unknown): number[] => (Array.isArray(body) ? body.filter((v): v is number => Number.isSafeInteger(v)) : []);

/** Relays the hub's notices to the other replicas and delivers theirs here; `also` runs first on theirs. */
function bridge(bus: ReplicaBus, channel: string, hub: WalletEvents, also?: (ids: number[]) => void): () => void {
  bus.on(channel, (body) => {
    const ids = idsOf(body);
    also?.(ids);
    hub.deliver(ids);
  });
  return hub.relay((ids) => bus.publish(channel, ids));
}

/** Connects to Redis and joins the other replicas; fails (naming the URL's host) when Redis does not answer. */
export async function connectReplicas({ url, prefix }: { url: string; prefix: string }, log: BusLog, clock: () => Date): Promise<Replicas> {
  // A command waits for a lost connection a little, then fails: a request must not hang on Redis.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  const subscriber = new Redis(url, { lazyConnect: true, connectTimeout: 5_000 });
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
  } catch (err) {
    redis.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: Redis at ${new URL(url).host} did not answer (${(err as Error).message})`);
  }
  const bus = new ReplicaBus(redis, subscriber, log, prefix);
  const removals = [...userStreamChannels()].map(([name, hub]) => bridge(bus, `events:${name}`, hub));
  removals.push(bridge(bus, 'sessions', endedSessions, (ids) => ids.forEach((id) => tokenCache.forgetToken(id, clock().getTime()))));
  removals.push(tokenCache.trustWhile(() => bus.live));
  // Revocations sent while this process could not hear them are lost: what it cached before may be stale.
  bus.onResumed(() => tokenCache.clear());
  await bus.start();
  return {
    redis,
    bus,
    async close() {
      removals.forEach((remove) => remove());
      await bus.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

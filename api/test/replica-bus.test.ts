/**
 * The replicas' bus over a real Redis (REDIS_TEST_URL, default the local one), when the API tests run against real
 * services (TEST_DATABASE_URL set): a lost subscription is reported, and what must forget is told when it is back.
 */
import { Redis } from 'ioredis';
import { ReplicaBus } from '../src/replicas/bus';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the replicas bus', () => {
  it('reports losing the subscription, tells when it is back, and hears the other replica again', async () => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true });
    const subscriber = new Redis(REDIS_URL, { lazyConnect: true });
    const other = new Redis(REDIS_URL, { lazyConnect: true });
    await Promise.all([redis.connect(), subscriber.connect(), other.connect()]);
    const warnings: string[] = [];
    const prefix = `invest-bus-test-${process.pid}:`;
    const bus = new ReplicaBus(redis, subscriber, { warn: (_d, m) => warnings.push(m) }, prefix);
    const heard: unknown[] = [];
    bus.on('events', (body) => heard.push(body));
    let resumed = 0;
    bus.onResumed(() => resumed++);
    await bus.start();
    const otherBus = new ReplicaBus(other, other.duplicate(), { warn: () => {} }, prefix);
    try {
      expect(bus.live).toBe(true);
      subscriber.disconnect(true);
      await new Promise((r) => setTimeout(r, 50));
      for (const until = Date.now() + 5_000; !bus.live && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
      expect(warnings).toEqual(['lost the Redis subscription: other replicas are not heard until it is back']);
      expect(resumed).toBe(1);
      // Subscribed again: a message from another replica arrives; its own messages are not handed back to it.
      for (const until = Date.now() + 5_000; !heard.length && Date.now() < until; ) {
        await otherBus.publish('events', [7]);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(heard[0]).toEqual([7]);
      heard.length = 0;
      await bus.publish('events', [8]);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual([]);
    } finally {
      await bus.close();
      await otherBus.close();
      redis.disconnect();
      other.disconnect();
    }
  });
});

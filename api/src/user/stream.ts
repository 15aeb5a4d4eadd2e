import type { FastifyInstance } from 'fastify';
import { WALLET_STREAM_PATH } from '@invest/shared/contract';
import { endedSessions } from '../auth/session-events';
import { cachedSubject, resolveToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import { endEventStream, startEventStream, streamSlots, writeEvent } from '../http/event-stream';
import { bearerToken } from '../http/route';
import { walletEvents, type WalletEvents } from '../ledger/events';

/** A user has a few screens or devices open, not more. */
export const WALLET_STREAMS_PER_USER = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** AppDeps.streamHeartbeatMs, decorated on the root by buildApp. */
    streamHeartbeatMs: number;
  }
}

/**
 * What the stream carries, by event name: the wallet's notices and those other domains add (chat), so a user's
 * screens keep one stream whatever it tells them. A domain adds its hub once, when its module loads.
 */
const CHANNELS = new Map<string, WalletEvents>([['wallet', walletEvents]]);
export function carryOnUserStream(event: string, hub: WalletEvents): void {
  CHANNELS.set(event, hub);
}

/** The stream's channels by event name (the replicas relay each). */
export const userStreamChannels = (): ReadonlyMap<string, WalletEvents> => CHANNELS;

/**
 * GET WALLET_STREAM_PATH: `event: wallet` after each committed change of the caller's money or of their deposits and
 * withdrawals, and the channels' events.
 * Bounded per user (WALLET_STREAMS_PER_USER) and, as every event stream, per client address and per process.
 */
export function registerWalletStream(app: FastifyInstance): void {
  const open = new Set<() => void>();
  const slots = streamSlots();
  app.addHook('preClose', async () => [...open].forEach((end) => end()));

  // GET only (a HEAD would hold the stream open like a GET).
  app.get(WALLET_STREAM_PATH, { exposeHeadRoute: false }, async (req, reply) => {
    const now = app.clock();
    const token = bearerToken(req);
    const subject = token ? (cachedSubject(token, now) ?? (await resolveToken(app.db, token, now))) : null;
    if (!subject) throw new ApiError(401, 'unauthorized');
    if (subject.kind !== 'user') throw new ApiError(403, 'forbidden');
    if (walletEvents.listeners(subject.id) >= WALLET_STREAMS_PER_USER) throw new ApiError(429, 'tooManyRequests', 5);
    const releaseSlot = slots.take(req.ip);

    const res = startEventStream(req, reply, ': open\n\n');
    const write = (chunk: string) => writeEvent(res, chunk);
    const unsubscribes = [...CHANNELS].map(([event, hub]) => hub.subscribe(subject.id, () => write(`event: ${event}\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`)));
    // A logout or a password change, here or (relayed) on another replica, ends the session's stream at once; the
    // screen's next request finds it logged out.
    unsubscribes.push(endedSessions.subscribe(subject.tokenId, () => end()));
    // Each heartbeat re-checks the token too: a session ended by hand, or while the replicas could not hear each
    // other, closes within one beat.
    const heartbeat = setInterval(() => {
      resolveToken(app.db, token!, app.clock()).then(
        (still) => (still ? write(': heartbeat\n\n') : end()),
        () => write(': heartbeat\n\n'),
      );
    }, app.streamHeartbeatMs);
    heartbeat.unref();
    let ended = false;
    const end = () => {
      // Once: an unsubscribe run twice would drop the listeners a later stream of this user added.
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      open.delete(end);
      releaseSlot();
      endEventStream(res);
    };
    open.add(end);
    res.on('close', end);
    // Gone already, before 'close' was listened to.
    if (res.destroyed) end();
  });
}

import type { FastifyInstance } from 'fastify';
import { WALLET_STREAM_PATH } from '@invest/shared/contract';
import { cachedSubject, resolveToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import { bearerToken } from '../http/route';
import { SSE_HEADERS } from '../market/quotes-stream';
import { walletEvents } from './events';

/** A user has a few screens or devices open, not more. */
export const WALLET_STREAMS_PER_USER = 5;
const HEARTBEAT_MS = 15_000;

/** GET WALLET_STREAM_PATH: `event: wallet` after each committed change of the caller's money. */
export function registerWalletStream(app: FastifyInstance): void {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => [...open].forEach((end) => end()));

  // GET only (a HEAD would hold the stream open like a GET).
  app.get(WALLET_STREAM_PATH, { exposeHeadRoute: false }, async (req, reply) => {
    const now = app.clock();
    const token = bearerToken(req);
    const subject = token ? (cachedSubject(token, now) ?? (await resolveToken(app.db, token, now))) : null;
    if (!subject) throw new ApiError(401, 'unauthorized');
    if (subject.kind !== 'user') throw new ApiError(403, 'forbidden');
    if (walletEvents.listeners(subject.id) >= WALLET_STREAMS_PER_USER) throw new ApiError(429, 'tooManyRequests', 5);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, SSE_HEADERS);
    res.write(': open\n\n');
    const write = (chunk: string) => {
      if (!res.destroyed && !res.writableEnded) res.write(chunk);
    };
    const unsubscribe = walletEvents.subscribe(subject.id, () => write(`event: wallet\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`));
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
      res.socket?.end();
    };
    open.add(end);
    res.on('close', end);
  });
}

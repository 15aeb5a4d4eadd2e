import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Slots } from './slots';

/**
 * What every server-sent event stream shares (the quote stream, the user's event stream): the response it is, the
 * bounds on how many may be open and on what a client that stops reading may make the server hold.
 */

/** Open streams of one kind per client address, and per process. */
export const STREAMS_PER_IP = 10;
const MAX_STREAMS = 10_000;
/** A client this far behind is not reading: drop it rather than buffer without end. */
const MAX_BUFFERED_BYTES = 256 * 1024;

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx: pass events through as they are written.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

/** The places for one kind of stream: STREAMS_PER_IP per client address, MAX_STREAMS in the process. */
export const streamSlots = () => new Slots(STREAMS_PER_IP, MAX_STREAMS);

/**
 * Takes the reply over as an event stream and writes its first chunk. The stream stays open by design, so the idle
 * timeout that cuts stalled requests (http/connection-limits.ts) does not apply to its connection.
 */
export function startEventStream(req: FastifyRequest, reply: FastifyReply, first: string): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, SSE_HEADERS);
  req.raw.socket.setTimeout(0);
  req.raw.socket.setNoDelay(true);
  res.write(first);
  return res;
}

/** Writes a chunk; false when the client is gone or too far behind (it is then dropped). */
export function writeEvent(res: ServerResponse, chunk: string): boolean {
  if (res.destroyed || res.writableEnded) return false;
  if (res.writableLength > MAX_BUFFERED_BYTES) {
    res.destroy();
    return false;
  }
  res.write(chunk);
  return true;
}

/** Ends a stream and its connection: not left as an idle keep-alive connection that shutdown would wait for. */
export function endEventStream(res: ServerResponse): void {
  const socket = res.socket;
  if (!res.writableEnded) res.end();
  socket?.end();
}

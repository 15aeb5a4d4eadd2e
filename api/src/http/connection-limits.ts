import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { HttpLimits } from '../config';

/**
 * What a slow or silent client may hold, as Fastify's server options. The defaults (config.ts) are figures a real
 * phone never meets, and a client that holds a connection without using it does:
 * - headers (20 s): a request's headers are under 8 KB, a second on a 2G link; Node's own default is 60 s.
 * - idle (30 s): a connection that moves no byte either way for 30 s is dead or stalling (headers and 10 of 1,000
 *   promised body bytes, then nothing); a slow uploader sends packets every few hundred milliseconds. Event streams
 *   stay open by design and are exempt (http/event-stream.ts).
 * - request (180 s): the largest body, a 5 MB ID photo, takes ~56 s on Slow 4G (750 kbit/s up) and ~175 s at
 *   240 kbit/s; the app resizes photos before sending, so a real upload is far smaller. It bounds how long a client
 *   that trickles bytes (one every few seconds) holds a connection.
 * Node checks the headers and request timeouts on a timer: it runs every second, or faster for shorter timeouts.
 */
export function serverTimeouts(limits: HttpLimits): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'requestTimeout' | 'http'> {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 2)),
    },
  };
}

/**
 * Caps open connections: per process (20,000 by default: the 10,000 quote streams a process allows, with room beside
 * them for requests and the users' event streams), and per client address (100: a browser opens at most 6 connections
 * to a host, so this is a household or an office behind one address, not one client holding hundreds). Past a cap a
 * new connection is closed at once.
 * Behind a trusted proxy (`trustProxy`) every connection comes from the proxy, so the per-address cap is the proxy's
 * job (nginx `limit_conn`); the process cap stays.
 */
export function capConnections(server: Server, limits: HttpLimits, behindProxy: boolean): void {
  server.maxConnections = limits.maxConnections;
  if (behindProxy) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

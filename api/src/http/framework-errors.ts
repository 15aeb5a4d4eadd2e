import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { apiErrorHandler, rejection } from './errors';

/** The API's own paths: everything they answer, the framework's errors included, is `{msg, data}` JSON. */
export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Error handler of the whole server: an /api path gets the API's answer (the static files' router sees
 * /api paths too, e.g. a NUL byte it refuses with 403); a web path gets its status in plain text, no internals.
 */
export function serverErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(req.url)) return apiErrorHandler(err, req, reply);
  const status = 'statusCode' in err && typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
  if (status >= 500) req.log.error({ err }, 'unexpected error');
  return reply.code(status).type('text/plain; charset=utf-8').send(http.STATUS_CODES[status] ?? 'Error');
}

/** Errors Fastify raises before routing (a URL that does not decode, a path parameter too long). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, req, reply) =>
  serverErrorHandler(err, req, reply);

/** What Node's HTTP parser refuses (431 headers too large, 400 malformed request), before any URL is known. */
const CLIENT_ERROR_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };
const CLIENT_ERROR_BODY = JSON.stringify(rejection('invalidInput'));

/** Answers a request the HTTP parser refused: the URL is unknown then, so always in the API's format. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[err.code ?? ''] ?? 400;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(CLIENT_ERROR_BODY)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${CLIENT_ERROR_BODY}`,
    );
  }
  socket.destroy(err);
}

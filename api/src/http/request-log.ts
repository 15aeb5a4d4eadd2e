import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Request logging that scales with traffic: a request that went well is logged at debug (Fastify's default logs
 * two info lines, ~0.5 KB, for every request, and a flood of quote polls fills the disk); a refused request (4xx)
 * at info and a failed one (5xx, or an error) at error, each in one line with its status and time.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error || reply.statusCode >= 500) reply.log.error({ ...entry, err: error ?? undefined }, 'request failed');
    else if (reply.statusCode >= 400) reply.log.info(entry, 'request refused');
    else reply.log.debug(entry, 'request completed');
  }
}

/** Characters a log line keeps of a value the client chose: a route's path and the start of its query fit. */
export const LOGGED_CHARS = 200;

/** `value` cut to LOGGED_CHARS, saying how long it was. */
export function clipped(value: string): string {
  return value.length > LOGGED_CHARS ? `${value.slice(0, LOGGED_CHARS)}…(${value.length} chars)` : value;
}

/**
 * A request as a log line shows it: what Fastify's serializer shows, with the fields the client chose (the URL, the
 * Host header) cut to a bound, so a refusal logs ~300 bytes however long its URL (an 8 KB query was an 8 KB line).
 */
function loggedRequest(req: FastifyRequest) {
  return { method: req.method, url: clipped(req.url), host: clipped(req.host ?? ''), remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** Logger options with the bounded request serializer, whoever chose the rest (the config's level, a test's stream). */
export function boundedLogger(options: boolean | FastifyLoggerOptions): boolean | FastifyLoggerOptions {
  if (typeof options === 'boolean') return options;
  return { ...options, serializers: { ...options.serializers, req: loggedRequest } };
}

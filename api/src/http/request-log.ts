import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

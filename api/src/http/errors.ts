import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isErrorKey, type ErrorKey } from '@invest/shared/contract';
import type { z } from 'zod';
import { isDataException, redactDbError } from '../db/errors';
import { clipped } from './request-log';

/** A rejection the client is meant to see: an honest HTTP status and an error key it can translate. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey,
    /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(key);
  }
}

export const reject = (statusCode: number, key: ErrorKey): never => {
  throw new ApiError(statusCode, key);
};

export const rejection = (key: ErrorKey) => ({ msg: 'no' as const, data: key });

/** The key of a failed input parse: the first issue's message when it is a known key. */
export function inputErrorKey(error: z.ZodError): ErrorKey {
  const issue = error.issues[0];
  if (!issue) return 'invalidInput';
  if (issue.code === 'unrecognized_keys') return 'unknownField';
  return isErrorKey(issue.message) ? issue.message : 'invalidInput';
}

// Fastify's own request errors, by code, as the keys the client understands.
const FASTIFY_ERRORS: Record<string, [number, ErrorKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformedJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'invalidInput'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'invalidInput'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalidInput'],
};

/** Error handler of the /api scope: every failure leaves as `{msg:'no', data:<key>}`, never a stack. */
export function apiErrorHandler(this: unknown, err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError) {
    if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
    return reply.code(err.statusCode).send(rejection(err.key));
  }
  const known = 'code' in err && typeof err.code === 'string' ? FASTIFY_ERRORS[err.code] : undefined;
  if (known) return reply.code(known[0]).send(rejection(known[1]));
  if (isDataException(err)) {
    // A client's value, so a 400; logged as an error all the same, because the contract should have refused it.
    req.log.error({ err: redactDbError(err) }, 'input refused by the database');
    return reply.code(400).send(rejection('invalidInput'));
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // The message may quote what the client sent (a content type): bounded like the request line.
    req.log.info({ code: 'code' in err ? err.code : undefined, reason: clipped(err.message) }, 'request rejected');
    return reply.code(status).send(rejection(status === 429 ? 'tooManyRequests' : 'invalidInput'));
  }
  req.log.error({ err: redactDbError(err) }, 'unexpected error');
  return reply.code(500).send(rejection('serverError'));
}

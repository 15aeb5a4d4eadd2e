import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** What a client may send as a key: a UUID, a ULID or any other token of 8–128 safe characters. */
const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's Idempotency-Key header; a money call without a usable one is refused before anything happens. */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const value = req.headers['idempotency-key'];
  if (typeof value !== 'string' || !KEY.test(value)) throw new ApiError(400, 'idempotencyKeyRequired');
  return value;
}

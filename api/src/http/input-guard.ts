import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/**
 * PostgreSQL text cannot hold a NUL byte: a string with one would reach the database only to fail there (500).
 * No field of the contract has a use for it, so it is refused at the door, in keys as in values.
 */
function hasNulByte(value: unknown): boolean {
  // Iterative: a deeply nested JSON body must not overflow the stack.
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** preValidation hook of the /api scope: query, path parameters and body, for every call alike. */
export async function refuseNulBytes(req: FastifyRequest): Promise<void> {
  if (hasNulByte(req.query) || hasNulByte(req.params) || hasNulByte(req.body)) throw new ApiError(400, 'invalidInput');
}

import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/**
 * Text the database cannot hold: a NUL byte (PostgreSQL text has none) or a surrogate that pairs with nothing (not
 * Unicode, so no UTF-8 for it: jsonb refuses it, text would keep U+FFFD instead). Either would reach the database
 * only to fail there, or be stored as something else. No field of the contract has a use for them.
 */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

function hasUnstorableText(value: unknown): boolean {
  // Iterative: a deeply nested JSON body must not overflow the stack.
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** preValidation hook of the /api scope: query, path parameters and body, keys as values, for every call alike. */
export async function refuseUnstorableText(req: FastifyRequest): Promise<void> {
  if (hasUnstorableText(req.query) || hasUnstorableText(req.params) || hasUnstorableText(req.body)) throw new ApiError(400, 'invalidInput');
}

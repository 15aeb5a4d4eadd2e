import { isErrorKey } from '../contract/errors';
import { errorKeyOf } from './client';

// Failures with no specific meaning for the user (no answer, a broken one): the screen's own "could not …, try
// again" text says it better.
const GENERIC = new Set(['network', 'timeout', 'serverError', 'badResponse']);

/** The text key for a failed call: the API's own reason (`hint.<key>`, e.g. 'Insufficient funds'), else the screen's `generic` message. */
export function failureKey(error: unknown, generic: string): string {
  const key = errorKeyOf(error);
  return isErrorKey(key) && !GENERIC.has(key) ? `hint.${key}` : generic;
}

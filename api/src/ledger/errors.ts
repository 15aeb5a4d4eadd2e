import { ApiError } from '../http/errors';

/** The available balance does not cover the transfer or hold: nothing was booked. */
export const insufficientFunds = () => new ApiError(422, 'insufficientFunds');

/** The idempotency key was used before for a different request: nothing was booked. */
export const keyReused = () => new ApiError(409, 'idempotencyKeyReused');

/** The hold, request or loan was settled already (captured, released, completed, failed, repaid). */
export const alreadySettled = () => new ApiError(409, 'alreadySettled');

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/** Whether PostgreSQL asks for the transaction to be tried again. */
export function isRetryable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

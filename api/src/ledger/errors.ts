import { ApiError } from '../http/errors';

/** The available balance does not cover the transfer or hold: nothing was booked. */
export const insufficientFunds = () => new ApiError(422, 'insufficientFunds');

/** A credit would take a user's account past the ledger's ceiling (BALANCE_MAX): nothing was booked. */
export const balanceLimitReached = () => new ApiError(422, 'balanceLimitReached');

/** The idempotency key was used before for a different request: nothing was booked. */
export const keyReused = () => new ApiError(409, 'idempotencyKeyReused');

/** The hold, request or loan was settled already (captured, released, completed, failed, repaid). */
export const alreadySettled = () => new ApiError(409, 'alreadySettled');

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/** PostgreSQL's own error under whatever the drivers wrapped it in: its SQLSTATE and message. */
function databaseError(err: unknown): { code: string; message: string } | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, message: String(message) };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether PostgreSQL asks for the transaction to be tried again. */
export const isRetryable = (err: unknown): boolean => RETRYABLE.has(databaseError(err)?.code ?? '');

/** Why ledger_refuse (a single-statement money action's refusal, migration 0007) raised, if that is what failed. */
export function ledgerRefusal(err: unknown): string | null {
  const e = databaseError(err);
  return e?.code === 'LR001' ? e.message : null;
}

import type { DbOrTx } from '../db/database';
import { ApiError } from '../http/errors';
import { isRealNameApproved } from './store';

/**
 * The published rule (architecture: "KYC before withdrawal"): withdrawals and loan applications need an approved
 * real-name verification. Called by those routes before anything is written, so a refusal changes nothing.
 */
export async function requireRealName(db: DbOrTx, userId: number): Promise<void> {
  if (!(await isRealNameApproved(db, userId))) throw new ApiError(403, 'realNameRequired');
}

import { and, eq, inArray } from 'drizzle-orm';
import { positiveWholeOf } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { fourEyesApprovals, operators } from '../db/schema';
import { ApiError } from '../http/errors';
import { FOUR_EYES_SETTING, readSettings } from '../wallet/settings';
import { audit } from './audit';

export type FourEyesKind = 'withdrawal' | 'loan';

export interface Request {
  kind: FourEyesKind;
  id: number;
  /** What the operator approves now: the second approval must see the same. */
  amount: number;
  userId: number;
}

/** Who gave a request's first approval, and when: what the console shows while it waits for the second. */
export interface FirstApproval {
  operator: string;
  at: string;
}

/**
 * An operator's approval of `request`, in the transaction that would carry it out (after the request's row was
 * locked as still pending). 'carry out' when one operator is enough (below the four-eyes amount) or when this is the
 * second approval, by another operator, of the same amount; else this approval is kept as the first ('first',
 * audited) and the request stays in progress. The same operator twice is refused (secondApproverRequired). A request
 * that no longer matches what the first operator approved is re-checked from scratch: this approval replaces that one
 * as the first.
 */
export async function approve(tx: DbOrTx, request: Request, operatorId: number, now: Date): Promise<'carry out' | 'first'> {
  const min = positiveWholeOf((await readSettings(tx, FOUR_EYES_SETTING))[FOUR_EYES_SETTING] ?? '') ?? 0;
  if (min === 0 || request.amount < min) return 'carry out';
  const target = `${request.kind} ${request.id}`;
  const [earlier] = await tx.select().from(fourEyesApprovals).where(key(request));
  if (earlier?.operatorId === operatorId) throw new ApiError(409, 'secondApproverRequired');
  if (earlier?.amount === request.amount) {
    await tx.delete(fourEyesApprovals).where(key(request));
    await audit(tx, { operatorId, action: `${request.kind}.approve_second`, target, detail: { amount: request.amount, user: request.userId, firstApprover: earlier.operatorId } }, now);
    return 'carry out';
  }
  if (earlier) {
    await tx.delete(fourEyesApprovals).where(key(request));
    await audit(tx, { operatorId, action: `${request.kind}.approval_changed`, target, detail: { before: { amount: earlier.amount, firstApprover: earlier.operatorId }, after: { amount: request.amount } } }, now);
  }
  await tx.insert(fourEyesApprovals).values({ kind: request.kind, recordId: request.id, operatorId, amount: request.amount, createdAt: now });
  await audit(tx, { operatorId, action: `${request.kind}.approve_first`, target, detail: { amount: request.amount, user: request.userId, fourEyesMin: min } }, now);
  return 'first';
}

/** Forgets a request's first approval: it was decided another way (failed, rejected). */
export async function dropApproval(tx: DbOrTx, kind: FourEyesKind, id: number): Promise<void> {
  await tx.delete(fourEyesApprovals).where(and(eq(fourEyesApprovals.kind, kind), eq(fourEyesApprovals.recordId, id)));
}

/** Requests as operators see them: each with the first approval it waits on, if any. */
export async function withFirstApprovals<T extends { id: number }>(db: DbOrTx, kind: FourEyesKind, requests: T[]): Promise<(T & { first_approval?: FirstApproval })[]> {
  if (!requests.length) return [];
  const rows = await db
    .select({ id: fourEyesApprovals.recordId, operator: operators.username, at: fourEyesApprovals.createdAt })
    .from(fourEyesApprovals)
    .innerJoin(operators, eq(operators.id, fourEyesApprovals.operatorId))
    .where(and(eq(fourEyesApprovals.kind, kind), inArray(fourEyesApprovals.recordId, requests.map((r) => r.id))));
  const firsts = new Map(rows.map((r) => [r.id, { operator: r.operator, at: r.at.toISOString() }]));
  return requests.map((r) => (firsts.has(r.id) ? { ...r, first_approval: firsts.get(r.id)! } : r));
}

const key = (r: Request) => and(eq(fourEyesApprovals.kind, r.kind), eq(fourEyesApprovals.recordId, r.id));

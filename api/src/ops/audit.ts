import type { DbOrTx } from '../db/database';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** The acting operator; null when nobody is logged in (CLI, seeding, a failed login). */
  operatorId: number | null;
  /** Dotted verb, e.g. 'ops.login', 'ops.create'. */
  action: string;
  /** What the action was about (an operator name, a user's account number, ...). */
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/** Appends to the audit log. Pass the transaction that does the action, so both commit or neither does. */
export async function audit(db: DbOrTx, entry: AuditEntry, now?: Date): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ...(now ? { createdAt: now } : {}),
  });
}

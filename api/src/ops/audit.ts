import type { DbOrTx } from '../db/database';
import { count, desc, eq, like, or } from 'drizzle-orm';
import { auditLog, operators } from '../db/schema';

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

/** The audit log, newest first, optionally one kind of action (its dotted prefix). */
export async function listAudit(db: DbOrTx, q: { action?: string; page: number; limit: number }) {
  const where = q.action ? or(eq(auditLog.action, q.action), like(auditLog.action, `${q.action}.%`)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: auditLog, operator: operators.username })
      .from(auditLog)
      .leftJoin(operators, eq(operators.id, auditLog.operatorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map(({ a, operator }) => ({
      id: a.id,
      operator,
      action: a.action,
      target: a.target,
      detail: (a.detail as Record<string, unknown> | null) ?? null,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

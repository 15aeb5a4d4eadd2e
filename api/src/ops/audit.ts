import type { DbOrTx } from '../db/database';
import { count, desc, eq, like, or } from 'drizzle-orm';
import { auditLog, operators } from '../db/schema';
import { runStatement, timestampParam } from '../db/statement';

export interface AuditEntry {
  /** The acting operator; null when nobody is logged in (CLI, seeding, a failed login). */
  operatorId: number | null;
  /** Dotted verb, e.g. 'ops.login', 'ops.create'. */
  action: string;
  /** What the action was about (an operator name, a user's account number, ...). */
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/* Every money decision writes one: a prepared statement rather than a query built per call. */
const AUDIT_SQL = `insert into audit_log (operator_id, action, target, detail, created_at) values ($1::int4, $2::text, $3::text, $4::jsonb, coalesce($5::timestamptz, now()))`;

/** Appends to the audit log. Pass the transaction that does the action, so both commit or neither does. */
export async function audit(db: DbOrTx, entry: AuditEntry, now?: Date): Promise<void> {
  const detail = entry.detail ? JSON.stringify(entry.detail) : null;
  await runStatement(db, 'audit_insert', AUDIT_SQL, [entry.operatorId, entry.action, entry.target ?? null, detail, timestampParam(now)]);
}

/**
 * The audit row of a money action done in one statement (ActionStatement's prelude): one row per row of `from`,
 * each value an SQL expression over it.
 */
export const auditCte = (name: string, from: string, v: { operator: string; action: string; target: string; detail: string; at: string }) =>
  `${name} as (
  insert into audit_log (operator_id, action, target, detail, created_at)
  select ${v.operator}, ${v.action}, ${v.target}, ${v.detail}, ${v.at} from ${from}
),`;

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

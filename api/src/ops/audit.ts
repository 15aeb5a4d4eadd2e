import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../db/database';
import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
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

export interface AuditQuery {
  /** A dotted prefix of the action. */
  action?: string;
  /** The operator's name, exactly. */
  operator?: string;
  /** Part of what the action was about. */
  target?: string;
  from?: string;
  to?: string;
}

function auditWhere(q: AuditQuery): SQL | undefined {
  return and(
    q.action ? or(eq(auditLog.action, q.action), like(auditLog.action, `${q.action}.%`)) : undefined,
    q.operator ? eq(operators.username, q.operator) : undefined,
    // The target as typed: % and _ in it are not wildcards.
    q.target ? like(auditLog.target, `%${q.target.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(auditLog.createdAt, new Date(q.to)) : undefined,
  );
}

const auditRows = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ a: auditLog, operator: operators.username }).from(auditLog).leftJoin(operators, eq(operators.id, auditLog.operatorId)).where(where).orderBy(desc(auditLog.id));

const toAuditRow = ({ a, operator }: { a: typeof auditLog.$inferSelect; operator: string | null }) => ({
  id: a.id,
  operator,
  action: a.action,
  target: a.target,
  detail: (a.detail as Record<string, unknown> | null) ?? null,
  created_at: a.createdAt.toISOString(),
});

/** The audit log, newest first, filtered. */
export async function listAudit(db: DbOrTx, q: AuditQuery & { page: number; limit: number }) {
  const where = auditWhere(q);
  const [rows, [total]] = await Promise.all([
    auditRows(db, where)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(auditLog).leftJoin(operators, eq(operators.id, auditLog.operatorId)).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map(toAuditRow) };
}

/** The filtered audit log as CSV, newest first, at most `max` rows. */
export async function exportAudit(db: DbOrTx, q: AuditQuery, max: number): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const rows = (await auditRows(db, auditWhere(q)).limit(max + 1)).map(toAuditRow);
  const kept = rows.slice(0, max);
  const csv = stringify(
    kept.map((r) => [r.id, r.created_at, r.operator, r.action, r.target, r.detail ? JSON.stringify(r.detail) : null]),
    // A cell that starts like a formula (= + - @) is not run as one when the file is opened in a spreadsheet.
    { header: true, columns: ['id', 'time', 'operator', 'action', 'target', 'detail'], record_delimiter: 'windows', escape_formulas: true },
  );
  return { csv, rows: kept.length, truncated: rows.length > max };
}

import { aliasedTable, and, count, desc, eq, type SQL } from 'drizzle-orm';
import { idNumberIssue, maskIdNumber, REAL_NAME_STATUS, type ErrorKey, type IdType, type OpsRealName, type RealName } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { operators, realNameVerifications, uploads, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { alreadySettled } from '../ledger/errors';
import { audit } from '../ops/audit';
import { ownUploads, uploadNameOf, uploadUrl } from '../uploads/store';

export interface Submission {
  userId: number;
  currency: string;
  realName: string;
  idType: IdType;
  idNumber: string;
  front: string;
  back: string;
}

const front = aliasedTable(uploads, 'front');
const back = aliasedTable(uploads, 'back');

/** A row with everything an answer shows: the photos' addresses, the user's phone and the deciding operator. */
const withDetails = (db: DbOrTx) =>
  db
    .select({ r: realNameVerifications, front: front.name, back: back.name, user: users.phone, operator: operators.username })
    .from(realNameVerifications)
    .innerJoin(front, eq(front.id, realNameVerifications.frontUploadId))
    .innerJoin(back, eq(back.id, realNameVerifications.backUploadId))
    .innerJoin(users, eq(users.id, realNameVerifications.userId))
    .leftJoin(operators, eq(operators.id, realNameVerifications.decidedBy));
type Detailed = Awaited<ReturnType<ReturnType<typeof withDetails>['where']>>[number];

/** What the user sees: the ID number masked to its last 4 characters. */
function toRealName({ r, front, back }: Detailed): RealName {
  return {
    id: r.id,
    status: r.status,
    real_name: r.realName,
    id_type: r.idType as IdType,
    id_number: maskIdNumber(r.idNumber),
    id_number_img: uploadUrl(front),
    id_number_img_two: uploadUrl(back),
    reject_reason: r.rejectReason,
    created_at: r.createdAt.toISOString(),
  };
}

/** What an operator sees: the whole number, whose it is and who decided. */
function toOpsRealName(d: Detailed): OpsRealName {
  return {
    ...toRealName(d),
    id_number: d.r.idNumber,
    user: d.user,
    user_id: d.r.userId,
    decided_by: d.operator,
    decided_at: d.r.decidedAt?.toISOString() ?? null,
  };
}

/** The user's latest submission, or null. */
export async function realNameState(db: DbOrTx, userId: number): Promise<RealName | null> {
  const [row] = await withDetails(db).where(eq(realNameVerifications.userId, userId)).orderBy(desc(realNameVerifications.id)).limit(1);
  return row ? toRealName(row) : null;
}

/** Whether the user's real name is approved (withdrawals and loans need it). */
export async function isRealNameApproved(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: realNameVerifications.id })
    .from(realNameVerifications)
    .where(and(eq(realNameVerifications.userId, userId), eq(realNameVerifications.status, REAL_NAME_STATUS.approved)))
    .limit(1);
  return row !== undefined;
}

/**
 * A submission, under review until an operator decides. Refused while one is under review or approved (a rejected
 * user may submit again); the ID number must pass the deployment's rule for its type; both photos must be the
 * user's own uploads (another user's picture is refused as if it did not exist).
 */
export async function submitRealName(db: Db, s: Submission, now: Date): Promise<RealName> {
  const issue = idNumberIssue(s.currency, s.idType, s.idNumber);
  if (issue) throw new ApiError(400, issue as ErrorKey);
  const [frontName, backName] = [uploadNameOf(s.front), uploadNameOf(s.back)];
  if (!frontName || !backName) throw new ApiError(422, 'uploadNotFound');
  const owned = await ownUploads(db, s.userId, [frontName, backName]);
  const [frontId, backId] = [frontName, backName].map((name) => owned.find((u) => u.name === name)?.id);
  if (frontId === undefined || backId === undefined) throw new ApiError(422, 'uploadNotFound');
  try {
    const [row] = await db
      .insert(realNameVerifications)
      .values({ userId: s.userId, realName: s.realName, idType: s.idType, idNumber: s.idNumber, frontUploadId: frontId, backUploadId: backId, createdAt: now })
      .returning({ id: realNameVerifications.id });
    const [detailed] = await withDetails(db).where(eq(realNameVerifications.id, row!.id));
    return toRealName(detailed!);
  } catch (err) {
    // The partial unique index allows one submission under review or approved per user.
    if (isUniqueViolation(err, 'real_name_one_open_per_user')) throw new ApiError(409, 'realNameAlreadySubmitted');
    throw err;
  }
}

export async function listRealNames(db: DbOrTx, status: number | undefined, paging: { page: number; limit: number }) {
  const where: SQL | undefined = status === undefined ? undefined : eq(realNameVerifications.status, status);
  const [rows, [total]] = await Promise.all([
    withDetails(db)
      .where(where)
      .orderBy(desc(realNameVerifications.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: count() }).from(realNameVerifications).where(where),
  ]);
  return { rows: rows.map(toOpsRealName), count: total?.n ?? 0 };
}

export async function getRealName(db: DbOrTx, id: number): Promise<OpsRealName> {
  const [row] = await withDetails(db).where(eq(realNameVerifications.id, id));
  if (!row) throw new ApiError(404, 'notFound');
  return toOpsRealName(row);
}

/** An operator's decision on a submission under review (approve, or reject with the reason the user sees); audited with it. */
export async function decideRealName(
  db: Db,
  id: number,
  operatorId: number,
  decision: { status: typeof REAL_NAME_STATUS.approved } | { status: typeof REAL_NAME_STATUS.rejected; reason: string },
  now: Date,
): Promise<OpsRealName> {
  const reason = decision.status === REAL_NAME_STATUS.rejected ? decision.reason : null;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(realNameVerifications)
      .set({ status: decision.status, rejectReason: reason, decidedBy: operatorId, decidedAt: now })
      .where(and(eq(realNameVerifications.id, id), eq(realNameVerifications.status, REAL_NAME_STATUS.review)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: realNameVerifications.id }).from(realNameVerifications).where(eq(realNameVerifications.id, id));
      throw exists ? alreadySettled() : new ApiError(404, 'notFound');
    }
    const action = decision.status === REAL_NAME_STATUS.approved ? 'kyc.approve' : 'kyc.reject';
    await audit(tx, { operatorId, action, target: `kyc ${id}`, detail: { user: row.userId, ...(reason ? { reason } : {}) } }, now);
  });
  return getRealName(db, id);
}


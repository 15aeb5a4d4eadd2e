import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { authTokens, type SubjectKind } from '../db/schema';

/** Who a valid bearer token speaks for. */
export interface Subject {
  kind: SubjectKind;
  id: number;
  /** The auth_tokens row, so logout can revoke exactly this token. */
  tokenId: number;
}

export const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

const DAY_MS = 24 * 60 * 60 * 1000;
// last_used_at is a hint for operators, not an audit trail: refresh it at most once a minute per token.
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** Issues a token: 32 random bytes, base64url. Only its sha256 is stored. */
export async function issueToken(
  db: DbOrTx,
  subject: { kind: SubjectKind; id: number },
  ttlDays: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlDays * DAY_MS);
  await db.insert(authTokens).values({
    tokenHash: sha256Hex(token),
    subjectKind: subject.kind,
    subjectId: subject.id,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt };
}

/** The subject of a token that exists, is not revoked and has not expired at `now`; else null. */
export async function resolveToken(db: DbOrTx, token: string, now: Date): Promise<Subject | null> {
  // A token is 43 base64url characters; anything else cannot match, so skip the query.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      id: authTokens.id,
      kind: authTokens.subjectKind,
      subjectId: authTokens.subjectId,
      lastUsedAt: authTokens.lastUsedAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, sha256Hex(token)), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(authTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(authTokens.id, row.id),
          or(isNull(authTokens.lastUsedAt), lt(authTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
  }
  return { kind: row.kind, id: row.subjectId, tokenId: row.id };
}

export async function revokeToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Ends every session of a subject (after a password reset). */
export async function revokeAllTokens(db: DbOrTx, subject: { kind: SubjectKind; id: number }, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.subjectKind, subject.kind), eq(authTokens.subjectId, subject.id), isNull(authTokens.revokedAt)));
}

import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { authTokens, type SubjectKind } from '../db/schema';
import { endedSessions } from './session-events';
import type { Subject } from './subject';
import { tokenCache } from './token-cache';

// One-shot hash (Node >= 20.12): it runs on every authenticated request.
export const sha256Hex = (s: string) => hash('sha256', s, 'hex');

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

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The subject of a token this process verified moments ago (see resolveToken), without touching the database and
 * without an async hop; null when the database has to be asked.
 */
export function cachedSubject(token: string, now: Date): Subject | null {
  return TOKEN_SHAPE.test(token) ? tokenCache.get(sha256Hex(token), now.getTime()) : null;
}

/**
 * The subject of a token that exists, is not revoked and has not expired at `now`; else null.
 * A token verified in the last few seconds is answered from this process's cache (auth/token-cache.ts: what that
 * means across replicas is written there); logout and password reset in this process evict it at once.
 */
export async function resolveToken(db: DbOrTx, token: string, now: Date): Promise<Subject | null> {
  // A token is 43 base64url characters; anything else cannot match, so skip the query.
  if (!TOKEN_SHAPE.test(token)) return null;
  const tokenHash = sha256Hex(token);
  const at = now.getTime();
  const cached = tokenCache.get(tokenHash, at);
  if (cached) return cached;
  const [row] = await db
    .select({
      id: authTokens.id,
      kind: authTokens.subjectKind,
      subjectId: authTokens.subjectId,
      lastUsedAt: authTokens.lastUsedAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
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
  const subject: Subject = { kind: row.kind, id: row.subjectId, tokenId: row.id };
  tokenCache.set(tokenHash, subject, row.expiresAt.getTime(), at);
  return subject;
}

export async function revokeToken(db: DbOrTx, tokenId: number, now: Date): Promise<void> {
  // Evicted before the write and kept out of the cache for a TTL (see TokenCache), so no request can re-cache it.
  tokenCache.forgetToken(tokenId, now.getTime());
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
  await endedSessions.publish([tokenId]);
}

/**
 * Ends every session of a subject (after a password reset), except `keepTokenId` when given: the session that made
 * a password change from a logged-in screen.
 */
export async function revokeAllTokens(db: DbOrTx, subject: { kind: SubjectKind; id: number }, now: Date, keepTokenId?: number): Promise<void> {
  tokenCache.forgetSubject(subject.kind, subject.id, now.getTime());
  const revoked = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authTokens.subjectKind, subject.kind),
        eq(authTokens.subjectId, subject.id),
        keepTokenId === undefined ? undefined : ne(authTokens.id, keepTokenId),
        isNull(authTokens.revokedAt),
      ),
    )
    .returning({ id: authTokens.id });
  // Told before a surrounding transaction commits: a stream closed for a change that then rolls back reopens.
  await endedSessions.publish(revoked.map((r) => r.id));
}

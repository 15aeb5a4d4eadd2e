import type { SubjectKind } from '../db/schema';
import type { Subject } from './subject';

/**
 * How long this process trusts a token it has verified against the database.
 *
 * A revocation served by this process evicts at once; with replicas (REDIS_URL) one served by another replica
 * evicts here when its notice arrives, and the cache is trusted only while this process hears the others (see
 * trustWhile). A token revoked by hand in the database is honoured within TOKEN_CACHE_TTL_MS. Expiry is always exact:
 * an entry carries the token's expires_at.
 */
export const TOKEN_CACHE_TTL_MS = 15_000;
/** Entries kept at most; the oldest go first. 10k entries are ~2 MB. */
export const TOKEN_CACHE_MAX = 10_000;

interface Entry {
  subject: Subject;
  /** App-clock ms when the database said yes. */
  verifiedAt: number;
  /** The token's own expiry (ms). */
  expiresAt: number;
}

/**
 * Verified bearer tokens, by sha256 of the token: the authenticated hot paths (quotes, lists) do not query
 * auth_tokens on every request. Only positive answers are kept; unknown tokens always go to the database.
 *
 * The cache is per process, not per app: a process may run several apps on different databases (tests do), and
 * token hashes are unique across them. Evictions match by token id or subject, which can repeat across databases;
 * evicting another app's entry too only costs it one database look-up, so over-eviction is safe, under-eviction
 * would not be.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Tokens and subjects revoked within the last TTL: not cached again meanwhile, so a request that read the row
   * just before the revoking transaction committed cannot put it back.
   */
  private readonly revokedTokens = new Map<number, number>();
  private readonly revokedSubjects = new Map<string, number>();
  /** What must hold for a cached answer to be used (see trustWhile). */
  private readonly conditions = new Set<() => boolean>();

  constructor(
    readonly ttlMs = TOKEN_CACHE_TTL_MS,
    readonly max = TOKEN_CACHE_MAX,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Uses cached answers only while `condition` holds (this process hears the other replicas' revocations): a
   * replica that cannot hear them asks the database every time. Returns the condition's removal.
   */
  trustWhile(condition: () => boolean): () => void {
    this.conditions.add(condition);
    return () => void this.conditions.delete(condition);
  }

  get(tokenHash: string, now: number): Subject | null {
    for (const holds of this.conditions) if (!holds()) return null;
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    if (now < e.verifiedAt || now - e.verifiedAt >= this.ttlMs || now >= e.expiresAt) {
      this.entries.delete(tokenHash);
      return null;
    }
    return e.subject;
  }

  set(tokenHash: string, subject: Subject, expiresAt: number, now: number): void {
    if (this.isRecentlyRevoked(subject, now)) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { subject, verifiedAt: now, expiresAt });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** One token was revoked (logout). */
  forgetToken(tokenId: number, now: number): void {
    this.revokedTokens.set(tokenId, now + this.ttlMs);
    for (const [hash, e] of this.entries) if (e.subject.tokenId === tokenId) this.entries.delete(hash);
    this.prune(now);
  }

  /** Every token of a subject was revoked (password reset). */
  forgetSubject(kind: SubjectKind, id: number, now: number): void {
    this.revokedSubjects.set(`${kind}:${id}`, now + this.ttlMs);
    for (const [hash, e] of this.entries) if (e.subject.kind === kind && e.subject.id === id) this.entries.delete(hash);
    this.prune(now);
  }

  clear(): void {
    this.entries.clear();
    this.revokedTokens.clear();
    this.revokedSubjects.clear();
  }

  private isRecentlyRevoked(subject: Subject, now: number): boolean {
    const t = this.revokedTokens.get(subject.tokenId);
    if (t !== undefined && now < t) return true;
    const s = this.revokedSubjects.get(`${subject.kind}:${subject.id}`);
    return s !== undefined && now < s;
  }

  private prune(now: number): void {
    for (const [k, until] of this.revokedTokens) if (now >= until) this.revokedTokens.delete(k);
    for (const [k, until] of this.revokedSubjects) if (now >= until) this.revokedSubjects.delete(k);
  }
}

/** This process's cache (see TokenCache). */
export const tokenCache = new TokenCache();

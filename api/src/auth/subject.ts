import type { SubjectKind } from '../db/schema';

/** Who a valid bearer token speaks for. */
export interface Subject {
  kind: SubjectKind;
  id: number;
  /** The auth_tokens row, so logout can revoke exactly this token. */
  tokenId: number;
}

/** Invitation codes, as operators keep them: registration asks for an active one and counts its uses. */
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { invitationCodes } from '../db/schema';
import { audit } from './audit';

type Row = typeof invitationCodes.$inferSelect;
const toRow = (r: Row) => ({ code: r.code, active: r.active, uses: r.uses, created_at: r.createdAt.toISOString() });

export async function listInvitationCodes(db: Db) {
  return (await db.select().from(invitationCodes).orderBy(desc(invitationCodes.id))).map(toRow);
}

/** Creates the code, or sets whether an existing one is accepted; audited with the operator. */
export function saveInvitationCode(db: Db, input: { code: string; active: boolean }, operatorId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invitationCodes)
      .values({ code: input.code, active: input.active, createdAt: now })
      .onConflictDoUpdate({ target: invitationCodes.code, set: { active: sql`excluded.active` } })
      .returning();
    await audit(tx, { operatorId, action: 'invitation_code.save', target: input.code, detail: { active: input.active } }, now);
    return toRow(row!);
  });
}

import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { invitationCodes, users, type User } from '../db/schema';
import { ApiError } from '../http/errors';
import { openWallet } from '../ledger/accounts';
import { hashPassword } from './passwords';
import { revokeAllTokens } from './tokens';

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

async function isActiveInvitation(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitationCodes.id })
    .from(invitationCodes)
    .where(and(eq(invitationCodes.code, code), eq(invitationCodes.active, true)))
    .limit(1);
  return row !== undefined;
}

/** An 8-digit public account number; never starts with 0 so it survives being read as a number. */
const newAccountNo = () => String(randomInt(10_000_000, 100_000_000));

export interface Registration {
  phone: string;
  password: string;
  code: string;
  currency: string;
}

/**
 * Creates a user and their wallet, and counts one use of the invitation code, in one transaction.
 * The pre-checks only spare the password hash on requests that will fail; the transaction is what
 * decides: two concurrent registrations of one phone both pass the pre-check, and the unique index
 * on users.phone lets exactly one commit (the other maps to 409 phoneTaken).
 * The code is checked before the phone, so a caller without a valid code cannot probe which phones exist.
 */
export async function registerUser(db: Db, r: Registration): Promise<User> {
  if (!(await isActiveInvitation(db, r.code))) throw new ApiError(422, 'invalidInvitationCode');
  if (await findUserByPhone(db, r.phone)) throw new ApiError(409, 'phoneTaken');
  const passwordHash = await hashPassword(r.password);

  // Retries only on an account-number collision (1 in ~90 million per existing user).
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [invite] = await tx
          .update(invitationCodes)
          .set({ uses: sql`${invitationCodes.uses} + 1` })
          .where(and(eq(invitationCodes.code, r.code), eq(invitationCodes.active, true)))
          .returning({ id: invitationCodes.id });
        if (!invite) throw new ApiError(422, 'invalidInvitationCode');
        const [user] = await tx
          .insert(users)
          .values({ phone: r.phone, passwordHash, accountNo: newAccountNo() })
          .returning();
        if (!user) throw new Error('insert into users returned no row');
        await openWallet(tx, user.id, r.currency);
        return user;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_phone_unique')) throw new ApiError(409, 'phoneTaken');
      if (isUniqueViolation(err, 'users_account_no_unique')) continue;
      throw err;
    }
  }
  throw new Error('could not allocate a free account number in 5 attempts');
}

/**
 * Sets a new password and ends every session of the user: whoever knew the old one is logged out. `keepTokenId` is
 * the session that made the change from inside the app: it stays logged in.
 */
export async function changePassword(db: Db, userId: number, newPassword: string, now: Date, keepTokenId?: number): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeAllTokens(tx, { kind: 'user', id: userId }, now, keepTokenId);
  });
}

import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/database';
import { accounts } from '../db/schema';

/** A user's available money. Later account kinds (holdings, loans) sit beside it. */
export const WALLET = 'wallet';

/**
 * Opens a user's wallet at zero. Called inside the registration transaction, so a user never exists
 * without a wallet. Balances change only through ledger transfers (a later issue), never here.
 */
export async function openWallet(tx: Tx, userId: number, currency: string): Promise<void> {
  await tx.insert(accounts).values({ userId, kind: WALLET, currency, balance: 0 });
}

/** The wallet balance in minor units; 0 when the user has no wallet in this currency. */
export async function walletBalance(db: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balance })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.kind, WALLET), eq(accounts.currency, currency)))
    .limit(1);
  return row?.balance ?? 0;
}

import { and, desc, eq } from 'drizzle-orm';
import { bankCardRules, type BankCard } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { bankCards } from '../db/schema';
import { ApiError, inputErrorKey } from '../http/errors';

type Row = typeof bankCards.$inferSelect;

/** Only the last 4 digits ever leave the server. */
export const maskNumber = (n: string) => `**** ${n.slice(-4)}`;

export const toBankCard = (r: Row): BankCard => ({
  id: r.id,
  bank: r.bank,
  branch_bank: r.branchBank,
  bank_card: maskNumber(r.cardNumber),
  ifsc: r.ifsc,
  bank_user: r.holder,
  type: 'bank',
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

export interface CardInput {
  bank: string;
  branch_bank?: string;
  bank_card: string;
  bank_user: string;
  ifsc?: string;
}

/** The deployment's card rules (INR: IFSC + account number; MXN: card with Luhn or CLABE), as the form applies them. */
function checked(currency: string, input: CardInput) {
  const parsed = bankCardRules(currency).safeParse(input);
  if (!parsed.success) throw new ApiError(400, inputErrorKey(parsed.error));
  const c = parsed.data;
  return { bank: c.bank, branchBank: c.branch_bank, cardNumber: c.bank_card, ifsc: 'ifsc' in c ? c.ifsc : '', holder: c.bank_user };
}

export async function listCards(db: DbOrTx, userId: number): Promise<BankCard[]> {
  const rows = await db.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(desc(bankCards.id));
  return rows.map(toBankCard);
}

export async function addCard(db: DbOrTx, userId: number, currency: string, input: CardInput): Promise<BankCard> {
  const [row] = await db.insert(bankCards).values({ userId, ...checked(currency, input) }).returning();
  return toBankCard(row!);
}

/** Edits the user's own card; another user's card is as missing as one that never existed. */
export async function editCard(db: DbOrTx, userId: number, id: number, currency: string, input: CardInput, now: Date): Promise<BankCard> {
  const [row] = await db
    .update(bankCards)
    .set({ ...checked(currency, input), updatedAt: now })
    .where(and(eq(bankCards.id, id), eq(bankCards.userId, userId)))
    .returning();
  if (!row) throw new ApiError(404, 'notFound');
  return toBankCard(row);
}

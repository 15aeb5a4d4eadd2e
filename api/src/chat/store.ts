import { and, count, desc, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import { DEFAULT_SERVICE_LINK, type ChatConversation, type ChatMessage } from '@invest/shared/contract';
import { findUserByPhone } from '../auth/users';
import type { Db, DbOrTx } from '../db/database';
import { chatMessages, settings, users } from '../db/schema';
import { ApiError } from '../http/errors';
import { audit } from '../ops/audit';
import { chatEvents } from './events';
import { isServiceLink, SERVICE_LINK_SETTING } from './service-link';

type Row = typeof chatMessages.$inferSelect;

/** A person types a few messages a minute; more is a script. Counted in the database, so every replica agrees. */
export const CHAT_SENDS_PER_MINUTE = 20;
/** The setting naming where the service icons lead (GET /stock/success/kefu); unset: our own chat. */

const toMessage = (r: Row): ChatMessage => ({
  id: r.id,
  text: r.text,
  from: r.sender,
  created_at: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** The user's newest `limit` messages, oldest first, and whether earlier ones exist. */
export async function conversation(db: DbOrTx, userId: number, limit: number): Promise<{ rows: ChatMessage[]; more: boolean }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).reverse().map(toMessage), more: rows.length > limit };
}

/** The user's message to customer service. */
export async function sendMessage(db: Db, userId: number, text: string, now: Date): Promise<ChatMessage> {
  const since = new Date(now.getTime() - 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sender, 'user'), gt(chatMessages.createdAt, since)));
  if ((recent?.n ?? 0) >= CHAT_SENDS_PER_MINUTE) throw new ApiError(429, 'tooManyRequests', 60);
  const [row] = await db.insert(chatMessages).values({ userId, sender: 'user', text, createdAt: now }).returning();
  void chatEvents.publish([userId]);
  return toMessage(row!);
}

/** Agents' messages the user has not seen. */
export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sender, 'agent'), isNull(chatMessages.readAt)));
  return row?.n ?? 0;
}

/** The user saw the agents' messages up to `lastId` (the newest on screen; a later reply stays unread). */
export async function markRead(db: Db, userId: number, lastId: number, now: Date): Promise<number> {
  const seen = await db
    .update(chatMessages)
    .set({ readAt: now })
    .where(and(eq(chatMessages.userId, userId), eq(chatMessages.sender, 'agent'), isNull(chatMessages.readAt), lte(chatMessages.id, lastId)))
    .returning({ id: chatMessages.id });
  // The user's other screens drop their badge too.
  if (seen.length) void chatEvents.publish([userId]);
  return unreadCount(db, userId);
}

/**
 * Where the service icons lead: the configured link when it is one (isServiceLink), else our own chat. A malformed
 * setting never sends a user somewhere odd.
 */
export async function serviceLink(db: DbOrTx): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.tag, SERVICE_LINK_SETTING));
  const link = row?.value.trim() ?? '';
  return isServiceLink(link) ? link : DEFAULT_SERVICE_LINK;
}

/** The user a chat path names by phone; 404 when there is none (an operator typo is not a server error). */
async function userByPhone(db: DbOrTx, phone: string) {
  const user = await findUserByPhone(db, phone);
  if (!user) throw new ApiError(404, 'notFound');
  return user;
}

export async function userConversation(db: DbOrTx, phone: string, limit: number) {
  return conversation(db, (await userByPhone(db, phone)).id, limit);
}

/**
 * An agent's reply (audited): stored, the user's messages count as seen by the agents, and the user's open screens
 * are told at once.
 */
export async function agentReply(db: Db, req: { phone: string; operatorId: number; text: string }, now: Date): Promise<ChatMessage> {
  const user = await userByPhone(db, req.phone);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(chatMessages).values({ userId: user.id, sender: 'agent', operatorId: req.operatorId, text: req.text, createdAt: now }).returning();
    await tx
      .update(chatMessages)
      .set({ readAt: now })
      .where(and(eq(chatMessages.userId, user.id), eq(chatMessages.sender, 'user'), isNull(chatMessages.readAt)));
    await audit(tx, { operatorId: req.operatorId, action: 'chat.reply', target: user.phone, detail: { message_id: inserted!.id } }, now);
    return inserted!;
  });
  void chatEvents.publish([user.id]);
  return toMessage(row);
}

/** Every conversation: those with messages no agent has seen first, then by the latest message. */
export async function conversations(db: DbOrTx, paging: { page: number; limit: number }): Promise<{ rows: ChatConversation[]; count: number }> {
  const last = db.select({ id: max(chatMessages.id).as('last_id') }).from(chatMessages).groupBy(chatMessages.userId).as('last');
  const unread = sql<number>`(select count(*) from ${chatMessages} as u where u.user_id = ${chatMessages.userId} and u.sender = 'user' and u.read_at is null)`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({ m: chatMessages, phone: users.phone, no: users.accountNo, unread })
      .from(chatMessages)
      .innerJoin(last, eq(last.id, chatMessages.id))
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .orderBy(desc(sql`${unread} > 0`), desc(chatMessages.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ n: sql<number>`count(distinct ${chatMessages.userId})`.mapWith(Number) }).from(chatMessages),
  ]);
  return {
    count: total?.n ?? 0,
    rows: rows.map(({ m, phone, no, unread: n }) => ({ user: phone, no, last_text: m.text, last_from: m.sender, last_at: m.createdAt.toISOString(), unread: n })),
  };
}

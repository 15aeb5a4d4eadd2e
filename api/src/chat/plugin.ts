import type { FastifyInstance } from 'fastify';
import { calls, ChatUserParam } from '@invest/shared/contract';
import { ApiError } from '../http/errors';
import { route, subjectOf, type RouteContext } from '../http/route';
import { agentReply, conversation, conversations, markRead, sendMessage, serviceLink, unreadCount, userConversation } from './store';

/** The `:user` of an ops chat path: a user's phone, else no such conversation. */
function phoneParam(ctx: RouteContext): string {
  const parsed = ChatUserParam.safeParse((ctx.req.params as { user?: string }).user);
  if (!parsed.success) throw new ApiError(404, 'notFound');
  return parsed.data;
}

/** Customer-service chat: the user's conversation, unread count and service link, and the agents' side. */
export async function chatPlugin(app: FastifyInstance): Promise<void> {
  route(app, calls.chatMessages, async ({ limit }, ctx) => conversation(app.db, subjectOf(ctx).id, limit));
  route(app, calls.chatSend, async ({ message }, ctx) => sendMessage(app.db, subjectOf(ctx).id, message, ctx.now));
  route(app, calls.chatUnreadCount, async (_input, ctx) => ({ unread_count: await unreadCount(app.db, subjectOf(ctx).id) }));
  route(app, calls.chatRead, async ({ last_id }, ctx) => ({ unread_count: await markRead(app.db, subjectOf(ctx).id, last_id, ctx.now) }));
  route(app, calls.kefu, async () => serviceLink(app.db));

  route(app, calls.opsChats, async (paging) => conversations(app.db, paging));
  route(app, calls.opsChatMessages, async ({ limit }, ctx) => userConversation(app.db, phoneParam(ctx), limit));
  route(app, calls.opsChatReply, async ({ text }, ctx) => agentReply(app.db, { phone: phoneParam(ctx), operatorId: subjectOf(ctx).id, text }, ctx.now));
}

import { z } from 'zod';
import { defineCall, NoInput, QueryId } from './envelope';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { MESSAGE_MAX, charCount } from './values/chat';
import { limitOf, Paging } from './market';
import { Phone } from './rules';
export * from './values/chat';

/**
 * What a user or an agent types: plain text, trimmed, line breaks (CRLF as LF) and tabs kept, nothing else hidden in
 * it. Markup is stored and shown as the characters typed; nothing ever interprets it.
 */
export const MessageText = z
  .string({ error: 'messageRequired' })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    plainText(
      z
        .string()
        .min(1, 'messageRequired')
        .refine((s) => charCount(s) <= MESSAGE_MAX, 'messageTooLong'),
      'many',
    ),
  );

export const ChatMessage = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Who wrote it: the user, or an agent (an operator). */
  from: z.enum(['user', 'agent']),
  created_at: z.string(),
  /** An agent's message: the user has seen it. A user's message: an agent has seen it. */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The newest `limit` messages, oldest first; `more` when earlier ones exist. */
const MessagePage = z.object({ rows: z.array(ChatMessage), more: z.boolean() });
const HistoryInput = z.strictObject({ limit: limitOf(500).default(50) });

/** GET /stock/success/user_message/list-message: the user's conversation (spec: "list"; paging is ours). */
export const chatMessages = defineCall({
  ...routes.chatMessages,
  input: HistoryInput,
  output: MessagePage,
});

/** POST /stock/success/user_message/send: the spec's "message text". */
export const chatSend = defineCall({
  ...routes.chatSend,
  input: z.strictObject({ message: MessageText }),
  output: ChatMessage,
});

export const UnreadCount = z.object({ unread_count: z.number().int() });

/** GET /stock/success/user_message/unread-count: the agents' messages the user has not seen. */
export const chatUnreadCount = defineCall({
  ...routes.chatUnreadCount,
  input: NoInput,
  output: UnreadCount,
});

/** Ours, beyond the spec: the chat screen marks what it showed as read, up to the newest agent message on screen. */
export const chatRead = defineCall({
  ...routes.chatRead,
  input: z.strictObject({ last_id: QueryId }),
  output: UnreadCount,
});

/** GET /stock/success/kefu: where the service icons lead: an internal route (starts with one /) or an https URL. */
export const kefu = defineCall({
  ...routes.kefu,
  input: NoInput,
  output: z.string(),
});

/** An operator's view of one conversation: whose it is, the last message, and what no agent has seen yet. */
export const ChatConversation = z.object({
  user: z.string(),
  no: z.string(),
  last_text: z.string(),
  last_from: z.enum(['user', 'agent']),
  last_at: z.string(),
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

/** GET /api/ops/chats: conversations, those with unread messages first, then the latest. */
export const opsChats = defineCall({
  ...opsRoutes.opsChats,
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(ChatConversation), count: z.number().int() }),
});

/** The `:user` of an ops chat path: the user's phone. */
export const ChatUserParam = Phone;

/** GET /api/ops/chats/:user/messages: one user's conversation. */
export const opsChatMessages = defineCall({
  ...opsRoutes.opsChatMessages,
  input: HistoryInput,
  output: MessagePage,
});

/** POST /api/ops/chats/:user/messages: an agent's reply (audited); the user's unread messages count as seen. */
export const opsChatReply = defineCall({
  ...opsRoutes.opsChatReply,
  input: z.strictObject({ text: MessageText }),
  output: ChatMessage,
});

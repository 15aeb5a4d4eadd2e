import { z } from 'zod';
import { defineCall, NoInput, QueryId } from './envelope';
import { limitOf, Paging } from './market';
import { Phone } from './rules';

/** Issue 10: a message is 1–1000 characters after trimming (counted as the user sees them, not UTF-16 units). */
export const MESSAGE_MAX = 1000;
/** Spec §9: the unread count is polled every 10 s (the chat screen's fallback while the event stream is down, too). */
export const CHAT_POLL_MS = 10_000;
/** The config flag (GET /v2/config) that turns the unread polling and the badge on (spec §6: off unless set). */
export const CUSTOMER_SERVICE_MODE = 'customer_service_mode';
/** The customer-service link when none is configured: our own chat. */
export const DEFAULT_SERVICE_LINK = '/customer-service';

/** The characters of a text as a user counts them (an emoji is one). */
export const charCount = (text: string): number => [...text].length;

/**
 * What a user or an agent types: plain text, trimmed, line breaks kept (CRLF as LF), no other control characters.
 * Markup is stored and shown as the characters typed; nothing ever interprets it.
 */
export const MessageText = z
  .string({ error: 'messageRequired' })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'messageRequired')
      .refine((s) => charCount(s) <= MESSAGE_MAX, 'messageTooLong')
      .regex(/^(?:[^\p{Cc}]|\n)*$/u, 'invalidInput'),
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
  method: 'GET',
  path: '/stock/success/user_message/list-message',
  auth: 'user',
  input: HistoryInput,
  output: MessagePage,
});

/** POST /stock/success/user_message/send: the spec's "message text". */
export const chatSend = defineCall({
  method: 'POST',
  path: '/stock/success/user_message/send',
  auth: 'user',
  input: z.strictObject({ message: MessageText }),
  output: ChatMessage,
});

export const UnreadCount = z.object({ unread_count: z.number().int() });

/** GET /stock/success/user_message/unread-count: the agents' messages the user has not seen. */
export const chatUnreadCount = defineCall({
  method: 'GET',
  path: '/stock/success/user_message/unread-count',
  auth: 'user',
  input: NoInput,
  output: UnreadCount,
});

/** Ours, beyond the spec: the chat screen marks what it showed as read, up to the newest agent message on screen. */
export const chatRead = defineCall({
  method: 'POST',
  path: '/stock/success/user_message/read',
  auth: 'user',
  input: z.strictObject({ last_id: QueryId }),
  output: UnreadCount,
});

/** GET /stock/success/kefu: where the service icons lead: an internal route (starts with one /) or an https URL. */
export const kefu = defineCall({
  method: 'GET',
  path: '/stock/success/kefu',
  auth: 'user',
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
  method: 'GET',
  path: '/ops/chats',
  auth: 'operator',
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(ChatConversation), count: z.number().int() }),
});

/** The `:user` of an ops chat path: the user's phone. */
export const ChatUserParam = Phone;

/** GET /api/ops/chats/:user/messages: one user's conversation. */
export const opsChatMessages = defineCall({
  method: 'GET',
  path: '/ops/chats/:user/messages',
  auth: 'operator',
  input: HistoryInput,
  output: MessagePage,
});

/** POST /api/ops/chats/:user/messages: an agent's reply (audited); the user's unread messages count as seen. */
export const opsChatReply = defineCall({
  method: 'POST',
  path: '/ops/chats/:user/messages',
  auth: 'operator',
  input: z.strictObject({ text: MessageText }),
  output: ChatMessage,
});

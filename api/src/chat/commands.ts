import { parseArgs } from 'node:util';
import { calls, type ChatMessage } from '@invest/shared/contract';
import { UsageError } from '../ops/money-commands';
import type { OpsApi } from '../ops/remote';

export const CHAT_USAGE = `Customer-service chat (the running server's /api/ops, audited there):
  chat list [--page N]                  conversations, unread first: user, account no, unread, last message
  chat show USER [--limit N]            one user's conversation (USER is the phone), oldest first
  chat reply USER TEXT                  answers as an agent; the user sees it at once
`;

/** One line per message; a multi-line message keeps its lines, indented under the first. */
const line = (m: ChatMessage) => `${m.created_at}  ${m.from === 'agent' ? 'agent' : 'user '}  ${m.text.replace(/\n/g, '\n' + ' '.repeat(33))}`;

const whole = (v: string | undefined, what: string) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${what} must be a positive whole number`);
  return n;
};

/** `npm run ops -- chat list | show USER | reply USER TEXT`. Returns the exit code. */
export async function chatCommand(api: () => Promise<OpsApi>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { page: { type: 'string' } }, strict: true });
      const res = await (await api()).call(calls.opsChats, { page: whole(values.page, '--page') });
      if (!res.rows.length) console.log('(no conversations)');
      for (const c of res.rows) console.log(`${c.user}  ${c.no}  unread ${c.unread}  ${c.last_at}  ${c.last_from}: ${c.last_text.split('\n')[0]}`);
      return 0;
    }
    case 'show': {
      const { values, positionals } = parseArgs({ args: rest, options: { limit: { type: 'string' } }, allowPositionals: true, strict: true });
      if (positionals.length !== 1) throw new UsageError('chat show takes one USER (the phone)');
      const res = await (await api()).call(calls.opsChatMessages, { limit: whole(values.limit, '--limit') }, { user: positionals[0]! });
      if (res.more) console.log('(earlier messages not shown: --limit N)');
      console.log(res.rows.length ? res.rows.map(line).join('\n') : '(no messages)');
      return 0;
    }
    case 'reply': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      const [user, ...words] = positionals;
      if (!user || !words.length) throw new UsageError('chat reply takes USER and TEXT');
      const m = await (await api()).call(calls.opsChatReply, { text: words.join(' ') }, { user });
      console.log(`reply ${m.id} sent to ${user}`);
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown chat command "${sub}"` : 'chat takes list, show or reply');
  }
}

import { eq } from 'drizzle-orm';
import { CHAT_SENDS_PER_MINUTE } from '../src/chat/store';
import { SERVICE_LINK_SETTING } from '../src/chat/service-link';
import { settings } from '../src/db/schema';
import { openEventStream } from './event-stream';
import { backends, HOOK_TIMEOUT, useApp, type TestApp } from './harness';
import { opsCli } from './ops-cli';

const SEND = '/stock/success/user_message/send';
const LIST = '/stock/success/user_message/list-message';
const UNREAD = '/stock/success/user_message/unread-count';
const READ = '/stock/success/user_message/read';
const KEFU = '/stock/success/kefu';

async function user(t: TestApp) {
  const { phone, password } = await t.register();
  return { phone, token: await t.login(phone, password) };
}

describe.each(backends)('customer-service chat on $name', (backend) => {
  const t = useApp(backend);
  let ops: string;
  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  const send = (token: string, message: unknown) => t.current.post(SEND, { message }, { token });
  const list = (token: string, query?: Record<string, string>) => t.current.get(LIST, { token, query });
  const unread = async (token: string) => (await t.current.get(UNREAD, { token })).body.data.unread_count as number;
  const reply = (phone: string, text: unknown) => t.current.post(`/ops/chats/${phone}/messages`, { text }, { token: ops });

  it('keeps a message as typed, trimmed, markup and line breaks included, and lists the conversation oldest first', async () => {
    const a = await user(t.current);
    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"';
    const first = await send(a.token, '  Hello,\r\nI need help  ');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ text: 'Hello,\nI need help', from: 'user', read: false });
    expect((await send(a.token, markup)).body.data.text).toBe(markup);

    const res = await list(a.token);
    expect(res.status).toBe(200);
    expect(res.body.data.more).toBe(false);
    expect(res.body.data.rows.map((m: { text: string }) => m.text)).toEqual(['Hello,\nI need help', markup]);
  });

  it('refuses an empty, a too long or a control-character message, and writes nothing', async () => {
    const a = await user(t.current);
    for (const [message, key] of [
      ['', 'messageRequired'],
      ['   \n\t ', 'messageRequired'],
      [undefined, 'messageRequired'],
      [42, 'messageRequired'],
      ['x'.repeat(1001), 'messageTooLong'],
      ['bell\u0007', 'invisibleCharacters'],
      ['esc\u001b[31m red', 'invisibleCharacters'],
    ] as const) {
      const res = await send(a.token, message);
      expect([message, res.status, res.body]).toEqual([message, 400, { msg: 'no', data: key }]);
    }
    expect((await t.current.post(SEND, { message: 'hi', user_id: 1 }, { token: a.token })).status).toBe(400);
    expect((await list(a.token)).body.data.rows).toEqual([]);
    // 1000 characters as the user counts them: emoji are one each, though two UTF-16 units.
    expect((await send(a.token, '😀'.repeat(1000))).status).toBe(200);
    expect((await send(a.token, '😀'.repeat(1001))).body.data).toBe('messageTooLong');
  });

  it('needs a user: no token is 401, an operator token 403', async () => {
    expect((await t.current.post(SEND, { message: 'hi' })).status).toBe(401);
    expect((await t.current.get(LIST)).status).toBe(401);
    expect((await t.current.get(UNREAD)).status).toBe(401);
    expect((await t.current.post(SEND, { message: 'hi' }, { token: ops })).status).toBe(403);
    expect((await t.current.get(UNREAD, { token: ops })).status).toBe(403);
  });

  it('an agent reply is unread until the user has seen it; a later reply stays unread', async () => {
    const a = await user(t.current);
    await send(a.token, 'Where is my deposit?');
    expect(await unread(a.token)).toBe(0);

    const r1 = await reply(a.phone, 'It is on its way.');
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ from: 'agent', text: 'It is on its way.', read: false });
    expect(await unread(a.token)).toBe(1);
    const r2 = await reply(a.phone, 'Anything else?');
    expect(await unread(a.token)).toBe(2);

    // Seen up to the first reply only (the screen had not received the second yet).
    expect((await t.current.post(READ, { last_id: r1.body.data.id }, { token: a.token })).body.data).toEqual({ unread_count: 1 });
    expect((await t.current.post(READ, { last_id: r2.body.data.id }, { token: a.token })).body.data).toEqual({ unread_count: 0 });
    const rows = (await list(a.token)).body.data.rows as { from: string; read: boolean }[];
    expect(rows.map((m) => [m.from, m.read])).toEqual([
      ['user', true],
      ['agent', true],
      ['agent', true],
    ]);
    expect((await t.current.post(READ, { last_id: 0 }, { token: a.token })).status).toBe(400);
    expect((await t.current.post(READ, { last_id: 'x' }, { token: a.token })).status).toBe(400);
  });

  it("never shows or marks another user's messages", async () => {
    const a = await user(t.current);
    const b = await user(t.current);
    await send(a.token, 'private to A');
    const toA = (await reply(a.phone, 'for A only')).body.data;

    expect((await list(b.token)).body.data.rows).toEqual([]);
    expect(await unread(b.token)).toBe(0);
    // B naming A's message id marks nothing of A's.
    expect((await t.current.post(READ, { last_id: toA.id }, { token: b.token })).body.data).toEqual({ unread_count: 0 });
    expect(await unread(a.token)).toBe(1);
    // Fields that could name another user are refused, not ignored.
    expect((await list(b.token, { user: a.phone })).status).toBe(400);
    expect((await t.current.post(SEND, { message: 'x', user: a.phone }, { token: b.token })).status).toBe(400);
    // The operators' calls are not a user's.
    expect((await t.current.get(`/ops/chats/${a.phone}/messages`, { token: b.token })).status).toBe(403);
    expect((await t.current.post(`/ops/chats/${a.phone}/messages`, { text: 'x' }, { token: b.token })).status).toBe(403);
    expect((await t.current.get('/ops/chats', { token: b.token })).status).toBe(403);
  });

  it('pages the newest messages: `more` says earlier ones exist', async () => {
    const a = await user(t.current);
    for (const text of ['one', 'two', 'three']) await send(a.token, text);
    const res = (await list(a.token, { limit: '2' })).body.data;
    expect(res).toMatchObject({ more: true });
    expect(res.rows.map((m: { text: string }) => m.text)).toEqual(['two', 'three']);
    expect((await list(a.token, { limit: '0' })).status).toBe(400);
    expect((await list(a.token, { limit: '501' })).status).toBe(400);
  });

  it('operators list conversations, unread first, read one, reply (audited); bad names are 404', async () => {
    const a = await user(t.current);
    const b = await user(t.current);
    await send(a.token, 'A asks');
    await send(b.token, 'B asks');
    await send(b.token, 'B asks again');
    await reply(a.phone, 'A answered');

    const chats = await t.current.get('/ops/chats', { token: ops, query: { limit: '100' } });
    expect(chats.status).toBe(200);
    const rows = chats.body.data.rows as { user: string; unread: number; last_text: string; last_from: string }[];
    const mine = rows.filter((r) => r.user === a.phone || r.user === b.phone);
    expect(mine).toEqual([
      expect.objectContaining({ user: b.phone, unread: 2, last_text: 'B asks again', last_from: 'user' }),
      expect.objectContaining({ user: a.phone, unread: 0, last_text: 'A answered', last_from: 'agent' }),
    ]);
    expect(rows.findIndex((r) => r.user === b.phone)).toBeLessThan(rows.findIndex((r) => r.unread === 0));

    const history = await t.current.get(`/ops/chats/${b.phone}/messages`, { token: ops });
    expect(history.body.data.rows.map((m: { text: string }) => m.text)).toEqual(['B asks', 'B asks again']);

    const audit = await t.current.get('/ops/audit', { token: ops, query: { action: 'chat' } });
    expect(audit.body.data.rows[0]).toMatchObject({ action: 'chat.reply', target: a.phone });

    expect((await reply('0000000000', 'hello')).status).toBe(404);
    expect((await reply('not-a-phone', 'hello')).status).toBe(404);
    expect((await t.current.get('/ops/chats/123/messages', { token: ops })).status).toBe(404);
    expect((await reply(a.phone, '  ')).body).toEqual({ msg: 'no', data: 'messageRequired' });
    expect((await t.current.get('/ops/chats')).status).toBe(401);
  });

  it(`refuses more than ${CHAT_SENDS_PER_MINUTE} messages a minute, then takes them again`, async () => {
    const a = await user(t.current);
    for (let i = 0; i < CHAT_SENDS_PER_MINUTE; i++) expect((await send(a.token, `m${i}`)).status).toBe(200);
    const refused = await send(a.token, 'one more');
    expect(refused.status).toBe(429);
    expect(refused.body.data).toBe('tooManyRequests');
    t.current.advance(61_000);
    expect((await send(a.token, 'later')).status).toBe(200);
  });

  it('answers the configured service link: our chat by default, an https URL or a route, never anything else', async () => {
    const a = await user(t.current);
    const set = async (value: string) =>
      t.current.database.db.insert(settings).values({ tag: SERVICE_LINK_SETTING, value }).onConflictDoUpdate({ target: settings.tag, set: { value } });
    expect((await t.current.get(KEFU, { token: a.token })).body).toEqual({ msg: 'ok', data: '/customer-service' });
    for (const [value, answer] of [
      ['https://help.example.com/chat?x=1', 'https://help.example.com/chat?x=1'],
      ['/settings', '/settings'],
      ['javascript:alert(1)', '/customer-service'],
      ['//evil.example.com', '/customer-service'],
      ['http://plain.example.com', '/customer-service'],
      ['', '/customer-service'],
    ]) {
      await set(value!);
      expect([value, (await t.current.get(KEFU, { token: a.token })).body.data]).toEqual([value, answer]);
    }
    await t.current.database.db.delete(settings).where(eq(settings.tag, SERVICE_LINK_SETTING));
    expect((await t.current.get(KEFU)).status).toBe(401);
  });

  it('publishes the customer-service mode flag in the config (on in the demo)', async () => {
    const config = (await t.current.get('/v2/config')).body.data as { tag: string; value: string }[];
    expect(config).toContainEqual({ tag: 'customer_service_mode', value: '1' });
  });
});

describe.each(backends.slice(0, 1))('chat over the event stream and the ops CLI on $name', (backend) => {
  const t = useApp(backend);
  let base: string;
  let cli: ReturnType<typeof opsCli>;
  beforeAll(async () => {
    base = await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
    cli = opsCli(t.current, base);
  }, HOOK_TIMEOUT);

  it("tells the user's one stream, and no one else's, when an agent replies", async () => {
    const a = await user(t.current);
    const b = await user(t.current);
    const abort = new AbortController();
    const [mine, theirs] = [await openEventStream(base, a.token, 'chat', abort.signal), await openEventStream(base, b.token, 'chat', abort.signal)];
    await t.current.post(`/ops/chats/${a.phone}/messages`, { text: 'Hello from support' }, { token: await t.current.operatorToken() });
    expect(await mine(3_000)).toContain('event: chat');
    expect(await theirs(500)).not.toContain('event: chat');
    abort.abort();
  });

  it(
    'npm run ops -- chat list | show | reply: the operator reads and answers, the user gets it',
    async () => {
      const a = await user(t.current);
      await t.current.post(SEND, { message: 'Is anyone there?' }, { token: a.token });

      const list = await cli('chat', 'list');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`^${a.phone}\\s+\\d{8}\\s+unread 1\\s+\\S+\\s+user: Is anyone there\\?$`, 'm'));
      expect(await cli('chat', 'reply', a.phone, 'Yes,', 'how', 'can', 'I', 'help?')).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^reply \\d+ sent to ${a.phone}\\n$`)) });
      const show = await cli('chat', 'show', a.phone);
      expect(show.stdout).toMatch(/ user {3}Is anyone there\?\n.* agent {2}Yes, how can I help\?\n$/);
      expect(await unreadOf(a.token)).toBe(1);

      expect(await cli('chat', 'reply', '0000000000', 'hi')).toMatchObject({ code: 1, stderr: 'refused (404): Not found (notFound)\n' });
      expect(await cli('chat', 'reply', a.phone)).toMatchObject({ code: 2 });
      expect(await cli('chat', 'nope')).toMatchObject({ code: 2 });
    },
    60_000,
  );

  const unreadOf = async (token: string) => (await t.current.get(UNREAD, { token })).body.data.unread_count as number;
});

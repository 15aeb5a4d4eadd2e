import { z } from 'zod';
import { ApiError, call } from '../src/api/client';
import { bus, session } from '@invest/runtime';
import { defineCall } from '../src/contract/envelope';

const ping = defineCall({ method: 'GET', path: '/ping', auth: 'user', input: z.object({ q: z.string() }), output: z.object({ n: z.number() }) });
const save = defineCall({ method: 'POST', path: '/save', auth: 'user', input: z.object({ a: z.number() }), output: z.literal('ok') });

function reply(status: number, body: unknown) {
  // jsdom has no fetch Response; the client reads only these members.
  return jest.fn().mockResolvedValue({ ok: status >= 200 && status < 300, status, json: async () => body });
}

beforeEach(() => localStorage.clear());

it('sends the token, the query and JSON, and returns data of msg ok', async () => {
  session.start('tok123', { id: 1, user: '9876543210', login: true }, null);
  const fetchMock = reply(200, { msg: 'ok', data: { n: 3 } });
  global.fetch = fetchMock;
  await expect(call(ping, { q: 'a b' })).resolves.toEqual({ n: 3 });
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/api/ping?q=a+b');
  expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok123');

  global.fetch = reply(200, { msg: 'ok', data: 'ok' });
  await call(save, { a: 1 });
  const [, postInit] = (global.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
  expect(postInit.body).toBe('{"a":1}');
});

it('rejects with the error key of msg no', async () => {
  global.fetch = reply(409, { msg: 'no', data: 'phoneTaken' });
  await expect(call(save, { a: 1 })).rejects.toMatchObject({ key: 'phoneTaken', status: 409 });
});

it('a rejection keeps what it carries beside the key (a moved price)', async () => {
  global.fetch = reply(409, { msg: 'no', data: 'priceMoved', price: 101.5, seen: 100, collar_bps: 100 });
  await expect(call(save, { a: 1 })).rejects.toMatchObject({ key: 'priceMoved', status: 409, details: { price: 101.5, seen: 100, collar_bps: 100 } });
});

it('a 401, or 400 with msg logout, ends the session and tells the bus', async () => {
  for (const [status, body] of [
    [401, { msg: 'no', data: 'unauthorized' }],
    [400, { msg: 'logout', data: 'x' }],
  ] as const) {
    session.start('tok', { id: 1, user: '9876543210', login: true }, null);
    const events: string[] = [];
    const sub = bus.on('session:logout').subscribe((e) => events.push(e.reason));
    global.fetch = reply(status, body);
    await expect(call(ping, { q: '' })).rejects.toBeInstanceOf(ApiError);
    sub.unsubscribe();
    expect(session.token()).toBeNull();
    expect(events).toEqual(['expired']);
  }
});

it('maps a network failure and an answer that is not the envelope', async () => {
  global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  await expect(call(ping, { q: '' })).rejects.toMatchObject({ key: 'network', status: 0 });
  for (const body of [{ msg: 'ok' }, { data: { n: 3 } }, null, 'ok']) {
    global.fetch = reply(200, body);
    await expect(call(ping, { q: '' })).rejects.toMatchObject({ key: 'badResponse' });
  }
});

it('returns the data as the server sent it: the server parses every answer with the output schema (no zod in the page)', async () => {
  global.fetch = reply(200, { msg: 'ok', data: { n: 3, extra: true } });
  await expect(call(ping, { q: '' })).resolves.toEqual({ n: 3, extra: true });
});

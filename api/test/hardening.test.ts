/**
 * The request path under hostile input: what an attack on the API found (NUL bytes, ids past int4, framework
 * errors outside the `{msg, data}` convention, HEAD holding a quote stream, missing security headers).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

const invalid = { msg: 'no', data: 'invalidInput' };

describe.each(backends)('hardened request path on $name', (backend) => {
  const t = useApp(backend);
  let user: string;
  let ops: string;
  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    user = await t.current.login(phone, password);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  describe('NUL bytes', () => {
    it('refuses a NUL byte in a body string with 400, and registers nobody', async () => {
      const phone = t.current.phone();
      const res = await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026\u0000' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
      // The same phone still registers: the refused call changed nothing.
      expect((await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' })).status).toBe(200);
    });

    it.each([
      ['/v2/stock/list', { keyword: 'TCS\u0000' }],
      ['/stock/success/collection/check', { symbol: 'AAPL\u0000' }],
      ['/v2/yahoo', { symbol: '\u0000' }],
    ])('refuses a NUL byte in the query of %s with 400', async (path, query) => {
      const res = await t.current.get(path, { token: user, query });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
    });

    it('refuses a NUL byte in an operator body and in an object key', async () => {
      const res = await t.current.post('/ops/news', { title: 'T\u0000', content: '<p>x</p>' }, { token: ops });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
      const key = await t.current.post('/stock/user/login', { user: '9876543210', password: 'secret123', ['a\u0000']: 1 });
      expect(key.status).toBe(400);
    });

    it('refuses a NUL byte in a path parameter', async () => {
      const res = await t.current.inject({ method: 'GET', url: '/api/static/news/1%00.svg' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
    });
  });

  describe('integers past the int4 range', () => {
    it.each(['2147483648', '9007199254740993', '1e12'])('refuses article id %s with 400', async (id) => {
      const res = await t.current.get('/stock/new/index', { token: user, query: { id } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
    });

    it('still answers 404 for the largest id that could exist', async () => {
      const res = await t.current.get('/stock/new/index', { token: user, query: { id: '2147483647' } });
      expect(res.status).toBe(404);
    });

    it.each([2147483648, -2147483649])('refuses operator news id %s with 400', async (id) => {
      for (const path of ['/ops/news/delete', '/ops/news/update']) {
        const body = path.endsWith('delete') ? { id } : { id, title: 'T', content: '<p>x</p>' };
        const res = await t.current.post(path, body, { token: ops });
        expect(res.status).toBe(400);
        expect(res.body).toEqual(invalid);
      }
    });
  });

  describe('framework errors keep {msg, data}', () => {
    it('answers a URL that does not decode with 400 invalidInput', async () => {
      const res = await t.current.inject({ method: 'GET', url: '/api/%' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(invalid);
    });

    it('answers a body over the limit with 413', async () => {
      const res = await t.current.post('/stock/user/login', undefined, { raw: JSON.stringify({ user: 'x'.repeat(2 * 1024 * 1024) }) });
      expect(res.status).toBe(413);
      expect(res.body).toEqual(invalid);
    });

    it('answers headers over the limit with 431 and a JSON body', async () => {
      const { app } = t.current.built;
      // A real socket: Node's HTTP parser, not the router, refuses an oversized header.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const res = await new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/v2/config', headers: { 'x-big': 'a'.repeat(20_000) } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body, type: String(r.headers['content-type']) }));
        });
        req.on('error', reject);
      });
      expect(res.status).toBe(431);
      expect(res.type).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual(invalid);
    });
  });

  it('opens a quote stream on GET only: HEAD is answered at once', async () => {
    const head = t.current.inject({ method: 'HEAD', url: '/api/v2/quotes/stream?symbols=AAPL' });
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 2000).unref());
    const res = await Promise.race([head, timeout]);
    expect(res).not.toBe('timeout');
    if (res !== 'timeout') expect(res.status).toBe(404);
  });

  it('sends security headers on API answers', async () => {
    for (const res of [await t.current.get('/v2/config'), await t.current.inject({ method: 'GET', url: '/api/nope' })]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

/**
 * What a field takes: numbers as JSON numbers or the digits a form sends, text without the invisible characters that
 * disguise it, and no string that is not Unicode at all. Each refusal is a 400 that changes nothing and logs no error.
 */
describe.each(backends)('numbers and text at the door on $name', (backend) => {
  const logged: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' }, deps: { logger: { level: 'info', stream }, matcherIntervalMs: 0 } });
  let user: string;
  let ops: string;
  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    user = await t.current.login(phone, password);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);
  beforeEach(() => void (logged.length = 0));
  afterEach(() => expect(logged.filter((l) => l.level >= 50)).toEqual([]));

  const pay = (path: string, body: unknown, raw?: string) => t.current.post(path, body, { token: user, raw, headers: { 'idempotency-key': randomUUID() } });

  it.each([true, [20_000], '0x10', '1e6', ' 600000'])('refuses the amount %j of a deposit and books nothing', async (count) => {
    const res = await pay('/stock/success/v2/recharge/add', { count });
    expect([res.status, res.body]).toEqual([400, { msg: 'no', data: 'invalidAmount' }]);
    expect((await t.current.get('/stock/success/property/list', { token: user })).body.data.count).toBe(0);
  });

  it('refuses a quantity of "0x10" and buys nothing (it bought 16 shares)', async () => {
    const price = (await t.current.get('/v2/yahoo', { token: user, query: { symbol: 'TCS.NS' } })).body.data.price;
    const res = await pay('/stock/success/deal/buy', { tag: 'TCS.NS', count: '0x10', price });
    expect([res.status, res.body]).toEqual([400, { msg: 'no', data: 'quantityTooLow' }]);
    expect((await t.current.post('/stock/success/deal/list', {}, { token: user })).body.data.count).toBe(0);
  });

  it('refuses a right-to-left override in a real name, a card holder and a chat message', async () => {
    const hidden = { msg: 'no', data: 'invisibleCharacters' };
    const card = await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha \u202eoaR', ifsc: 'SBIN0001234' }, { token: user });
    expect([card.status, card.body]).toEqual([400, hidden]);
    const name = await t.current.post(
      '/stock/success/autonomy/add',
      { real_name: 'Asha \u202eoaR', id_number: '234123412346', id_number_img: '/api/uploads/a.jpg', id_number_img_two: '/api/uploads/b.jpg' },
      { token: user },
    );
    expect([name.status, name.body]).toEqual([400, hidden]);
    const chat = await t.current.post('/stock/success/user_message/send', { message: 'pay to \u202e1234' }, { token: user });
    expect([chat.status, chat.body]).toEqual([400, hidden]);
    expect((await t.current.get('/stock/success/bank/list', { token: user })).body.data).toEqual([]);
  });

  it('refuses a lone surrogate in an operator reason with 400 invalidInput, and fails nothing', async () => {
    const deposit = (await pay('/stock/success/v2/recharge/add', { count: 600_000 })).body.data;
    const res = await t.current.post(`/ops/recharges/${deposit.id}/fail`, undefined, { token: ops, raw: '{"reason":"slip \\ud800 unreadable"}' });
    expect([res.status, res.body]).toEqual([400, invalid]);
    expect((await t.current.get('/stock/success/property/list', { token: user })).body.data.rows[0]).toMatchObject({ id: deposit.id, status: 1 });
  });

  it.each([
    ['a body key', '{"user":"9876543210","password":"secret123","\\udc00":1}'],
    ['a nested value', '{"user":"9876543210","password":"secret123","x":[{"y":"\\ud83d"}]}'],
  ])('refuses a lone surrogate in %s, before anything else', async (_where, raw) => {
    const res = await t.current.post('/stock/user/login', undefined, { raw });
    expect([res.status, res.body]).toEqual([400, invalid]);
  });
});

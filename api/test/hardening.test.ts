/**
 * The request path under hostile input: what an attack on the API found (NUL bytes, ids past int4, framework
 * errors outside the `{msg, data}` convention, HEAD holding a quote stream, missing security headers).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

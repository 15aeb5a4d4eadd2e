import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { unregisteredCalls } from '../src/app';
import { route } from '../src/http/route';
import { backends, useApp } from './harness';

// A throwaway domain plugin: lets the suite provoke an unexpected error through the real error path.
async function brokenPlugin(app: FastifyInstance) {
  app.get('/boom', async () => {
    throw new Error('secret internals: password_hash=$argon2id$...');
  });
  route(app, { ...calls.balance, path: '/bad-output', auth: 'public' }, async () => ({ balance: 1.5 }));
}

describe.each(backends)('HTTP behaviour on $name', (backend) => {
  const t = useApp(backend, { deps: { apiPlugins: [brokenPlugin] } });

  it('registers every auth, user and ops call of the contract', () => {
    const missing = unregisteredCalls(t.current.built.app);
    const mine = [calls.login, calls.register, calls.forget, calls.logout, calls.userInfo, calls.balance, calls.config, calls.opsLogin, calls.opsMe, calls.opsLogout];
    for (const def of mine) expect(missing).not.toContain(`${def.method} /api${def.path}`);
  });

  it('answers the probes: alive, and ready with the database up and no Redis to need (one process)', async () => {
    expect((await t.current.get('/health')).body).toEqual({ msg: 'ok', data: { status: 'alive' } });
    const ready = await t.current.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ msg: 'ok', data: { database: 'up', redis: 'off' } });
  });

  it('answers 400 malformedJson to a body that is not JSON', async () => {
    const res = await t.current.post('/stock/user/login', undefined, { raw: '{"user": "9876543210", ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'malformedJson' });
  });

  it('refuses prototype pollution attempts as malformed', async () => {
    const res = await t.current.post('/stock/user/login', undefined, {
      raw: '{"user":"9876543210","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'malformedJson' });
  });

  it('answers invalidInput to JSON that is not an object', async () => {
    const res = await t.current.post('/stock/user/login', [1, 2]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'invalidInput' });
  });

  it('accepts an empty JSON body on a call without input', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const res = await t.current.inject({
      method: 'POST',
      url: '/api/stock/success/user/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.status).toBe(200);
  });

  it('answers 415 to a form body, 400 to plain text', async () => {
    const form = await t.current.inject({
      method: 'POST',
      url: '/api/stock/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'user=9876543210&password=secret123',
    });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ msg: 'no', data: 'invalidInput' });
    const text = await t.current.inject({
      method: 'POST',
      url: '/api/stock/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'user=1',
    });
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ msg: 'no', data: 'invalidInput' });
  });

  it('answers 404 notFound to an unknown /api route or method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/stock/user/login'],
      ['DELETE', '/api/v2/config'],
    ] as const) {
      const res = await t.current.inject({ method, url });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ msg: 'no', data: 'notFound' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 500 serverError to an unexpected error, without internals', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/boom' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ msg: 'no', data: 'serverError' });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it('answers 500 when a handler breaks the contract output (money must be integer)', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/api/bad-output' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ msg: 'no', data: 'serverError' });
  });

  it('marks answers as not cacheable', async () => {
    const res = await t.current.get('/v2/config');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves paths outside /api to whoever registers them', async () => {
    const res = await t.current.inject({ method: 'GET', url: '/index.html' });
    expect(res.status).toBe(404);
    expect(res.body).not.toEqual({ msg: 'no', data: 'notFound' });
  });
});

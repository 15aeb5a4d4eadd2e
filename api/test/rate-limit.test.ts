import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { createOperator } from '../src/ops/operators';
import { backends, createTestApp, useApp } from './harness';

// Rate-limit counters live in the process, not the database: one backend is enough.
describe('rate limits (default numbers)', () => {
  const t = useApp(backends[0]!, { rateLimits: DEFAULT_RATE_LIMITS });
  let ipCounter = 0;
  const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const tooMany = { msg: 'no', data: 'tooManyRequests' };

  it('limits login attempts per IP to 20 a minute', async () => {
    const ip = freshIp();
    const max = DEFAULT_RATE_LIMITS.loginPerIp.max;
    for (let i = 0; i < max; i++) {
      // Invalid input costs no hash, and still counts.
      const res = await t.current.post('/stock/user/login', { user: '1', password: 'x' }, { ip });
      expect(res.status).toBe(400);
    }
    const blocked = await t.current.post('/stock/user/login', { user: '1', password: 'x' }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await t.current.post('/stock/user/login', { user: '1', password: 'x' }, { ip: freshIp() })).status).toBe(400);
  });

  it('locks a phone for one IP after 5 wrong passwords in 15 minutes; login and forget share it; the owner elsewhere is not locked out', async () => {
    const { phone, password } = await t.current.register();
    const stranger = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordFailuresPerPhoneAndIp.max; i++) {
      const res = await t.current.post('/stock/user/login', { user: phone, password: `wrong-${i}` }, { ip: stranger });
      expect(res.status).toBe(401);
    }
    const right = await t.current.post('/stock/user/login', { user: phone, password }, { ip: stranger });
    expect(right.status).toBe(429);
    expect(right.body).toEqual(tooMany);
    const reset = await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'newpass1' }, { ip: stranger });
    expect(reset.status).toBe(429);
    // The owner, from their own address, still logs in.
    expect((await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() })).status).toBe(200);
  });

  it('locks a phone from every IP after 50 wrong passwords in an hour, from however many IPs', async () => {
    const { phone, password } = await t.current.register();
    const { max } = DEFAULT_RATE_LIMITS.passwordFailuresPerPhone;
    const perIp = DEFAULT_RATE_LIMITS.passwordFailuresPerPhoneAndIp.max - 1;
    let ip = freshIp();
    for (let i = 0; i < max; i++) {
      if (i % perIp === 0) ip = freshIp();
      expect((await t.current.post('/stock/user/login', { user: phone, password: `wrong-${i}` }, { ip })).status).toBe(401);
    }
    const blocked = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(tooMany);
    // Another phone still logs in.
    const other = await t.current.register();
    expect((await t.current.post('/stock/user/login', { user: other.phone, password: other.password }, { ip: freshIp() })).status).toBe(200);
  });

  it('does not count successful logins against the phone', async () => {
    const { phone, password } = await t.current.register();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordFailuresPerPhone.max + 2; i++) {
      expect((await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() })).status).toBe(200);
    }
  });

  it('limits registration attempts per phone to 5 in 15 minutes', async () => {
    const phone = t.current.phone();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.registerPerPhone.max; i++) {
      const res = await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code: 'WRONG' }, { ip: freshIp() });
      expect(res.status).toBe(422);
    }
    const blocked = await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' }, { ip: freshIp() });
    expect(blocked.status).toBe(429);
  });

  it('limits registration per IP to 20 an hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.registerPerIp.max; i++) {
      // Different (invalid) phones each time, so only the per-IP rule can trip.
      const res = await t.current.post('/stock/user/reg', { user: `x${i}`, password: 'secret123', code: 'DEMO2026' }, { ip });
      expect(res.status).toBe(400);
    }
    const blocked = await t.current.post('/stock/user/reg', { user: t.current.phone(), password: 'secret123', code: 'DEMO2026' }, { ip });
    expect(blocked.status).toBe(429);
  });

  it('limits forget per IP to 10 in 15 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.forgetPerIp.max; i++) {
      expect((await t.current.post('/v2/user/forget', { user: 'x' }, { ip })).status).toBe(400);
    }
    expect((await t.current.post('/v2/user/forget', { user: 'x' }, { ip })).status).toBe(429);
  });

  it('limits operator logins per IP (10 a minute); 5 wrong passwords lock the operator for that IP only', async () => {
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.opsLoginPerIp.max; i++) {
      expect((await t.current.post('/ops/login', { user: 'x', password: 'y' }, { ip })).status).toBe(400);
    }
    expect((await t.current.post('/ops/login', { user: 'x', password: 'y' }, { ip })).status).toBe(429);

    const stranger = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.opsPasswordFailuresPerUserAndIp.max; i++) {
      expect((await t.current.post('/ops/login', { user: 'ops', password: `wrong-${i}` }, { ip: stranger })).status).toBe(401);
    }
    const { user, password } = t.current.built.seeded.operator!;
    expect((await t.current.post('/ops/login', { user, password }, { ip: stranger })).status).toBe(429);
    // A stranger cannot lock the operator out: from the operator's own address the login works.
    expect((await t.current.post('/ops/login', { user, password }, { ip: freshIp() })).status).toBe(200);
  });

  it('locks an operator from every IP after 50 wrong passwords in an hour', async () => {
    // A fresh operator: the test above already counted failures against `ops`.
    const user = 'ops-global';
    const { password } = await createOperator(t.current.database.db, { username: user, via: 'cli' });
    const perIp = DEFAULT_RATE_LIMITS.opsPasswordFailuresPerUserAndIp.max - 1;
    let ip = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.opsPasswordFailuresPerUser.max; i++) {
      if (i % perIp === 0) ip = freshIp();
      expect((await t.current.post('/ops/login', { user, password: `wrong-${i}` }, { ip })).status).toBe(401);
    }
    expect((await t.current.post('/ops/login', { user, password }, { ip: freshIp() })).status).toBe(429);
  });

  it('multiplies every limit by RATE_LIMIT_FACTOR', async () => {
    const scaled = await createTestApp(backends[0]!, { rateLimits: DEFAULT_RATE_LIMITS, env: { RATE_LIMIT_FACTOR: '2' } });
    try {
      const { phone, password } = await scaled.register();
      const ip = '10.9.9.9';
      for (let i = 0; i < 2 * DEFAULT_RATE_LIMITS.passwordFailuresPerPhoneAndIp.max; i++) {
        expect((await scaled.post('/stock/user/login', { user: phone, password: `wrong-${i}` }, { ip })).status).toBe(401);
      }
      expect((await scaled.post('/stock/user/login', { user: phone, password }, { ip })).status).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});

import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { backends, useApp } from './harness';

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

  it('locks a phone after 5 wrong passwords in 15 minutes, even from many IPs; login and forget share it', async () => {
    const { phone, password } = await t.current.register();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordFailuresPerPhone.max; i++) {
      const res = await t.current.post('/stock/user/login', { user: phone, password: `wrong-${i}` }, { ip: freshIp() });
      expect(res.status).toBe(401);
    }
    const right = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() });
    expect(right.status).toBe(429);
    expect(right.body).toEqual(tooMany);
    const reset = await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'newpass1' }, { ip: freshIp() });
    expect(reset.status).toBe(429);
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

  it('limits operator logins per IP (10 a minute) and wrong passwords per operator (5 in 15 minutes)', async () => {
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.opsLoginPerIp.max; i++) {
      expect((await t.current.post('/ops/login', { user: 'x', password: 'y' }, { ip })).status).toBe(400);
    }
    expect((await t.current.post('/ops/login', { user: 'x', password: 'y' }, { ip })).status).toBe(429);

    for (let i = 0; i < DEFAULT_RATE_LIMITS.opsPasswordFailuresPerUser.max; i++) {
      expect((await t.current.post('/ops/login', { user: 'ops', password: `wrong-${i}` }, { ip: freshIp() })).status).toBe(401);
    }
    const { user, password } = t.current.built.seeded.operator!;
    expect((await t.current.post('/ops/login', { user, password }, { ip: freshIp() })).status).toBe(429);
  });
});

import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit';
import { backends, createTestApp, useApp, type Reply, type TestApp } from './harness';

/** The `name=value` of a Set-Cookie the answer carries for `name`, and its attributes; null when none. */
function cookieOf(res: Reply, name: string): { pair: string; attributes: string } | null {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';');
  return { pair: pair!, attributes: attributes.join(';') };
}

// Counters live in the process, not the database: one backend is enough.
describe('a browser that has logged in before keeps logging in while strangers are slowed (device cookies)', () => {
  const t = useApp(backends[0]!, { rateLimits: DEFAULT_RATE_LIMITS });
  let n = 0;
  const freshIp = () => `10.8.${Math.floor(++n / 250)}.${n % 250}`;
  const attackers = DEFAULT_RATE_LIMITS.passwordFailuresPerPhone.max / DEFAULT_RATE_LIMITS.passwordFailuresPerPhoneAndIp.max;

  /** Five wrong passwords from each of ten addresses: what locks an account from everywhere. */
  async function lockOut(path: string, user: string) {
    expect(attackers).toBe(10);
    for (let a = 0; a < attackers; a++) {
      const ip = freshIp();
      for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordFailuresPerPhoneAndIp.max; i++) {
        expect((await t.current.post(path, { user, password: `wrong-${a}-${i}` }, { ip })).status).toBe(401);
      }
    }
  }

  /** The owner logs in once from their browser, which keeps the device cookie the answer sets. */
  async function knownBrowser(phone: string, password: string): Promise<string> {
    const res = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() });
    expect(res.status).toBe(200);
    return cookieOf(res, 'device')!.pair;
  }

  it("ten addresses x five wrong passwords refuse strangers for the hour, while the owner's known browser logs in at once and resets the password", async () => {
    const { phone, password } = await t.current.register();
    const cookie = await knownBrowser(phone, password);
    await lockOut('/stock/user/login', phone);

    // A stranger is refused, even with the right password, from a fresh address.
    const stranger = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() });
    expect([stranger.status, stranger.body]).toEqual([429, { msg: 'no', data: 'tooManyRequests' }]);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(3000);
    const strangerReset = await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'newpass1' }, { ip: freshIp() });
    expect(strangerReset.status).toBe(429);

    // The owner's browser, from wherever it is now, logs in and resets the password.
    const owner = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp(), headers: { cookie } });
    expect(owner.status).toBe(200);
    expect(cookieOf(owner, 'device')).not.toBeNull();
    const reset = await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'newpass1' }, { ip: freshIp(), headers: { cookie } });
    expect([reset.status, reset.body.data]).toEqual([200, 'passwordReset']);
    expect((await t.current.post('/stock/user/login', { user: phone, password: 'newpass1' }, { ip: freshIp(), headers: { cookie } })).status).toBe(200);
  });

  it('sets the cookie HttpOnly, SameSite=Strict, for /api only, Secure only over https', async () => {
    const { phone, password } = await t.current.register();
    const res = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() });
    const { attributes } = cookieOf(res, 'device')!;
    expect(attributes).toMatch(/HttpOnly/i);
    expect(attributes).toMatch(/SameSite=Strict/i);
    expect(attributes).toMatch(/Path=\/api(;|$)/);
    expect(attributes).toMatch(/Max-Age=\d+/);
    expect(attributes).not.toMatch(/Secure/i);
    // A wrong password sets nothing.
    expect(cookieOf(await t.current.post('/stock/user/login', { user: phone, password: 'wrong' }, { ip: freshIp() }), 'device')).toBeNull();

    const behindTls = await createTestApp(backends[0]!, { env: { TRUST_PROXY: 'true' } });
    try {
      const user = await behindTls.register();
      const login = (proto: string) => behindTls.post('/stock/user/login', { user: user.phone, password: user.password }, { headers: { 'x-forwarded-proto': proto } });
      expect(cookieOf(await login('https'), 'device')!.attributes).toMatch(/Secure/i);
      expect(cookieOf(await login('http'), 'device')!.attributes).not.toMatch(/Secure/i);
    } finally {
      await behindTls.close();
    }
  });

  it("trusts a cookie only for the login it was made for, unaltered; another account's, a forged one or an operator's is a stranger's", async () => {
    const victim = await t.current.register();
    const other = await t.current.register();
    const othersCookie = await knownBrowser(other.phone, other.password);
    const victimsCookie = await knownBrowser(victim.phone, victim.password);
    await lockOut('/stock/user/login', victim.phone);
    const opsRes = await t.current.post('/ops/login', { ...operatorLogin(t.current) }, { ip: freshIp() });
    const opsCookie = cookieOf(opsRes, 'ops_device')!.pair;
    const [name, value] = victimsCookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    const unsigned = `${name}=${decodeURIComponent(value).replace(/\.[^.]*$/, '')}`;
    for (const cookie of [othersCookie, forged, unsigned, opsCookie.replace(/^ops_device=/, 'device='), 'device=garbage', `device=${'x'.repeat(5000)}`]) {
      const res = await t.current.post('/stock/user/login', { user: victim.phone, password: victim.password }, { ip: freshIp(), headers: { cookie } });
      expect(res.status).toBe(429);
    }
    expect((await t.current.post('/stock/user/login', { user: victim.phone, password: victim.password }, { ip: freshIp(), headers: { cookie: victimsCookie } })).status).toBe(200);
  });

  it('stops trusting a known browser that fails too often: it is a stranger again', async () => {
    const { phone, password } = await t.current.register();
    const cookie = await knownBrowser(phone, password);
    await lockOut('/stock/user/login', phone);
    const ip = freshIp();
    const tries = DEFAULT_RATE_LIMITS.passwordFailuresPerDevice.max;
    expect(tries).toBeGreaterThan(0);
    for (let i = 0; i < tries; i++) {
      // A known browser's wrong passwords are its own: they neither lock it nor count against the account.
      expect((await t.current.post('/stock/user/login', { user: phone, password: `wrong-${i}` }, { ip: i % 2 ? ip : freshIp(), headers: { cookie } })).status).toBe(401);
    }
    const after = await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp(), headers: { cookie } });
    expect(after.status).toBe(429);
  });

  it("keeps a known browser known across a restart (the signing secret is kept), and publishes no secret", async () => {
    const { phone, password } = await t.current.register();
    const cookie = await knownBrowser(phone, password);
    await t.current.restart();
    await lockOut('/stock/user/login', phone);
    expect((await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp() })).status).toBe(429);
    expect((await t.current.post('/stock/user/login', { user: phone, password }, { ip: freshIp(), headers: { cookie } })).status).toBe(200);
    const config = await t.current.get('/v2/config');
    expect(JSON.stringify(config.body)).not.toMatch(/secret|device/i);
  });

  it("does the same for operators: ten addresses cannot lock `ops` out of the operator's own browser", async () => {
    const login = operatorLogin(t.current);
    const first = await t.current.post('/ops/login', login, { ip: freshIp() });
    expect(first.status).toBe(200);
    const cookie = cookieOf(first, 'ops_device')!;
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie.attributes).toMatch(/Path=\/api\/ops(;|$)/);
    // A user's login sets no operator cookie.
    const user = await t.current.register();
    expect(cookieOf(await t.current.post('/stock/user/login', { user: user.phone, password: user.password }, { ip: freshIp() }), 'ops_device')).toBeNull();

    await lockOut('/ops/login', login.user);
    const stranger = await t.current.post('/ops/login', login, { ip: freshIp() });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await t.current.post('/ops/login', login, { ip: freshIp(), headers: { cookie: cookie.pair } })).status).toBe(200);
  });
});

function operatorLogin(t: TestApp): { user: string; password: string } {
  const { user, password } = t.built.seeded.operator!;
  return { user, password };
}

import { and, eq, sql } from 'drizzle-orm';
import { LoginResult } from '@invest/shared/contract';
import { accounts, authTokens, invitationCodes, users } from '../src/db/schema';
import { backends, useApp } from './harness';

describe.each(backends)('auth on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;
  const usersWithPhone = async (phone: string) => db().select().from(users).where(eq(users.phone, phone));
  const inviteUses = async (code: string) =>
    (await db().select().from(invitationCodes).where(eq(invitationCodes.code, code)))[0]?.uses;
  const counts = async () => {
    const [row] = await db()
      .select({
        users: sql<number>`(select count(*)::int from ${users})`,
        accounts: sql<number>`(select count(*)::int from ${accounts})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  };

  it('registers with the demo invitation code, then logs in', async () => {
    const phone = t.current.phone();
    const usesBefore = await inviteUses('DEMO2026');
    const reg = await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' });
    expect(reg.status).toBe(200);
    expect(reg.body).toEqual({ msg: 'ok', data: 'success' });
    expect(await inviteUses('DEMO2026')).toBe(usesBefore! + 1);

    const [user] = await usersWithPhone(phone);
    expect(user!.accountNo).toMatch(/^[1-9]\d{7}$/);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const wallets = await db().select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(wallets).toEqual([expect.objectContaining({ kind: 'wallet', currency: 'INR', balance: 0 })]);

    const login = await t.current.post('/stock/user/login', { user: phone, password: 'secret123' });
    expect(login.status).toBe(200);
    expect(login.body.msg).toBe('ok');
    const data = LoginResult.parse(login.body.data);
    expect(data).toMatchObject({ id: user!.id, user: phone, login: true });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(29.9 * 86_400_000);
    expect(ttl).toBeLessThanOrEqual(30 * 86_400_000);
    // Only the token's sha256 is stored.
    const stored = await db().select().from(authTokens).where(eq(authTokens.subjectId, user!.id));
    expect(stored.map((r) => r.tokenHash)).not.toContain(data.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const info = await t.current.get('/stock/success/v2/user/info', { token: data.token });
    expect(info.status).toBe(200);
  });

  it('answers 409 phoneTaken to a second registration of a phone and keeps one user', async () => {
    const { phone } = await t.current.register();
    const again = await t.current.post('/stock/user/reg', { user: phone, password: 'another1', code: 'DEMO2026' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ msg: 'no', data: 'phoneTaken' });
    expect(await usersWithPhone(phone)).toHaveLength(1);
    // The first password still works; the second never took.
    await t.current.login(phone, 'secret123');
    expect((await t.current.post('/stock/user/login', { user: phone, password: 'another1' })).status).toBe(401);
  });

  it('answers 422 to an unknown or inactive invitation code and writes nothing', async () => {
    await db().insert(invitationCodes).values({ code: 'RETIRED1', active: false }).onConflictDoNothing();
    const before = await counts();
    const usesBefore = await inviteUses('RETIRED1');
    for (const code of ['NOPE2026', 'RETIRED1', 'demo2026']) {
      const phone = t.current.phone();
      const res = await t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ msg: 'no', data: 'invalidInvitationCode' });
      expect(await usersWithPhone(phone)).toHaveLength(0);
    }
    expect(await counts()).toEqual(before);
    expect(await inviteUses('RETIRED1')).toBe(usesBefore);
  });

  it('answers 401 invalidAccountPassword to a wrong password and to an unknown phone alike', async () => {
    const { phone } = await t.current.register();
    const wrong = await t.current.post('/stock/user/login', { user: phone, password: 'secret124' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ msg: 'no', data: 'invalidAccountPassword' });
    const unknown = await t.current.post('/stock/user/login', { user: t.current.phone(), password: 'secret123' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects a password under 6 characters at registration and writes nothing', async () => {
    const before = await counts();
    const phone = t.current.phone();
    const res = await t.current.post('/stock/user/reg', { user: phone, password: '12345', code: 'DEMO2026' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'passwordTooShort' });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['too short', '12345'],
    ['too long', '12345678901'],
    ['not digits', '98765abcde'],
    ['spaced', '98765 4321'],
  ])('rejects a phone that is not 10 digits (%s) with phoneNumberInvalid', async (_why, phone) => {
    for (const [path, body] of [
      ['/stock/user/reg', { user: phone, password: 'secret123', code: 'DEMO2026' }],
      ['/stock/user/login', { user: phone, password: 'secret123' }],
      ['/v2/user/forget', { user: phone, password: 'secret123', new_password: 'secret456' }],
    ] as const) {
      const res = await t.current.post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: 'no', data: 'phoneNumberInvalid' });
    }
  });

  it('answers requiredFields when a field is missing or empty', async () => {
    const missing = await t.current.post('/stock/user/reg', { user: t.current.phone(), password: 'secret123' });
    expect(missing.body).toEqual({ msg: 'no', data: 'requiredFields' });
    const empty = await t.current.post('/stock/user/login', { user: '', password: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ msg: 'no', data: 'requiredFields' });
  });

  it('rejects unknown fields: a client can never set anything else', async () => {
    const before = await counts();
    const res = await t.current.post('/stock/user/reg', {
      user: t.current.phone(),
      password: 'secret123',
      code: 'DEMO2026',
      balance: 1_000_000,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'unknownField' });
    expect(await counts()).toEqual(before);
  });

  it('answers 401 unauthorized without a valid token', async () => {
    const noToken = await t.current.get('/stock/success/v2/balance');
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({ msg: 'no', data: 'unauthorized' });
    for (const authorization of ['Bearer', 'Basic abc', `Bearer ${'A'.repeat(43)}`, 'Bearer not-a-token']) {
      const res = await t.current.inject({ method: 'GET', url: '/api/stock/success/v2/balance', headers: { authorization } });
      expect(res.status).toBe(401);
    }
    const logout = await t.current.post('/stock/success/user/logout', {});
    expect(logout.status).toBe(401);
  });

  it('logout revokes the presented token, and only that one', async () => {
    const { phone, password } = await t.current.register();
    const first = await t.current.login(phone, password);
    const second = await t.current.login(phone, password);
    const out = await t.current.post('/stock/success/user/logout', undefined, { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ msg: 'ok', data: 'ok' });
    expect((await t.current.get('/stock/success/v2/balance', { token: first })).status).toBe(401);
    expect((await t.current.post('/stock/success/user/logout', {}, { token: first })).status).toBe(401);
    expect((await t.current.get('/stock/success/v2/balance', { token: second })).status).toBe(200);
  });

  it('answers 401 once a token has expired', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    t.current.advance(30 * 86_400_000 - 60_000);
    expect((await t.current.get('/stock/success/v2/balance', { token })).status).toBe(200);
    t.current.advance(61_000);
    const res = await t.current.get('/stock/success/v2/balance', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: 'no', data: 'unauthorized' });
  });

  it('forget with a wrong old password answers 422 and changes nothing', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const [before] = await usersWithPhone(phone);
    const res = await t.current.post('/v2/user/forget', { user: phone, password: 'wrong-one', new_password: 'brandnew1' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ msg: 'no', data: 'oldPasswordIncorrect' });
    const [after] = await usersWithPhone(phone);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    await t.current.login(phone, password);
    expect((await t.current.get('/stock/success/v2/balance', { token })).status).toBe(200);
    // An unknown phone gets the same answer (no way to tell who is registered).
    const unknown = await t.current.post('/v2/user/forget', { user: t.current.phone(), password, new_password: 'brandnew1' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(res.body);
  });

  it('forget with the right old password sets the new one and ends old sessions', async () => {
    const { phone, password } = await t.current.register();
    const oldToken = await t.current.login(phone, password);
    const res = await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'brandnew1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'ok', data: 'passwordReset' });
    const [user] = await usersWithPhone(phone);
    const sessions = await db()
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.subjectKind, 'user'), eq(authTokens.subjectId, user!.id)));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await t.current.get('/stock/success/v2/balance', { token: oldToken })).status).toBe(401);
    expect((await t.current.post('/stock/user/login', { user: phone, password })).status).toBe(401);
    const newToken = await t.current.login(phone, 'brandnew1');
    expect((await t.current.get('/stock/success/v2/balance', { token: newToken })).status).toBe(200);
  });

  it('forget checks the new password rules', async () => {
    const { phone, password } = await t.current.register();
    const res = await t.current.post('/v2/user/forget', { user: phone, password, new_password: '123' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'passwordTooShort' });
    await t.current.login(phone, password);
  });
});

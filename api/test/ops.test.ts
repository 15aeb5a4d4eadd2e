import { desc, eq } from 'drizzle-orm';
import { auditLog, operators } from '../src/db/schema';
import { createOperator, OperatorExistsError } from '../src/ops/operators';
import { backends, useApp } from './harness';

describe.each(backends)('operators on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;
  const seeded = () => t.current.built.seeded.operator!;
  const lastAudit = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  async function opsToken() {
    const res = await t.current.post('/ops/login', { user: seeded().user, password: seeded().password });
    expect(res.status).toBe(200);
    return res.body.data.token as string;
  }

  it('seeds the demo operator and logs it in, audited', async () => {
    expect(seeded().user).toBe('ops');
    const res = await t.current.post('/ops/login', { user: 'ops', password: seeded().password });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('ok');
    expect(res.body.data).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), user: 'ops', expires_at: expect.any(String) });
    const [op] = await db().select().from(operators).where(eq(operators.username, 'ops'));
    expect(await lastAudit()).toMatchObject({ operatorId: op!.id, action: 'ops.login', target: 'ops' });

    const me = await t.current.get('/ops/me', { token: res.body.data.token });
    expect(me.body).toEqual({ msg: 'ok', data: { id: op!.id, user: 'ops', role: 'admin' } });
  });

  it('refuses a wrong operator password with 401 and audits the attempt', async () => {
    const res = await t.current.post('/ops/login', { user: 'ops', password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: 'no', data: 'invalidAccountPassword' });
    expect(await lastAudit()).toMatchObject({ operatorId: null, action: 'ops.login_failed', target: 'ops' });
    const unknown = await t.current.post('/ops/login', { user: 'nobody', password: 'whatever' });
    expect(unknown.status).toBe(401);
  });

  it('refuses a user token on operator calls (403) and an operator token on user calls (403)', async () => {
    const { phone, password } = await t.current.register();
    const userToken = await t.current.login(phone, password);
    const asUser = await t.current.get('/ops/me', { token: userToken });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({ msg: 'no', data: 'forbidden' });
    expect((await t.current.post('/ops/logout', {}, { token: userToken })).status).toBe(403);

    const asOps = await t.current.get('/stock/success/v2/balance', { token: await opsToken() });
    expect(asOps.status).toBe(403);
    expect((await t.current.get('/ops/me')).status).toBe(401);
  });

  it('operator logout revokes the token, audited', async () => {
    const token = await opsToken();
    const out = await t.current.post('/ops/logout', undefined, { token });
    expect(out.body).toEqual({ msg: 'ok', data: 'ok' });
    expect(await lastAudit()).toMatchObject({ action: 'ops.logout' });
    expect((await t.current.get('/ops/me', { token })).status).toBe(401);
  });

  it('creates operators with an audit row, and refuses a taken name', async () => {
    const created = await createOperator(db(), { username: 'alice', via: 'cli' });
    expect(created.generated).toBe(true);
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    expect(await lastAudit()).toMatchObject({ operatorId: null, action: 'ops.create', target: 'alice', detail: { via: 'cli' } });
    const login = await t.current.post('/ops/login', { user: 'alice', password: created.password });
    expect(login.status).toBe(200);
    await expect(createOperator(db(), { username: 'alice', password: 'whatever1', via: 'cli' })).rejects.toThrow(
      OperatorExistsError,
    );
  });
});

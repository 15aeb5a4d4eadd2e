import { desc } from 'drizzle-orm';
import { calls, OPERATOR_ROLES, type OperatorRole } from '@invest/shared/contract';
import { auditLog } from '../src/db/schema';
import { backends, useApp } from './harness';

/** Every operator call of the contract, as a request any operator can make (ids set to 1, no body). */
const OPERATOR_CALLS = Object.entries(calls)
  .map(([name, def]) => ({ name, ...def }))
  .filter((c) => c.auth === 'operator');

describe.each(backends)('operator roles on $name', (backend) => {
  const t = useApp(backend);

  async function adminToken() {
    const op = t.current.built.seeded.operator!;
    return (await t.current.post('/ops/login', { user: op.user, password: op.password })).body.data.token as string;
  }

  /** An operator of `role`, made by the admin through the API, logged in with the password it was given. */
  async function operatorOf(role: OperatorRole, admin: string) {
    const user = `${role}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await t.current.post('/ops/operators', { user, role }, { token: admin });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ user, role });
    const login = await t.current.post('/ops/login', { user, password: created.body.data.password });
    expect(login.status).toBe(200);
    return login.body.data.token as string;
  }

  const send = (c: (typeof OPERATOR_CALLS)[number], token: string) => {
    const path = c.path.replace(/:[a-z]+/g, '1');
    return c.method === 'GET' ? t.current.get(path, { token }) : t.current.post(path, {}, { token });
  };

  it('lets an admin create an operator of each role, who sees the role and logs in with the password given once', async () => {
    const admin = await adminToken();
    for (const role of OPERATOR_ROLES) {
      const token = await operatorOf(role, admin);
      expect((await t.current.get('/ops/me', { token })).body.data.role).toBe(role);
    }
    const audited = await t.current.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(20);
    expect(audited.filter((a) => a.action === 'ops.create').map((a) => (a.detail as { after: { role: string } }).after.role)).toEqual(
      expect.arrayContaining([...OPERATOR_ROLES]),
    );
    const list = await t.current.get('/ops/operators', { token: admin });
    expect(list.body.data.map((o: { role: string }) => o.role)).toEqual(expect.arrayContaining([...OPERATOR_ROLES]));
  });

  it('refuses a taken name and an unknown role, and creates nothing', async () => {
    const admin = await adminToken();
    const before = (await t.current.get('/ops/operators', { token: admin })).body.data.length;
    expect((await t.current.post('/ops/operators', { user: 'ops', role: 'finance' }, { token: admin })).body).toEqual({ msg: 'no', data: 'operatorNameTaken' });
    expect((await t.current.post('/ops/operators', { user: 'newbie', role: 'root' }, { token: admin })).body).toEqual({ msg: 'no', data: 'operatorRoleInvalid' });
    expect((await t.current.get('/ops/operators', { token: admin })).body.data).toHaveLength(before);
  });

  it('refuses every call of another role with operatorRoleRequired, before reading its input, and lets the role and admin through', async () => {
    const admin = await adminToken();
    const tokens = {
      support: await operatorOf('support', admin),
      finance: await operatorOf('finance', admin),
      products: await operatorOf('products', admin),
    };
    const unguarded = OPERATOR_CALLS.filter((c) => !c.role).map((c) => c.name);
    expect(unguarded.sort()).toEqual(['opsLogout', 'opsMe', 'opsUser', 'opsUsers']);
    for (const c of OPERATOR_CALLS.filter((x) => x.role)) {
      for (const [role, token] of Object.entries(tokens)) {
        const res = await send(c, token);
        if (role === c.role) expect([c.name, res.status]).not.toEqual([c.name, 403]);
        else expect([c.name, role, res.status, res.body.data]).toEqual([c.name, role, 403, 'operatorRoleRequired']);
      }
      const byAdmin = await send(c, admin);
      expect([c.name, byAdmin.status]).not.toEqual([c.name, 403]);
    }
  });

  it('changes nothing when an operator of another role tries: a finance operator cannot make an invitation code', async () => {
    const admin = await adminToken();
    const finance = await operatorOf('finance', admin);
    const opsCreate = await t.current.post('/ops/invitation-codes', { code: 'ROLES1' }, { token: finance });
    expect(opsCreate.body).toEqual({ msg: 'no', data: 'operatorRoleRequired' });
    expect((await t.current.get('/ops/invitation-codes', { token: admin })).body.data.map((c: { code: string }) => c.code)).not.toContain('ROLES1');
  });
});

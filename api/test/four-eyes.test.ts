/**
 * Four-eyes approval: withdrawals and loans at or above four_eyes_min need two different operators. The first
 * operator's complete/approve records an approval and leaves the request in progress; the same operator cannot give
 * the second; the second re-checks the request and carries it out; failing or rejecting forgets the approval.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, fourEyesApprovals } from '../src/db/schema';
import { verifyLedger } from '../src/ledger/verify';
import { backends, useApp, type TestApp } from './harness';

const FOUR_EYES_MIN = 1_000_000;

describe.each(backends)('four-eyes approval on $name', (backend) => {
  const t = useApp(backend);
  let admin = '';
  let first = '';
  let second = '';

  beforeEach(async () => {
    const op = t.current.built.seeded.operator!;
    admin = (await t.current.post('/ops/login', { user: op.user, password: op.password })).body.data.token;
    const set = await t.current.post('/ops/settings', { tag: 'four_eyes_min', value: String(FOUR_EYES_MIN) }, { token: admin });
    expect(set.status).toBe(200);
    first = await financeOperator(t.current, admin);
    second = await financeOperator(t.current, admin);
  });

  async function customer(balance: number) {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    if (balance) await t.current.deposit(token, balance);
    await t.current.approveRealName(token);
    const card = (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token })).body.data.id as number;
    const pay = (path: string, body: unknown) => t.current.post(path, body, { token, headers: { 'idempotency-key': randomUUID() } });
    const withdraw = async (count: number) => (await pay('/stock/success/money/access', { bank_id: card, count })).body.data.id as number;
    const money = async () => (await t.current.get('/stock/success/v2/user/info', { token })).body.data.money as number;
    return { token, pay, withdraw, money };
  }

  const complete = (id: number, token: string) => t.current.post(`/ops/withdrawals/${id}/complete`, {}, { token });
  const withdrawal = async (id: number) => ((await t.current.get('/ops/withdrawals', { token: admin })).body.data.rows as { id: number; status: string; first_approval?: { operator: string } }[]).find((w) => w.id === id)!;
  const actions = async (target: string) =>
    (await t.current.database.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => a.action);

  it('pays out a withdrawal at the threshold only after a second, different operator, and audits both', async () => {
    const u = await customer(5_000_000);
    const id = await u.withdraw(FOUR_EYES_MIN);

    const byFirst = await complete(id, first);
    expect(byFirst.status).toBe(200);
    expect(byFirst.body.data).toMatchObject({ id, status: 'n', first_approval: { operator: expect.stringMatching(/^finance-/) } });
    expect(await withdrawal(id)).toMatchObject({ status: 'n', first_approval: { operator: byFirst.body.data.first_approval.operator } });

    const again = await complete(id, first);
    expect(again.body).toEqual({ msg: 'no', data: 'secondApproverRequired' });
    expect((await withdrawal(id)).status).toBe('n');

    const bySecond = await complete(id, second);
    expect(bySecond.body.data).toMatchObject({ id, status: 'y' });
    expect(bySecond.body.data.first_approval).toBeUndefined();
    expect(await actions(`withdrawal ${id}`)).toEqual(['withdrawal.approve_first', 'withdrawal.approve_second', 'withdrawal.complete']);
    expect((await verifyLedger(t.current.database.db)).ok).toBe(true);
  });

  it('lets one operator pay out a withdrawal below the threshold', async () => {
    const u = await customer(5_000_000);
    const id = await u.withdraw(FOUR_EYES_MIN - 1);
    expect((await complete(id, first)).body.data).toMatchObject({ id, status: 'y' });
  });

  it('needs one operator when the setting is cleared', async () => {
    await t.current.post('/ops/settings', { tag: 'four_eyes_min', value: '' }, { token: admin });
    const u = await customer(5_000_000);
    const id = await u.withdraw(3_000_000);
    expect((await complete(id, first)).body.data).toMatchObject({ id, status: 'y' });
  });

  it('forgets the first approval when the withdrawal is failed, and refunds it', async () => {
    const u = await customer(5_000_000);
    const id = await u.withdraw(2_000_000);
    await complete(id, first);
    const failed = await t.current.post(`/ops/withdrawals/${id}/fail`, { reason: 'Bank rejected the account' }, { token: second });
    expect(failed.body.data).toMatchObject({ status: 'b' });
    expect(await u.money()).toBe(5_000_000);
    const left = await t.current.database.db.select().from(fourEyesApprovals).where(and(eq(fourEyesApprovals.kind, 'withdrawal'), eq(fourEyesApprovals.recordId, id)));
    expect(left).toEqual([]);
    expect((await complete(id, first)).body.data).toBe('alreadySettled');
  });

  it('re-checks the request at the second approval: one that no longer matches the first needs two new approvals', async () => {
    const u = await customer(5_000_000);
    const id = await u.withdraw(2_000_000);
    const firstName = (await complete(id, first)).body.data.first_approval.operator;
    // What the first operator saw is not what is there now (as if the request had been edited in between).
    await t.current.database.db.update(fourEyesApprovals).set({ amount: 1_999_999 }).where(eq(fourEyesApprovals.recordId, id));
    const recheck = await complete(id, second);
    expect(recheck.body.data).toMatchObject({ status: 'n', first_approval: { operator: expect.not.stringMatching(firstName) } });
    expect(await actions(`withdrawal ${id}`)).toEqual(['withdrawal.approve_first', 'withdrawal.approval_changed', 'withdrawal.approve_first']);
    // The first operator may now give the second approval of what is really there.
    expect((await complete(id, first)).body.data).toMatchObject({ status: 'y' });
  });

  it('pays out once when two operators press at the same moment', async () => {
    const u = await customer(5_000_000);
    const id = await u.withdraw(2_000_000);
    const answers = await Promise.all([complete(id, first), complete(id, second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await withdrawal(id)).status).toBe('y');
    expect((await actions(`withdrawal ${id}`)).filter((a) => a === 'withdrawal.complete')).toHaveLength(1);
    expect((await verifyLedger(t.current.database.db)).ok).toBe(true);
  });

  it('lends a loan at the threshold only after a second, different operator', async () => {
    const u = await customer(0);
    const applied = await u.pay('/stock/success/loans/add', { count: 2_000_000 });
    expect(applied.status).toBe(200);
    const id = applied.body.data.id as number;
    const approve = (token: string) => t.current.post(`/ops/loans/${id}/approve`, {}, { token });

    expect((await approve(first)).body.data).toMatchObject({ id, state: 1, first_approval: { operator: expect.any(String) } });
    expect(await u.money()).toBe(0);
    expect((await approve(first)).body).toEqual({ msg: 'no', data: 'secondApproverRequired' });
    expect((await approve(second)).body.data).toMatchObject({ id, state: 4 });
    expect(await u.money()).toBe(2_000_000);
    expect(await actions(`loan ${id}`)).toEqual(['loan.approve_first', 'loan.approve_second', 'loan.approve']);
  });

  it('forgets a loan’s first approval when it is rejected', async () => {
    const u = await customer(0);
    const id = (await u.pay('/stock/success/loans/add', { count: 2_000_000 })).body.data.id as number;
    await t.current.post(`/ops/loans/${id}/approve`, {}, { token: first });
    expect((await t.current.post(`/ops/loans/${id}/reject`, { reason: 'Income not verified' }, { token: second })).body.data).toMatchObject({ state: 3 });
    expect(await t.current.database.db.select().from(fourEyesApprovals).where(eq(fourEyesApprovals.recordId, id))).toEqual([]);
  });
});

async function financeOperator(t: TestApp, admin: string): Promise<string> {
  const user = `finance-${randomUUID().slice(0, 8)}`;
  const created = await t.post('/ops/operators', { user, role: 'finance' }, { token: admin });
  return (await t.post('/ops/login', { user, password: created.body.data.password })).body.data.token;
}

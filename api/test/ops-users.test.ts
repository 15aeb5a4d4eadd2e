/**
 * What the back office shows and does about users: search by phone or account number, a user's page, disabling and
 * enabling (a disabled user's sessions end at once), and the audit log's filters and CSV export.
 */
import { randomUUID } from 'node:crypto';
import { backends, useApp } from './harness';

describe.each(backends)('operators and users on $name', (backend) => {
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' } });
  let admin = '';

  beforeEach(async () => {
    const op = t.current.built.seeded.operator!;
    admin = (await t.current.post('/ops/login', { user: op.user, password: op.password })).body.data.token;
  });

  async function customer() {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const id = (await t.current.get('/stock/success/v2/user/info', { token })).body.data.id as number;
    return { phone, password, token, id };
  }

  async function operator(role: string) {
    const user = `${role}-${randomUUID().slice(0, 8)}`;
    const created = await t.current.post('/ops/operators', { user, role }, { token: admin });
    return { user, token: (await t.current.post('/ops/login', { user, password: created.body.data.password })).body.data.token as string };
  }

  it('finds a user by phone, by account number and by a pasted +country phone, and refuses a query that is not digits', async () => {
    const u = await customer();
    const support = (await operator('support')).token;
    const byPhone = await t.current.get('/ops/users', { token: support, query: { q: u.phone.slice(0, 6) } });
    expect(byPhone.body.data.rows.map((r: { id: number }) => r.id)).toContain(u.id);
    const row = byPhone.body.data.rows.find((r: { id: number }) => r.id === u.id);
    expect(row).toMatchObject({ user: u.phone, disabled_at: null, real_name_status: null, balance: 0 });
    const byNo = await t.current.get('/ops/users', { token: support, query: { q: row.no } });
    expect(byNo.body.data.rows.map((r: { id: number }) => r.id)).toEqual([u.id]);
    const pasted = await t.current.get('/ops/users', { token: support, query: { q: `+${u.phone}` } });
    expect(pasted.body.data.rows.map((r: { id: number }) => r.id)).toEqual([u.id]);
    expect((await t.current.get('/ops/users', { token: support, query: { q: "1' or 1=1" } })).body).toEqual({ msg: 'no', data: 'invalidInput' });
  });

  it("shows a user's page: profile, real name, masked cards, wallet, bills, valued orders, loans and chat", async () => {
    const u = await customer();
    await t.current.deposit(u.token, 2_000_000);
    await t.current.approveRealName(u.token);
    await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token: u.token });
    const quote = await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'TCS.NS', mold: '1d' } });
    const bought = await t.current.post('/stock/success/deal/buy', { tag: 'TCS.NS', count: 1, price: quote.body.data.price }, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
    expect(bought.status).toBe(200);
    await t.current.post('/stock/success/loans/add', { count: 100_000 }, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
    await t.current.post('/stock/success/user_message/send', { message: 'Where is my deposit?' }, { token: u.token });

    const page = await t.current.get(`/ops/users/${u.id}`, { token: (await operator('finance')).token });
    expect(page.status).toBe(200);
    const d = page.body.data;
    expect(d).toMatchObject({ id: u.id, user: u.phone, disabled_at: null, real_name_status: 2, real_name: { status: 2, real_name: 'Test User' }, qualified: false });
    expect((await t.current.post(`/ops/users/${u.id}/qualified`, { qualified: true }, { token: admin })).status).toBe(200);
    expect((await t.current.get(`/ops/users/${u.id}`, { token: admin })).body.data.qualified).toBe(true);
    expect(d.cards).toEqual([expect.objectContaining({ bank: 'SBI', bank_card: '**** 9012' })]);
    expect(d.wallet.balance).toBeGreaterThan(0);
    expect(d.wallet.available).toBe(d.wallet.balance - d.wallet.held);
    expect(d.bills.map((b: { reason: string }) => b.reason)).toEqual(['transactionExpenses', 'buyStock', 'recharge']);
    expect(d.orders).toEqual([expect.objectContaining({ tag: 'TCS.NS', count: 1, value: expect.any(Number) })]);
    expect(d.loans).toEqual([expect.objectContaining({ count: 100_000, state: 1 })]);
    expect(d.chat.map((m: { text: string }) => m.text)).toEqual(['Where is my deposit?']);
    expect((await t.current.get('/ops/users/999999', { token: admin })).body).toEqual({ msg: 'no', data: 'notFound' });
  });

  it("disables a user: every session ends at once, login is refused with its reason, and enabling lets them back in", async () => {
    const u = await customer();
    const support = await operator('support');
    expect((await t.current.post(`/ops/users/${u.id}/disable`, { reason: 'Fraud report' }, { token: support.token })).body).toEqual({ msg: 'no', data: 'operatorRoleRequired' });
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).status).toBe(200);

    const disabled = await t.current.post(`/ops/users/${u.id}/disable`, { reason: 'Fraud report' }, { token: admin });
    expect(disabled.body.data).toMatchObject({ id: u.id, disabled_at: expect.any(String) });
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).status).toBe(401);
    expect((await t.current.post('/stock/user/login', { user: u.phone, password: u.password })).body).toEqual({ msg: 'no', data: 'accountDisabled' });
    // Without the password nobody learns the account's state.
    expect((await t.current.post('/stock/user/login', { user: u.phone, password: 'wrong-password' })).body).toEqual({ msg: 'no', data: 'invalidAccountPassword' });

    const audit = await t.current.get('/ops/audit', { token: admin, query: { action: 'user' } });
    expect(audit.body.data.rows[0]).toMatchObject({ action: 'user.disable', target: u.phone, detail: { reason: 'Fraud report', before: { disabled: false }, after: { disabled: true } } });

    expect((await t.current.post(`/ops/users/${u.id}/enable`, {}, { token: admin })).body.data.disabled_at).toBeNull();
    expect((await t.current.post('/stock/user/login', { user: u.phone, password: u.password })).status).toBe(200);
    // The sessions that ended stay ended.
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).status).toBe(401);
  });

  it('filters the audit log by operator, action, target and time, and exports it as CSV safe to open in a spreadsheet', async () => {
    const finance = await operator('finance');
    const products = await operator('products');
    await t.current.post('/ops/invitation-codes', { code: 'AUDIT1' }, { token: admin });
    const start = new Date().toISOString();
    await t.current.post('/ops/settings', { tag: 'recharge_bank_name', value: '=HYPERLINK("http://x")' }, { token: admin });

    const byOperator = await t.current.get('/ops/audit', { token: admin, query: { operator: finance.user } });
    expect(byOperator.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['ops.login']);
    const byTarget = await t.current.get('/ops/audit', { token: admin, query: { target: products.user } });
    expect(byTarget.body.data.rows.map((r: { action: string }) => r.action).sort()).toEqual(['ops.create', 'ops.login']);
    const since = await t.current.get('/ops/audit', { token: admin, query: { from: start } });
    expect(since.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['settings.set']);
    expect((await t.current.get('/ops/audit', { token: admin, query: { from: 'yesterday' } })).body).toEqual({ msg: 'no', data: 'invalidInput' });

    const exported = await t.current.get('/ops/audit/export', { token: admin, query: { from: start } });
    expect(exported.body.data).toMatchObject({ rows: 1, truncated: false });
    const [header, line] = (exported.body.data.csv as string).split('\r\n');
    expect(header).toBe('id,time,operator,action,target,detail');
    expect(line).toContain(',ops,settings.set,recharge_bank_name,');
    // The value an operator typed is data, not a formula, when the file is opened.
    expect(line).not.toMatch(/,"?=HYPERLINK/);
    expect((await t.current.get('/ops/audit/export', { token: finance.token })).body).toEqual({ msg: 'no', data: 'operatorRoleRequired' });
  });
});

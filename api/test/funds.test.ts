import fc from 'fast-check';
import { fundProfit } from '@invest/shared/contract';
import { verifyLedger } from '../src/ledger/verify';
import { FundReminder } from '../src/products/funds/reminder';
import { fundsSetup } from './funds-setup';
import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

const DAY = 86_400_000;

describe.each(backends)('funds on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  const f = fundsSetup(t);
  let ops: string;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  const books = async () => expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });

  it('seeds three demo projects of different terms, listed with returns in percent and amounts in minor units', async () => {
    const u = await f.user(0);
    const list = await t.current.get('/v2/fund/list', { token: u.token, query: { limit: '100' } });
    expect(list.status).toBe(200);
    const seeded = list.body.data.rows.filter((r: { name: string }) => / \d+-Day$/.test(r.name));
    expect(seeded.map((r: { investment_period: number }) => r.investment_period).sort((a: number, b: number) => a - b)).toEqual([7, 30, 90]);
    for (const r of seeded) {
      expect(r).toMatchObject({ status: 'open', sold_amount: 0, available: true });
      expect(r.min_return).toBeLessThanOrEqual(r.max_return);
      expect(Number.isInteger(r.amount) && r.issue_amount % r.amount).toBe(0);
    }
    // A restart seeds nothing more.
    await t.current.restart();
    const again = await t.current.get('/v2/fund/list', { token: await t.current.login(u.phone, u.password), query: { limit: '100' } });
    expect(again.body.data.rows.filter((r: { name: string }) => / \d+-Day$/.test(r.name))).toHaveLength(3);
    ops = await t.current.operatorToken();
  });

  it('lets an operator create a project, audited, and refuses bad input with translated keys, creating nothing', async () => {
    const before = (await t.current.get('/ops/funds', { token: ops })).body.data.count;
    const bad: [Record<string, unknown>, string][] = [
      [{ min_return: 7, max_return: 6 }, 'fundReturnRangeInvalid'],
      [{ min_return: 2.345 }, 'fundReturnInvalid'],
      [{ max_return: 100.5 }, 'fundReturnInvalid'],
      [{ min_return: -1 }, 'fundReturnInvalid'],
      [{ min_return: 'abc' }, 'fundReturnInvalid'],
      [{ investment_period: 0 }, 'fundPeriodInvalid'],
      [{ investment_period: 3651 }, 'fundPeriodInvalid'],
      [{ investment_period: 1.5 }, 'fundPeriodInvalid'],
      [{ issue_amount: 150_000 }, 'fundIssueAmountInvalid'],
      [{ amount: 0 }, 'invalidAmount'],
      [{ amount: 10.5 }, 'invalidAmount'],
      [{ name: '   ' }, 'requiredFields'],
      [{ name: 'a\u202eb' }, 'invisibleCharacters'],
      [{ surprise: 1 }, 'unknownField'],
    ];
    const base = { name: 'Bad', min_return: 2, max_return: 6, investment_period: 10, amount: 100_000, issue_amount: 1_000_000 };
    for (const [fields, key] of bad) {
      const res = await t.current.post('/ops/funds', { ...base, ...fields }, { token: ops });
      expect([res.status, res.body]).toEqual([400, { msg: 'no', data: key }]);
    }
    const tooMuch = await t.current.post('/ops/funds', { ...base, amount: t.current.config.maxAmount + 1, issue_amount: t.current.config.maxAmount + 1 }, { token: ops });
    expect(tooMuch.body.data).toBe('amountTooLarge');
    const u = await f.user(0);
    expect((await t.current.post('/ops/funds', base, { token: u.token })).status).toBe(403);
    expect((await t.current.get('/ops/funds', { token: ops })).body.data.count).toBe(before);

    const res = await t.current.post('/ops/funds', { ...base, name: 'Green Bond', min_return: '3.25', max_return: 7.5, investment_period: '45' }, { token: ops });
    expect(res.status).toBe(200);
    const fund = res.body.data;
    expect(fund).toMatchObject({ name: 'Green Bond', min_return: 3.25, max_return: 7.5, expected_return: 5.37, investment_period: 45, status: 'open', due: false, active_orders: 0 });
    expect(new Date(fund.end_time).getTime() - new Date(fund.created_at).getTime()).toBe(45 * DAY);
    const listed = await t.current.get('/v2/fund/list', { token: u.token, query: { limit: '100' } });
    expect(listed.body.data.rows.find((r: { id: number }) => r.id === fund.id)).toMatchObject({ name: 'Green Bond', available: true, sold_amount: 0 });
    const audit = await t.current.get('/ops/audit', { token: ops, query: { action: 'fund' } });
    expect(audit.body.data.rows[0]).toMatchObject({ action: 'fund.create', target: `fund ${fund.id}` });
  });

  it('debits the amount into the fund through the ledger on purchase, once per idempotency key', async () => {
    const fund = await f.create(ops, { amount: 250_000, issue_amount: 1_000_000, min_return: 4, max_return: 8 });
    const u = await f.user(1_000_000);
    const key = f.key();
    const res = await f.buy(u.token, fund.id, key);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: 250_000,
      expected_return: 6,
      status: 'active',
      end_time: fund.end_time,
      project_id: fund.id,
      project: { investment_period: 1, min_return: 4, max_return: 8 },
      return_rate: null,
      profit: null,
      closed_at: null,
    });
    expect(await f.balance(u.token)).toBe(750_000);
    expect((await f.bills(u.token))[0]).toMatchObject({ type: 'expense', amount: 250_000, reason: 'fund_purchase', balance: 750_000 });
    // The principal stays part of the user's total assets.
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data).toMatchObject({ money: 750_000, total: 1_000_000 });

    // The same key again: the same order, nothing more moves; under another project it is refused.
    const replay = await f.buy(u.token, String(fund.id), key);
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect(await f.balance(u.token)).toBe(750_000);
    const other = await f.create(ops);
    expect((await f.buy(u.token, other.id, key)).body).toEqual({ msg: 'no', data: 'idempotencyKeyReused' });
    expect((await t.current.post('/stock/success/fund/purchase', { project_id: fund.id }, { token: u.token })).body.data).toBe('idempotencyKeyRequired');

    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 250_000, active_orders: 1, available: true });
    const orders = await f.orders(u.token);
    expect(orders.body.data).toMatchObject({ count: 1, rows: [{ id: res.body.data.id, status: 'active' }] });
    await books();
  });

  it('refuses an unknown project, short money, a sold-out project and bad input, changing nothing', async () => {
    const fund = await f.create(ops, { amount: 300_000, issue_amount: 600_000 });
    const poor = await f.user(299_999);
    const rich = await f.user(2_000_000);
    const expectRefusal = async (res: Promise<{ status: number; body: unknown }>, status: number, key: string) =>
      expect([(await res).status, (await res).body]).toEqual([status, { msg: 'no', data: key }]);

    await expectRefusal(f.buy(rich.token, 999_999), 404, 'fundNotFound');
    await expectRefusal(f.buy(rich.token, 'x'), 400, 'invalidInput');
    await expectRefusal(f.buy(rich.token, 0), 400, 'invalidInput');
    await expectRefusal(f.buy(rich.token, 2 ** 31), 400, 'invalidInput');
    await expectRefusal(t.current.post('/stock/success/fund/purchase', { project_id: fund.id, amount: 5 }, { token: rich.token, headers: { 'idempotency-key': f.key() } }), 400, 'unknownField');
    await expectRefusal(f.buy(poor.token, fund.id), 422, 'insufficientFunds');
    expect(await f.balance(poor.token)).toBe(299_999);
    expect(await f.bills(poor.token)).toHaveLength(1);
    expect((await f.orders(poor.token)).body.data.count).toBe(0);
    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 0, active_orders: 0 });

    expect((await f.buy(rich.token, fund.id)).status).toBe(200);
    expect((await f.buy(rich.token, fund.id)).status).toBe(200);
    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 600_000, available: false });
    await expectRefusal(f.buy(rich.token, fund.id), 409, 'fundSoldOut');
    expect(await f.balance(rich.token)).toBe(1_400_000);
    expect((await f.orders(rich.token)).body.data.count).toBe(2);
    expect(await t.current.get('/stock/success/fund/purchase', { token: rich.token })).toMatchObject({ status: 404 });
    expect((await t.current.post('/stock/success/fund/purchase', { project_id: fund.id }, { headers: { 'idempotency-key': f.key() } })).status).toBe(401);
    await books();
  });

  it("lists a user's own orders by status and refuses an unknown status", async () => {
    const fund = await f.create(ops);
    const a = await f.user(1_000_000);
    const b = await f.user(1_000_000);
    const first = (await f.buy(a.token, fund.id)).body.data;
    await f.buy(a.token, fund.id);
    await f.buy(b.token, fund.id);
    expect((await f.cancel(a.token, first.id)).status).toBe(200);
    const all = (await f.orders(a.token)).body.data;
    expect(all.count).toBe(2);
    expect(all.rows.map((r: { status: string }) => r.status)).toEqual(['active', 'cancelled']);
    expect((await f.orders(a.token, { status: 'cancelled' })).body.data.rows.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect((await f.orders(a.token, { status: 'completed' })).body.data).toEqual({ rows: [], count: 0 });
    expect((await f.orders(a.token, { status: 'won' })).body).toEqual({ msg: 'no', data: 'invalidInput' });
    expect((await f.orders(b.token)).body.data.count).toBe(1);
  });

  it('returns the principal when a user cancels before term, once, and refuses what cannot be cancelled', async () => {
    const fund = await f.create(ops, { amount: 200_000, issue_amount: 400_000 });
    const u = await f.user(500_000);
    const other = await f.user(500_000);
    const order = (await f.buy(u.token, fund.id)).body.data;
    await f.buy(other.token, fund.id);
    expect((await f.buy(u.token, fund.id)).body.data).toBe('fundSoldOut');

    expect((await f.cancel(other.token, order.id)).body).toEqual({ msg: 'no', data: 'fundOrderNotFound' });
    expect((await f.cancel(u.token, 999_999)).body).toEqual({ msg: 'no', data: 'fundOrderNotFound' });
    const key = f.key();
    const res = await f.cancel(u.token, order.id, key);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.id, status: 'cancelled', profit: null, return_rate: null });
    expect(res.body.data.closed_at).not.toBeNull();
    expect(await f.balance(u.token)).toBe(500_000);
    expect((await f.bills(u.token))[0]).toMatchObject({ type: 'income', amount: 200_000, reason: 'principal_returned', balance: 500_000 });
    // A replay answers the same; a second cancel is refused; the room it freed can be bought again.
    expect((await f.cancel(u.token, order.id, key)).body.data).toMatchObject({ id: order.id, status: 'cancelled' });
    expect((await f.cancel(u.token, order.id)).body).toEqual({ msg: 'no', data: 'fundOrderNotActive' });
    expect(await f.balance(u.token)).toBe(500_000);
    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 200_000, active_orders: 1, available: true });
    const again = await f.buy(u.token, fund.id);
    expect(again.status).toBe(200);

    // Past term the order waits for settlement: neither a purchase nor a cancel.
    t.current.advance(DAY + 1000);
    expect((await f.cancel(u.token, again.body.data.id)).body).toEqual({ msg: 'no', data: 'fundTermEnded' });
    const late = await f.create(ops, { investment_period: 2 });
    t.current.advance(2 * DAY);
    expect((await f.buy(u.token, late.id)).body).toEqual({ msg: 'no', data: 'fundTermEnded' });
    expect(await f.balance(u.token)).toBe(300_000);
    await books();
  });

  it('settles at term inside the range: principal and profit bills for each active order, exactly once', async () => {
    const fund = await f.create(ops, { amount: 123_457, issue_amount: 123_457 * 5, min_return: 1.5, max_return: 4.75 });
    const a = await f.user(1_000_000);
    const b = await f.user(1_000_000);
    const [a1, a2, b1] = [(await f.buy(a.token, fund.id)).body.data, (await f.buy(a.token, fund.id)).body.data, (await f.buy(b.token, fund.id)).body.data];
    await f.cancel(a.token, a2.id);
    const settle = (rate: unknown, id = fund.id) => t.current.post(`/ops/funds/${id}/settle`, { return_rate: rate }, { token: ops });

    expect((await settle(3)).body).toEqual({ msg: 'no', data: 'fundNotDue' });
    t.current.advance(DAY);
    expect((await settle(1.49)).body).toEqual({ msg: 'no', data: 'fundReturnOutOfRange' });
    expect((await settle(4.76)).body).toEqual({ msg: 'no', data: 'fundReturnOutOfRange' });
    expect((await settle(3.333)).body).toEqual({ msg: 'no', data: 'fundReturnInvalid' });
    expect((await settle(3, 999_999)).body).toEqual({ msg: 'no', data: 'notFound' });
    expect((await t.current.post(`/ops/funds/${fund.id}/settle`, {}, { token: ops })).body.data).toBe('fundReturnInvalid');
    expect((await t.current.post(`/ops/funds/${fund.id}/settle`, { return_rate: 3 }, { token: a.token })).status).toBe(403);
    expect(await f.balance(a.token)).toBe(1_000_000 - 123_457);

    const res = await settle('3.33');
    expect(res.status).toBe(200);
    const profit = fundProfit(123_457, 333); // 4,111.11 → 4,111 minor units, rounded down
    expect(profit).toBe(4111);
    expect(res.body.data).toMatchObject({ status: 'settled', return_rate: 3.33, profit_paid: 2 * profit, due: false, active_orders: 0, sold_amount: 2 * 123_457 });
    expect(await f.balance(a.token)).toBe(1_000_000 + profit);
    expect(await f.balance(b.token)).toBe(1_000_000 + profit);
    const aBills = await f.bills(a.token);
    expect(aBills.slice(0, 2).map((x) => [x.reason, x.type, x.amount])).toEqual(
      expect.arrayContaining([
        ['principal_returned', 'income', 123_457],
        ['fund_project_profit', 'income', profit],
      ]),
    );
    const orders = (await f.orders(a.token, { status: 'completed' })).body.data.rows;
    expect(orders).toEqual([expect.objectContaining({ id: a1.id, status: 'completed', return_rate: 3.33, profit })]);
    expect((await f.orders(a.token, { status: 'cancelled' })).body.data.rows[0]).toMatchObject({ id: a2.id, profit: null });
    expect((await f.orders(b.token)).body.data.rows[0]).toMatchObject({ id: b1.id, status: 'completed', profit });

    // Settled once: a second settlement, a cancel, purchases and cancels are refused and move nothing.
    expect((await settle(3.33)).body).toEqual({ msg: 'no', data: 'fundAlreadySettled' });
    expect((await t.current.post(`/ops/funds/${fund.id}/cancel`, {}, { token: ops })).body).toEqual({ msg: 'no', data: 'fundAlreadySettled' });
    expect((await f.buy(a.token, fund.id)).body).toEqual({ msg: 'no', data: 'fundClosed' });
    expect((await f.cancel(a.token, a1.id)).body).toEqual({ msg: 'no', data: 'fundOrderNotActive' });
    expect(await f.balance(a.token)).toBe(1_000_000 + profit);
    const user = await f.user(0);
    expect((await t.current.get('/v2/fund/list', { token: user.token, query: { limit: '100' } })).body.data.rows.some((r: { id: number }) => r.id === fund.id)).toBe(false);
    const audit = await t.current.get('/ops/audit', { token: ops, query: { action: 'fund.settle' } });
    expect(audit.body.data.rows[0]).toMatchObject({ target: `fund ${fund.id}`, detail: { return_bps: 333, orders: 2, principal: 2 * 123_457, profit: 2 * profit } });
    await books();
  });

  it('settles a project nobody bought, and at the edges of its range', async () => {
    const empty = await f.create(ops, { min_return: 0, max_return: 0 });
    const full = await f.create(ops, { min_return: 100, max_return: 100 });
    const u = await f.user(100_000);
    await f.buy(u.token, full.id);
    t.current.advance(DAY);
    expect((await t.current.post(`/ops/funds/${empty.id}/settle`, { return_rate: 0 }, { token: ops })).body.data).toMatchObject({ status: 'settled', profit_paid: 0 });
    expect((await t.current.post(`/ops/funds/${full.id}/settle`, { return_rate: 100 }, { token: ops })).body.data).toMatchObject({ profit_paid: 100_000 });
    expect(await f.balance(u.token)).toBe(200_000);
    await books();
  });

  it("returns every active order's principal when an operator cancels a project, and then refuses it", async () => {
    const fund = await f.create(ops, { amount: 100_000, issue_amount: 500_000 });
    const a = await f.user(300_000);
    const b = await f.user(300_000);
    await f.buy(a.token, fund.id);
    const gone = (await f.buy(a.token, fund.id)).body.data;
    await f.buy(b.token, fund.id);
    await f.cancel(a.token, gone.id);
    expect((await t.current.post(`/ops/funds/${fund.id}/cancel`, { reason: 'x'.repeat(501) }, { token: ops })).body.data).toBe('invalidInput');
    const res = await t.current.post(`/ops/funds/${fund.id}/cancel`, { reason: 'Manager withdrew' }, { token: ops });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Manager withdrew', sold_amount: 0, active_orders: 0, available: false });
    expect(await f.balance(a.token)).toBe(300_000);
    expect(await f.balance(b.token)).toBe(300_000);
    expect((await f.bills(b.token))[0]).toMatchObject({ reason: 'principal_returned', amount: 100_000 });
    expect((await f.orders(a.token, { status: 'cancelled' })).body.data.count).toBe(2);

    expect((await t.current.post(`/ops/funds/${fund.id}/cancel`, {}, { token: ops })).body).toEqual({ msg: 'no', data: 'fundClosed' });
    t.current.advance(DAY);
    expect((await t.current.post(`/ops/funds/${fund.id}/settle`, { return_rate: 3 }, { token: ops })).body).toEqual({ msg: 'no', data: 'fundClosed' });
    expect((await f.buy(a.token, fund.id)).body).toEqual({ msg: 'no', data: 'fundClosed' });
    expect((await t.current.post('/ops/funds/999999/cancel', {}, { token: ops })).body).toEqual({ msg: 'no', data: 'notFound' });
    const audit = await t.current.get('/ops/audit', { token: ops, query: { action: 'fund.cancel' } });
    expect(audit.body.data.rows[0]).toMatchObject({ target: `fund ${fund.id}`, detail: { reason: 'Manager withdrew', orders: 2, principal: 200_000 } });
    await books();
  });

  it('reminds operators of projects past term: a due flag and count, and a warning on each tick', async () => {
    const fund = await f.create(ops, { investment_period: 3 });
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => void warnings.push(msg), error: () => {} };
    const reminder = new FundReminder(t.current.database.db, { intervalMs: 0, clock: () => t.current.built.app.clock(), log });
    expect((await reminder.tick()).map((r) => r.id)).not.toContain(fund.id);
    expect(await f.project(ops, fund.id)).toMatchObject({ due: false });

    t.current.advance(3 * DAY);
    const due = await reminder.tick();
    expect(due.map((r) => r.id)).toContain(fund.id);
    expect(warnings.some((w) => w.includes(`fund project ${fund.id} `) && w.includes('not settled'))).toBe(true);
    const list = (await t.current.get('/ops/funds', { token: ops, query: { status: 'open', limit: '100' } })).body.data;
    expect(list.due).toBe(due.length);
    expect(list.rows.find((r: { id: number }) => r.id === fund.id)).toMatchObject({ due: true, available: false });
    expect((await t.current.get('/ops/funds', { token: ops, query: { status: 'closed' } })).body.data).toBe('invalidInput');

    // Started as the app starts it, on a timer: it warns by itself, and stops cleanly.
    const timed: string[] = [];
    const running = new FundReminder(t.current.database.db, { intervalMs: 20, clock: () => t.current.built.app.clock(), log: { warn: (_o, msg) => void timed.push(msg), error: () => {} } });
    running.start();
    await new Promise((r) => setTimeout(r, 300));
    await running.stop();
    expect(timed.some((w) => w.includes(`fund project ${fund.id} `))).toBe(true);

    await t.current.post(`/ops/funds/${fund.id}/settle`, { return_rate: 2 }, { token: ops });
    expect((await reminder.tick()).map((r) => r.id)).not.toContain(fund.id);
    expect(await f.project(ops, fund.id)).toMatchObject({ due: false, status: 'settled' });
    await reminder.stop();
  });
});

// Whatever reaches a fund call, the answer is a translated refusal or a success: never a 500.
describe.each(backends)('fund calls under hostile input on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  const f = fundsSetup(t);

  it('never answers 500 and always answers {msg, data}', async () => {
    const ops = await t.current.operatorToken();
    const user = await f.user(1_000_000);
    const fund = await f.create(ops, { issue_amount: 10_000_000 });
    const order = (await f.buy(user.token, fund.id)).body.data.id as number;
    const hostile = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string(),
      fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e21, -1e21, 'NaN', '1e400', '\u0000', '\ud800', '', ' 1', '0x10', '3.333', '100.01', null, true, [], {}),
      fc.constantFrom(fund.id, order, 'active', 'open', 2, 5.5),
    );
    const CALLS: [method: 'GET' | 'POST', path: (id: string) => string, fields: string[], who: 'user' | 'ops'][] = [
      ['POST', () => '/stock/success/fund/purchase', ['project_id'], 'user'],
      ['POST', () => '/stock/success/fund/cancel', ['id'], 'user'],
      ['GET', () => '/stock/success/fund/orders', ['status', 'page', 'limit'], 'user'],
      ['GET', () => '/v2/fund/list', ['page', 'limit'], 'user'],
      ['GET', () => '/ops/funds', ['status', 'page', 'limit'], 'ops'],
      ['POST', () => '/ops/funds', ['name', 'min_return', 'max_return', 'investment_period', 'amount', 'issue_amount'], 'ops'],
      ['POST', (id) => `/ops/funds/${id}/settle`, ['return_rate'], 'ops'],
      ['POST', (id) => `/ops/funds/${id}/cancel`, ['reason'], 'ops'],
    ];
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat(CALLS.length - 1),
        fc.array(fc.option(hostile, { freq: 4 }), { minLength: 6, maxLength: 6 }),
        fc.oneof(fc.constant(String(fund.id)), fc.constantFrom('0', '-1', '2147483648', '1e3', 'x', '%00')),
        async (pick, values, id) => {
          const [method, path, fields, who] = CALLS[pick]!;
          const token = who === 'ops' ? ops : user.token;
          const input = Object.fromEntries(fields.flatMap((k, i) => (values[i] === null ? [] : [[k, values[i]]])));
          const res =
            method === 'GET'
              ? await t.current.get(path(id), { token, query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) })
              : await t.current.post(path(id), input, { token, headers: { 'idempotency-key': `fuzz-${process.pid}-${++seq}` } });
          expect(res.status).toBeLessThan(500);
          expect(['ok', 'no']).toContain(res.body.msg);
          expect(res.body.data).toBeDefined();
        },
      ),
      { numRuns: 250 },
    );
    expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
  }, 120_000);
});

// The funds commands talk to a running server, as an operator would while `npm start` runs.
describe.each(backends.slice(0, 1))('ops funds commands against a running server on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  const f = fundsSetup(t);
  let cli: ReturnType<typeof opsCli>;

  beforeAll(async () => {
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);

  it(
    'lists, creates, settles and cancels projects, each audited, and explains a refusal',
    async () => {
      const created = await cli('funds', 'create', '--name', 'CLI Fund', '--min', '2', '--max', '5.5', '--days', '1', '--amount', '100000', '--issue', '500000');
      expect(created).toMatchObject({ code: 0 });
      const id = Number(/^fund (\d+) created/.exec(created.stdout)![1]);
      expect(created.stdout).toContain('CLI Fund  2-5.5%  1d  amount 1000.00  sold 0.00/5000.00');
      const cancelMe = Number(/^fund (\d+) created/.exec((await cli('funds', 'create', '--name', 'Other', '--min', '1', '--max', '1', '--days', '30', '--amount', '1000', '--issue', '1000')).stdout)![1]);

      const u = await f.user(200_000);
      expect((await f.buy(u.token, id)).status).toBe(200);
      expect(await cli('funds', 'settle', String(id), '--rate', '3')).toMatchObject({ code: 1, stderr: "refused (409): This fund's term has not ended yet (fundNotDue)\n" });
      t.current.advance(DAY);
      const list = await cli('funds', 'list');
      expect(list.stdout).toMatch(new RegExp(`^${id}  DUE  CLI Fund`, 'm'));
      expect(list.stdout).toMatch(/project\(s\) past term await settlement/);
      expect(await cli('funds', 'settle', String(id), '--rate', '3')).toMatchObject({ code: 0, stdout: `fund ${id} settled at 3%: profit 30.00 paid with the principal\n` });
      expect(await cli('funds', 'settle', String(id), '--rate', '3')).toMatchObject({ code: 1, stderr: 'refused (409): This fund has already been settled (fundAlreadySettled)\n' });
      expect(await f.balance(u.token)).toBe(203_000);
      expect(await cli('funds', 'cancel', String(cancelMe), '--reason', 'Not needed')).toMatchObject({ code: 0 });
      expect((await cli('funds', 'list', '--status', 'cancelled')).stdout).toMatch(new RegExp(`^${cancelMe}  cancelled  Other.*cancelled: Not needed`, 'm'));
      expect(await cli('funds', 'settle', String(id))).toMatchObject({ code: 2 });

      const audit = (await cli('audit', '--action', 'fund')).stdout;
      expect(audit).toContain(`fund.settle  fund ${id}`);
      expect(audit).toContain(`fund.cancel  fund ${cancelMe}`);
    },
    180_000,
  );
});

/**
 * Funds under concurrency, on PostgreSQL only (PGlite has one connection, so nothing there runs at once): many
 * purchases of one project, one key replayed at once, operators settling or cancelling at once, and users cancelling
 * while an operator cancels the project.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { fundProfit } from '@invest/shared/contract';
import { fundOrders, ledgerTransfers } from '../src/db/schema';
import { verifyLedger } from '../src/ledger/verify';
import { fundsSetup } from './funds-setup';
import { HOOK_TIMEOUT, postgresBackend, useApp } from './harness';

const DAY = 86_400_000;

(postgresBackend ? describe : describe.skip)('funds concurrency on postgres', () => {
  const t = useApp(postgresBackend!, { deps: { matcherIntervalMs: 0 } });
  const f = fundsSetup(t);
  const db = () => t.current.database.db;
  let ops: string;
  jest.setTimeout(120_000);

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  /** How many transfers of this reason each order has had. */
  async function transfersOf(orderIds: number[], reason: string) {
    const rows = await db()
      .select({ ref: ledgerTransfers.ref, n: count() })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.reason, reason), inArray(ledgerTransfers.ref, orderIds.map((id) => `fund order ${id}`))))
      .groupBy(ledgerTransfers.ref);
    return orderIds.map((id) => rows.find((r) => r.ref === `fund order ${id}`)?.n ?? 0);
  }

  const activeOrders = async (fundId: number) =>
    db()
      .select()
      .from(fundOrders)
      .where(and(eq(fundOrders.fundId, fundId), eq(fundOrders.status, 'active')));

  it('100 purchases at once never sell past the issue amount, and a refusal takes nothing', async () => {
    const amount = 100_000;
    const fund = await f.create(ops, { amount, issue_amount: 37 * amount });
    const rich = await Promise.all(Array.from({ length: 20 }, () => f.user(4 * amount)));
    const poor = await Promise.all(Array.from({ length: 20 }, () => f.user(amount - 1)));
    const attempts = [...rich.flatMap((u) => Array.from({ length: 4 }, () => u)), ...poor];
    // Interleave the rich and the poor.
    attempts.sort((a, b) => (a.id * 7919) % 101 - (b.id * 7919) % 101);
    const results = await Promise.all(attempts.map((u) => f.buy(u.token, fund.id)));

    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(37);
    for (const r of results.filter((x) => x.status !== 200)) expect(['fundSoldOut', 'insufficientFunds']).toContain(r.body.data);
    expect(results.filter((r) => r.body.data === 'insufficientFunds').length).toBeLessThanOrEqual(20);
    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 37 * amount, active_orders: 37, available: false });
    expect(await activeOrders(fund.id)).toHaveLength(37);

    const balances = await Promise.all(rich.map((u) => f.balance(u.token)));
    expect(balances.reduce((s, b) => s + (4 * amount - b), 0)).toBe(37 * amount);
    for (const u of poor) expect(await f.balance(u.token)).toBe(amount - 1);
  });

  it('one purchase when the same key arrives 10 times at once', async () => {
    const fund = await f.create(ops, { amount: 50_000, issue_amount: 500_000 });
    const u = await f.user(200_000);
    const key = f.key();
    const results = await Promise.all(Array.from({ length: 10 }, () => f.buy(u.token, fund.id, key)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await f.balance(u.token)).toBe(150_000);
    expect(await f.project(ops, fund.id)).toMatchObject({ sold_amount: 50_000 });
  });

  it('settles exactly once when 10 operator calls race, paying each order once', async () => {
    const amount = 77_777;
    const fund = await f.create(ops, { amount, issue_amount: 20 * amount, min_return: 1, max_return: 9 });
    const users = await Promise.all(Array.from({ length: 10 }, () => f.user(2 * amount)));
    const orders = (await Promise.all(users.flatMap((u) => [f.buy(u.token, fund.id), f.buy(u.token, fund.id)]))).map((r) => r.body.data.id as number);
    expect(orders).toHaveLength(20);
    t.current.advance(DAY);
    const second = await t.current.operatorToken();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.current.post(`/ops/funds/${fund.id}/settle`, { return_rate: 5.55 }, { token: i % 2 ? ops : second })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toEqual({ msg: 'no', data: 'fundAlreadySettled' });
    const profit = fundProfit(amount, 555);
    expect(await transfersOf(orders, 'principal_returned')).toEqual(Array(20).fill(1));
    expect(await transfersOf(orders, 'fund_project_profit')).toEqual(Array(20).fill(1));
    for (const u of users) expect(await f.balance(u.token)).toBe(2 * amount + 2 * profit);
    expect(await f.project(ops, fund.id)).toMatchObject({ status: 'settled', profit_paid: 20 * profit });
  });

  it('settling and cancelling a due project at once: one wins, and every principal comes back once', async () => {
    const fund = await f.create(ops, { amount: 100_000, issue_amount: 1_000_000 });
    const users = await Promise.all(Array.from({ length: 5 }, () => f.user(100_000)));
    const orders = (await Promise.all(users.map((u) => f.buy(u.token, fund.id)))).map((r) => r.body.data.id as number);
    t.current.advance(DAY);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => t.current.post(`/ops/funds/${fund.id}/settle`, { return_rate: 4 }, { token: ops })),
      ...Array.from({ length: 5 }, () => t.current.post(`/ops/funds/${fund.id}/cancel`, {}, { token: ops })),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(['fundAlreadySettled', 'fundClosed']).toContain(r.body.data);
    expect(await transfersOf(orders, 'principal_returned')).toEqual(Array(5).fill(1));
    expect(await activeOrders(fund.id)).toHaveLength(0);
  });

  it("users' own cancels racing the operator's project cancel and late purchases: each principal comes back once", async () => {
    const fund = await f.create(ops, { amount: 100_000, issue_amount: 2_000_000, investment_period: 5 });
    const users = await Promise.all(Array.from({ length: 10 }, () => f.user(300_000)));
    const orders = (await Promise.all(users.map((u) => f.buy(u.token, fund.id)))).map((r) => r.body.data.id as number);
    const results = await Promise.all([
      ...users.map((u, i) => f.cancel(u.token, orders[i])),
      t.current.post(`/ops/funds/${fund.id}/cancel`, { reason: 'race' }, { token: ops }),
      ...users.map((u) => f.buy(u.token, fund.id)),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(await transfersOf(orders, 'principal_returned')).toEqual(Array(10).fill(1));
    expect(await activeOrders(fund.id)).toHaveLength(0);
    for (const u of users) expect(await f.balance(u.token)).toBe(300_000);
    expect(await f.project(ops, fund.id)).toMatchObject({ status: 'cancelled', sold_amount: 0 });
  });
});

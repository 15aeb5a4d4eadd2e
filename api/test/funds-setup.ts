import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { findWallet, systemAccountId } from '../src/ledger/accounts';
import { inLedgerTransaction, transfer } from '../src/ledger/transfer';
import type { TestApp } from './harness';

/** What the fund suites share: users with money, projects, and calls with their idempotency keys. */
export function fundsSetup(t: { current: TestApp }) {
  let seq = 0;
  const db = () => t.current.database.db;
  const currency = () => t.current.config.currency;

  /** A new user with `amount` in the wallet (a deposit booked straight through the ledger). */
  async function user(amount: number) {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const wallet = (await findWallet(db(), row!.id, currency()))!.id;
    if (amount > 0) {
      const deposits = await systemAccountId(db(), 'deposits:bank', currency());
      await inLedgerTransaction(db(), (tx) => transfer(tx, { key: `test-deposit-${wallet}`, reason: 'recharge', currency: currency(), amount, from: deposits, to: wallet }));
    }
    return { id: row!.id, phone, password, token };
  }

  const key = () => `fund-test-${process.pid}-${++seq}`;

  return {
    user,
    key,
    balance: async (token: string) => (await t.current.get('/stock/success/v2/balance', { token })).body.data.balance as number,
    bills: async (token: string) =>
      (await t.current.get('/stock/success/v2/bill', { token, query: { limit: '100' } })).body.data.rows as { type: string; amount: number; reason: string; balance: number }[],
    buy: (token: string, projectId: unknown, k = key()) => t.current.post('/stock/success/fund/purchase', { project_id: projectId }, { token, headers: { 'idempotency-key': k } }),
    cancel: (token: string, id: unknown, k = key()) => t.current.post('/stock/success/fund/cancel', { id }, { token, headers: { 'idempotency-key': k } }),
    orders: (token: string, query: Record<string, string> = {}) => t.current.get('/stock/success/fund/orders', { token, query }),
    /** An operator's new project; `fields` override a 1-day project of 1,000.00 a purchase, 10 purchases issued, 2–6 %. */
    async create(ops: string, fields: Record<string, unknown> = {}) {
      const body = { name: `Fund ${++seq}`, min_return: 2, max_return: 6, investment_period: 1, amount: 100_000, issue_amount: 1_000_000, ...fields };
      const res = await t.current.post('/ops/funds', body, { token: ops });
      if (res.status !== 200) throw new Error(`fund create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data as { id: number; amount: number; end_time: string; issue_amount: number };
    },
    project: async (ops: string, id: number) =>
      ((await t.current.get('/ops/funds', { token: ops, query: { limit: '100' } })).body.data.rows as { id: number }[]).find((f) => f.id === id) as Record<string, any>,
  };
}

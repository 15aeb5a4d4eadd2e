import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { findWallet, systemAccountId } from '../src/ledger/accounts';
import { captureHold, placeHold } from '../src/ledger/holds';
import { inLedgerTransaction, transfer } from '../src/ledger/transfer';
import { verifyLedger } from '../src/ledger/verify';
import { backends, useApp } from './harness';

const CUR = 'INR';

// On PGlite (one connection) these show only that nothing deadlocks; on PostgreSQL the transactions really race.
describe.each(backends)('ledger under concurrency on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;

  async function fundedWallet(amount: number) {
    const { phone } = await t.current.register();
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.phone, phone));
    const wallet = (await findWallet(db(), user!.id, CUR))!.id;
    const deposits = await systemAccountId(db(), 'deposits:bank', CUR);
    await inLedgerTransaction(db(), (tx) =>
      transfer(tx, { key: `fund-${wallet}`, reason: 'recharge', currency: CUR, amount, from: deposits, to: wallet }),
    );
    return { userId: user!.id, wallet };
  }

  it('never takes a wallet below zero: 20 withdrawals at once that together exceed the balance', async () => {
    const { userId, wallet } = await fundedWallet(100_000);
    const payable = await systemAccountId(db(), 'withdrawals:payable', CUR);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        inLedgerTransaction(db(), (tx) =>
          transfer(tx, { key: `wd-${wallet}-${i}`, reason: 'withdraw', currency: CUR, amount: 7_000, from: wallet, to: payable }),
        ),
      ),
    );
    const booked = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(booked).toBe(14); // 14 × 7,000 = 98,000 ≤ 100,000 < 15 × 7,000
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'insufficientFunds' });
    expect(await findWallet(db(), userId, CUR)).toMatchObject({ balance: 2_000, available: 2_000 });
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  it('books one transfer when the same key arrives 10 times at once', async () => {
    const { userId, wallet } = await fundedWallet(1_000);
    const deposits = await systemAccountId(db(), 'deposits:bank', CUR);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        inLedgerTransaction(db(), (tx) =>
          transfer(tx, { key: `same-${wallet}`, reason: 'recharge', currency: CUR, amount: 5_000, from: deposits, to: wallet }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await findWallet(db(), userId, CUR))!.balance).toBe(6_000);
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  it('captures a hold once when 10 captures race', async () => {
    const { userId, wallet } = await fundedWallet(50_000);
    const settlement = await systemAccountId(db(), 'settlement:stocks', CUR);
    const hold = await inLedgerTransaction(db(), (tx) => placeHold(tx, { key: `hold-${wallet}`, account: wallet, amount: 30_000 }));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        inLedgerTransaction(db(), (tx) =>
          captureHold(tx, hold.id, { key: `cap-${wallet}-${i}`, reason: 'buyStock', currency: CUR, amount: 30_000, to: settlement }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await findWallet(db(), userId, CUR)).toMatchObject({ balance: 20_000, held: 0 });
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  it('keeps the books balanced when many users move money both ways at once', async () => {
    const wallets = await Promise.all(Array.from({ length: 6 }, () => fundedWallet(10_000)));
    const payable = await systemAccountId(db(), 'withdrawals:payable', CUR);
    const deposits = await systemAccountId(db(), 'deposits:bank', CUR);
    await Promise.allSettled(
      wallets.flatMap(({ wallet }, w) =>
        Array.from({ length: 8 }, (_, i) =>
          inLedgerTransaction(db(), (tx) =>
            i % 2
              ? transfer(tx, { key: `mix-${wallet}-${i}`, reason: 'withdraw', currency: CUR, amount: 3_000 + w, from: wallet, to: payable })
              : transfer(tx, { key: `mix-${wallet}-${i}`, reason: 'recharge', currency: CUR, amount: 1_000, from: deposits, to: wallet }),
          ),
        ),
      ),
    );
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });
});

describe.each(backends)('wallet calls under concurrency on $name', (backend) => {
  const t = useApp(backend);

  it('credits a deposit once when 10 operators complete it at once, and 20 racing withdrawals never overdraw', async () => {
    const ops = await t.current.operatorToken();
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.approveRealName(token);
    const money = (path: string, body: unknown, key: string) => t.current.post(path, body, { token, headers: { 'idempotency-key': key } });

    const deposit = (await money('/stock/success/v2/recharge/add', { count: 1_000_000 }, 'deposit-key-1')).body.data;
    const completions = await Promise.all(Array.from({ length: 10 }, () => t.current.post(`/ops/recharges/${deposit.id}/complete`, {}, { token: ops })));
    expect(completions.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);

    const card = (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'A', ifsc: 'SBIN0001234' }, { token })).body.data;
    const withdrawals = await Promise.all(
      Array.from({ length: 20 }, (_, i) => money('/stock/success/money/access', { bank_id: card.id, count: 70_000 }, `withdraw-key-${i}`)),
    );
    expect(withdrawals.filter((r) => r.status === 200)).toHaveLength(14);
    for (const r of withdrawals.filter((r) => r.status !== 200)) expect(r.body).toEqual({ msg: 'no', data: 'insufficientFunds' });
    const info = (await t.current.get('/stock/success/v2/user/info', { token })).body.data;
    expect(info.money).toBe(20_000);
    // A refused withdrawal leaves no request behind: one record per debit.
    expect((await t.current.get('/stock/success/property/withdraw?limit=100', { token })).body.data.count).toBe(14);
    expect((await t.current.get('/ops/ledger/verify', { token: ops })).body.data).toEqual({ ok: true, breaches: [] });
  });
});

import { eq, sql } from 'drizzle-orm';
import { accounts, users } from '../src/db/schema';
import { findWallet, systemAccountId } from '../src/ledger/accounts';
import { captureHold, placeHold, releaseHold } from '../src/ledger/holds';
import { inLedgerTransaction, transfer, transfers, type TransferRequest } from '../src/ledger/transfer';
import { verifyLedger } from '../src/ledger/verify';
import { backends, HOOK_TIMEOUT, useApp, type TestApp } from './harness';

const CUR = 'INR';
let keySeq = 0;
const key = (label: string) => `${label}-${process.pid}-${++keySeq}`;

/** A registered user: their wallet id, token and phone. */
async function newUser(t: TestApp) {
  const { phone, password } = await t.register();
  const token = await t.login(phone, password);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  const wallet = await findWallet(t.database.db, user!.id, CUR);
  return { id: user!.id, wallet: wallet!.id, token, phone };
}

describe.each(backends)('ledger on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;
  const book = (req: TransferRequest) => inLedgerTransaction(db(), (tx) => transfer(tx, req));
  const wallet = async (userId: number) => (await findWallet(db(), userId, CUR))!;
  let deposits: number;
  let payable: number;
  let ops: string;

  beforeAll(async () => {
    deposits = await systemAccountId(db(), 'deposits:bank', CUR);
    payable = await systemAccountId(db(), 'withdrawals:payable', CUR);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    // Whatever a test did, the books balance.
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  it('moves money between two accounts as one transfer of two entries, with the balance after each', async () => {
    const u = await newUser(t.current);
    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 500_000, from: deposits, to: u.wallet });
    await book({ key: key('wd'), reason: 'withdraw', currency: CUR, amount: 120_000, from: u.wallet, to: payable });
    expect(await wallet(u.id)).toMatchObject({ balance: 380_000, held: 0, available: 380_000 });

    const res = await t.current.get('/stock/success/v2/bill', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.rows.map((r: any) => [r.type, r.amount, r.balance, r.reason])).toEqual([
      ['expense', 120_000, 380_000, 'withdraw'],
      ['income', 500_000, 500_000, 'recharge'],
    ]);
    const income = await t.current.get('/stock/success/v2/bill', { token: u.token, query: { type: 'income' } });
    expect(income.body.data.rows.map((r: any) => r.reason)).toEqual(['recharge']);
    const expense = await t.current.get('/stock/success/v2/bill', { token: u.token, query: { type: 'expense' } });
    expect(expense.body.data.rows.map((r: any) => r.reason)).toEqual(['withdraw']);
  });

  it('refuses a transfer the available balance does not cover, and books nothing', async () => {
    const u = await newUser(t.current);
    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 10_000, from: deposits, to: u.wallet });
    await expect(book({ key: key('wd'), reason: 'withdraw', currency: CUR, amount: 10_001, from: u.wallet, to: payable })).rejects.toMatchObject({
      statusCode: 422,
      key: 'insufficientFunds',
    });
    expect((await wallet(u.id)).balance).toBe(10_000);
    const bills = await t.current.get('/stock/success/v2/bill', { token: u.token });
    expect(bills.body.data.count).toBe(1);
  });

  it('books a replayed key once and refuses the key with another request', async () => {
    const u = await newUser(t.current);
    const k = key('dep');
    const req: TransferRequest = { key: k, reason: 'recharge', currency: CUR, amount: 7_000, from: deposits, to: u.wallet };
    const first = await book(req);
    const again = await book(req);
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(first.replayed).toBe(false);
    await expect(book({ ...req, amount: 7_001 })).rejects.toMatchObject({ statusCode: 409, key: 'idempotencyKeyReused' });
    expect((await wallet(u.id)).balance).toBe(7_000);
  });

  it('books transfers together, each entry with the balance after it, or none of them when a later one is short', async () => {
    const u = await newUser(t.current);
    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 10_000, from: deposits, to: u.wallet });
    const fees = await systemAccountId(db(), 'income:fees', CUR);
    const pair = (k: string, amount: number, fee: number): TransferRequest[] => [
      { key: `${k}:amount`, reason: 'buyStock', currency: CUR, amount, from: u.wallet, to: payable },
      { key: `${k}:fee`, reason: 'transactionExpenses', currency: CUR, amount: fee, from: u.wallet, to: fees },
    ];
    // The amount alone fits; with its fee it does not: neither is booked.
    await expect(inLedgerTransaction(db(), (tx) => transfers(tx, pair(key('buy'), 9_950, 100)))).rejects.toMatchObject({ key: 'insufficientFunds' });
    expect((await wallet(u.id)).balance).toBe(10_000);

    const k = key('buy');
    const booked = await inLedgerTransaction(db(), (tx) => transfers(tx, pair(k, 6_000, 100)));
    expect(booked.map((b) => b.replayed)).toEqual([false, false]);
    const rows = (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows;
    expect(rows.map((r: any) => [r.reason, r.amount, r.balance])).toEqual([
      ['transactionExpenses', 100, 3_900],
      ['buyStock', 6_000, 4_000],
      ['recharge', 10_000, 10_000],
    ]);
    // A replay answers with the first transfers and moves nothing; one of the keys with another amount is refused.
    const again = await inLedgerTransaction(db(), (tx) => transfers(tx, pair(k, 6_000, 100)));
    expect(again.map((b) => [b.id, b.replayed])).toEqual(booked.map((b) => [b.id, true]));
    await expect(inLedgerTransaction(db(), (tx) => transfers(tx, pair(k, 6_000, 101)))).rejects.toMatchObject({ statusCode: 409, key: 'idempotencyKeyReused' });
    expect((await wallet(u.id)).balance).toBe(3_900);
  });

  it('holds money apart from the available balance, then captures or releases it exactly once', async () => {
    const u = await newUser(t.current);
    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 100_000, from: deposits, to: u.wallet });
    const settlement = await systemAccountId(db(), 'settlement:stocks', CUR);

    const h1 = await inLedgerTransaction(db(), (tx) => placeHold(tx, { key: key('hold'), account: u.wallet, amount: 60_000, ref: 'order 1' }));
    expect(await wallet(u.id)).toMatchObject({ balance: 100_000, held: 60_000, available: 40_000 });
    // Held money cannot be spent twice: not by a transfer, not by a second hold.
    await expect(book({ key: key('wd'), reason: 'withdraw', currency: CUR, amount: 40_001, from: u.wallet, to: payable })).rejects.toMatchObject({ key: 'insufficientFunds' });
    await expect(inLedgerTransaction(db(), (tx) => placeHold(tx, { key: key('hold'), account: u.wallet, amount: 40_001 }))).rejects.toMatchObject({ key: 'insufficientFunds' });

    // A fill at a better price captures less than was held; the rest is available again.
    const captureKey = key('fill');
    const capture = { key: captureKey, reason: 'buyStock' as const, currency: CUR, amount: 55_000, to: settlement, ref: 'order 1' };
    const filled = await inLedgerTransaction(db(), (tx) => captureHold(tx, h1.id, capture));
    expect(await wallet(u.id)).toMatchObject({ balance: 45_000, held: 0, available: 45_000 });
    // The same capture retried answers with the first transfer; another capture or a release is refused.
    expect(await inLedgerTransaction(db(), (tx) => captureHold(tx, h1.id, capture))).toMatchObject({ id: filled.id, replayed: true });
    await expect(inLedgerTransaction(db(), (tx) => captureHold(tx, h1.id, { ...capture, key: key('fill') }))).rejects.toMatchObject({ statusCode: 409, key: 'alreadySettled' });
    await expect(inLedgerTransaction(db(), (tx) => releaseHold(tx, h1.id))).rejects.toMatchObject({ key: 'alreadySettled' });

    const h2 = await inLedgerTransaction(db(), (tx) => placeHold(tx, { key: key('hold'), account: u.wallet, amount: 45_000 }));
    await inLedgerTransaction(db(), (tx) => releaseHold(tx, h2.id));
    expect(await inLedgerTransaction(db(), (tx) => releaseHold(tx, h2.id))).toMatchObject({ status: 'released', replayed: true });
    await expect(inLedgerTransaction(db(), (tx) => captureHold(tx, h2.id, { ...capture, key: key('fill') }))).rejects.toMatchObject({ key: 'alreadySettled' });
    expect(await wallet(u.id)).toMatchObject({ balance: 45_000, held: 0, available: 45_000 });
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data.money).toBe(45_000);
  });

  it('shows each user only their own bills', async () => {
    const a = await newUser(t.current);
    const b = await newUser(t.current);
    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 9_900, from: deposits, to: a.wallet });
    const res = await t.current.get('/stock/success/v2/bill', { token: b.token });
    expect(res.body.data).toEqual({ rows: [], count: 0 });
    expect((await t.current.get('/stock/success/v2/bill')).status).toBe(401);
  });

  it('pages the bill list and refuses a bad type', async () => {
    const u = await newUser(t.current);
    for (let i = 1; i <= 5; i++) await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: i * 100, from: deposits, to: u.wallet });
    const page2 = await t.current.get('/stock/success/v2/bill', { token: u.token, query: { page: '2', limit: '2' } });
    expect(page2.body.data.count).toBe(5);
    expect(page2.body.data.rows.map((r: any) => r.amount)).toEqual([300, 200]);
    const bad = await t.current.get('/stock/success/v2/bill', { token: u.token, query: { type: 'everything' } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'no', data: 'invalidInput' } });
  });

  it('lets operators verify the books and names every breach', async () => {
    expect((await t.current.get('/ops/ledger/verify', { token: ops })).body).toEqual({ msg: 'ok', data: { ok: true, breaches: [] } });
    const u = await newUser(t.current);
    expect((await t.current.get('/ops/ledger/verify', { token: u.token })).status).toBe(403);

    await book({ key: key('dep'), reason: 'recharge', currency: CUR, amount: 1_000, from: deposits, to: u.wallet });
    // Tamper with a balance behind the ledger's back, as a bad migration or a manual fix would.
    await db().update(accounts).set({ balance: sql`${accounts.balance} + 1` }).where(eq(accounts.id, u.wallet));
    const report = (await t.current.get('/ops/ledger/verify', { token: ops })).body.data;
    expect(report.ok).toBe(false);
    expect(report.breaches).toEqual(
      expect.arrayContaining([
        { rule: 'account equals the sum of its entries', subject: `account ${u.wallet}`, detail: 'balance 1001, entries 1000' },
        { rule: 'accounts sum to zero per currency', subject: 'currency INR', detail: 'sum 1' },
      ]),
    );
    await db().update(accounts).set({ balance: sql`${accounts.balance} - 1` }).where(eq(accounts.id, u.wallet));
  });
});

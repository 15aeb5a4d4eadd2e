/**
 * Trading under concurrency, on PostgreSQL only (PGlite has one connection, so nothing there runs at once):
 * many buys against one wallet, many sales of one lot, one key replayed at once, and two API processes running the
 * order matcher over one database.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { ledgerEntries, tradeFills } from '../src/db/schema';
import { findWallet } from '../src/ledger/accounts';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { HOOK_TIMEOUT, postgresBackend, setClock, useApp, type TestApp } from './harness';

const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const HOUR = 3_600_000;

const nseOpen = getCalendar('NSE').nextOpen(Date.now());
const beforeOpen = new Date(nseOpen - HOUR);
const open = new Date(nseOpen + HOUR);

(postgresBackend ? describe : describe.skip)('trading concurrency on postgres', () => {
  const t = useApp(postgresBackend!, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const db = () => t.current.database.db;
  jest.setTimeout(120_000);

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(cur: TestApp = t.current) {
    const { phone, password } = await cur.register();
    const token = await cur.login(phone, password);
    const me = (await cur.get('/stock/success/v2/user/info', { token })).body.data;
    return { token, id: me.id as number };
  }
  const pay = (u: { token: string }, path: string, body: unknown, key: string = randomUUID()) =>
    t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  async function fund(u: { token: string }, amount: number) {
    const r = await pay(u, '/stock/success/v2/recharge/add', { count: amount });
    expect((await t.current.post(`/ops/recharges/${r.body.data.id}/complete`, {}, { token: ops })).status).toBe(200);
  }
  const price = async (u: { token: string }) => (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'RELIANCE.NS' } })).body.data.price as number;
  const costOf = (p: number) => {
    const amount = Math.round(p * 100);
    return amount + Math.max(100, Math.ceil((amount * 3) / 10_000));
  };
  const buys = async (walletId: number) =>
    (await db().select({ n: count() }).from(ledgerEntries).where(and(eq(ledgerEntries.accountId, walletId), eq(ledgerEntries.reason, 'buyStock'))))[0]!.n;

  it('200 buys at once by a user whose cash covers exactly 100: exactly 100 fill, and nothing goes below zero', async () => {
    setClock(t.current, open);
    const u = await user();
    const p = await price(u);
    await fund(u, 100 * costOf(p));
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p })));
    const by = (s: number) => answers.filter((a) => a.status === s).length;
    expect([by(200), by(422)]).toEqual([100, 100]);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.data === 'insufficientFunds')).toBe(true);
    const wallet = (await findWallet(db(), u.id, 'INR'))!;
    expect(wallet).toMatchObject({ balance: 0, held: 0, available: 0 });
    expect(await buys(wallet.id)).toBe(100);
    expect((await t.current.get('/stock/success/v2/transaction', { token: u.token })).body.data.count).toBe(100);
  });

  it('50 sales of one lot at once sell it once', async () => {
    setClock(t.current, open);
    const u = await user();
    const p = await price(u);
    await fund(u, 1_000_000);
    const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 5, price: p })).body.data;
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(u, SELL, { no: lot.no, price: p, sell_price: p })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 404 && a.body.data === 'positionNotHeld')).toBe(true);
    const wallet = (await findWallet(db(), u.id, 'INR'))!;
    const sells = await db().select({ n: count() }).from(ledgerEntries).where(and(eq(ledgerEntries.accountId, wallet.id), eq(ledgerEntries.reason, 'sellStock')));
    expect(sells[0]!.n).toBe(1);
  });

  it('one idempotency key sent 20 times at once books one order', async () => {
    setClock(t.current, open);
    const u = await user();
    const p = await price(u);
    await fund(u, 1_000_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: p }, key)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.no)).size).toBe(1);
    expect(await buys((await findWallet(db(), u.id, 'INR'))!.id)).toBe(1);
  });

  it('two app processes running the matcher fill each resting order once', async () => {
    setClock(t.current, beforeOpen);
    const users = await Promise.all(Array.from({ length: 5 }, () => user()));
    const p = await price(users[0]!);
    await Promise.all(users.map((u) => fund(u, 2_000_000)));
    const placed = await Promise.all(users.flatMap((u) => Array.from({ length: 6 }, () => pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p }))));
    expect(placed.every((r) => r.status === 200 && r.body.data.status === 0)).toBe(true);

    // A second process: its own pool on the same database, its own matcher.
    const database2 = await openDatabase(t.current.config);
    const other = await buildApp(t.current.config, { database: database2, logger: false, seed: false, matcherIntervalMs: 0 });
    await other.app.ready();
    try {
      setClock(t.current, open);
      setClock({ built: other }, open);
      const m1 = t.current.built.app.trading.matcher!;
      const m2 = other.app.trading.matcher!;
      const reports = await Promise.all([m1.tick(), m2.tick()]);
      const again = await Promise.all([m1.tick(), m2.tick()]);
      expect(reports[0]!.filled + reports[1]!.filled + again[0]!.filled + again[1]!.filled).toBe(30);
    } finally {
      await other.app.close();
      await database2.close();
    }
    const nos = placed.map((r) => r.body.data.no as string);
    const fills = await db().select({ orderId: tradeFills.orderId }).from(tradeFills).where(eq(tradeFills.side, 'buy'));
    const orderIds = new Set(placed.map((r) => r.body.data.id as number));
    expect(fills.filter((f) => orderIds.has(f.orderId))).toHaveLength(30);
    for (const u of users) {
      expect(await buys((await findWallet(db(), u.id, 'INR'))!.id)).toBe(6);
      const rows = (await t.current.get('/stock/success/deal/orders', { token: u.token })).body.data.rows;
      expect(rows.every((o: { status: number; no: string }) => o.status === 1 && nos.includes(o.no))).toBe(true);
    }
  });
});

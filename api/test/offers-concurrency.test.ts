/**
 * Block buys under concurrency, on PostgreSQL only (PGlite has one connection, so nothing there runs at once): many
 * buys against one wallet, one key sent many times at once, buys racing an operator's close, and many wrong codes at
 * once against the transaction password's lock.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { blockMarginOf } from '@invest/shared/contract';
import { blockOfferOrders, tradePasswords } from '../src/db/schema';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { HOOK_TIMEOUT, postgresBackend, setClock, useApp } from './harness';

const BUY = '/stock/success/deal/buy';
const CODE = '246801';
const NOW = new Date(getCalendar('NSE').nextOpen(Date.now()) + 3_600_000);
const ALL_DAY = [{ open: '00:00', close: '24:00' }];

(postgresBackend ? describe : describe.skip)('block buys under concurrency on postgres', () => {
  const t = useApp(postgresBackend!, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const db = () => t.current.database.db;
  jest.setTimeout(120_000);

  beforeAll(async () => {
    setClock(t.current, NOW);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(money: number) {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const u = { token, id: (await t.current.get('/stock/success/v2/user/info', { token })).body.data.id as number };
    await t.current.deposit(token, money);
    expect((await t.current.post('/stock/success/user/password/up', { type: 'transaction', fund_code_new: CODE, is_first: true }, { token })).status).toBe(200);
    return u;
  }
  const pay = (u: { token: string }, path: string, body: unknown, key: string = randomUUID()) => t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  const money = async (u: { token: string }) => (await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data.money as number;
  async function offer(price: number, minCount: number) {
    const r = await t.current.post('/ops/offers', { tag: 'RELIANCE.NS', mold: 'bulk', price, count: minCount, windows: ALL_DAY }, { token: ops });
    return r.body.data as { id: number; tag: string };
  }
  const buy = (u: { token: string }, o: { id: number; tag: string }, n: number, key?: string) =>
    pay(u, BUY, { tag: o.tag, count: n, price: 100, mold: 'bulk', id: o.id, stock_password: CODE }, key);

  it('40 buys at once by a user whose money covers exactly 5: exactly 5 fill, and nothing goes below zero', async () => {
    const o = await offer(100, 10);
    const cost = 10 * 100 * 100 + blockMarginOf(10 * 100 * 100);
    const u = await user(5 * cost + cost - 1);
    const answers = await Promise.all(Array.from({ length: 40 }, () => buy(u, o, 10)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body.data)).toEqual(Array(35).fill('insufficientFunds'));
    expect(await money(u)).toBe(cost - 1);
    const [linked] = await db().select({ n: count() }).from(blockOfferOrders).where(eq(blockOfferOrders.offerId, o.id));
    expect(linked!.n).toBe(5);
  });

  it('one key sent 20 times at once books one order', async () => {
    const o = await offer(100, 10);
    const u = await user(10_000_000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(u, o, 10, key)));
    const nos = new Set(answers.filter((r) => r.status === 200).map((r) => r.body.data.no));
    expect(nos.size).toBe(1);
    // The others are the first answer again, or told the same request is still in flight: never a second order.
    expect(answers.every((r) => r.status < 500)).toBe(true);
    expect(await money(u)).toBe(10_000_000 - 100_000 - blockMarginOf(100_000));
  });

  it('buys racing a close: every buy that answered ok is booked, and none after the close', async () => {
    const o = await offer(100, 1);
    const u = await user(50_000_000);
    const buys = Array.from({ length: 20 }, () => buy(u, o, 1));
    const close = t.current.post(`/ops/offers/${o.id}/close`, {}, { token: ops });
    const answers = await Promise.all(buys);
    expect((await close).status).toBe(200);
    const ok = answers.filter((r) => r.status === 200).length;
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body.data)).toEqual(Array(20 - ok).fill('offerClosed'));
    const [linked] = await db().select({ n: count() }).from(blockOfferOrders).where(eq(blockOfferOrders.offerId, o.id));
    expect(linked!.n).toBe(ok);
    expect(await money(u)).toBe(50_000_000 - ok * (10_000 + blockMarginOf(10_000)));
    expect((await buy(u, o, 1)).body.data).toBe('offerClosed');
  });

  it('20 wrong codes at once lock the code after 5, as one after another would', async () => {
    const o = await offer(100, 1);
    const u = await user(1_000_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(u, BUY, { tag: o.tag, count: 1, price: 100, mold: 'bulk', id: o.id, stock_password: '000000' })));
    const keys = answers.map((r) => r.body.data);
    expect(keys.every((k) => k === 'authorizationKeyIncorrect' || k === 'tradePasswordLocked')).toBe(true);
    expect(keys.filter((k) => k === 'authorizationKeyIncorrect').length).toBeLessThanOrEqual(4);
    const [row] = await db().select().from(tradePasswords).where(eq(tradePasswords.userId, u.id));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(NOW.getTime());
    expect((await buy(u, o, 1)).body.data).toBe('tradePasswordLocked');
    expect(await money(u)).toBe(1_000_000);
  });
});

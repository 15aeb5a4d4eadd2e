/**
 * An Idempotency-Key books one request, ever: bound to its caller, its call and its payload. The same key and payload
 * answer the first request again; another payload or another call under the key is 409 and writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { idempotencyKeys, settings } from '../src/db/schema';
import { verifyLedger } from '../src/ledger/verify';
import { settingsChanged } from '../src/wallet/settings';
import { userBooks } from './books';
import { backends, HOOK_TIMEOUT, postgresBackend, useApp } from './harness';

const RECHARGE = '/stock/success/v2/recharge/add';
const WITHDRAW = '/stock/success/money/access';
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const LOAN = '/stock/success/loans/add';
const REPAY = '/stock/success/loans/repay';
const reused = { msg: 'no', data: 'idempotencyKeyReused' };

describe.each(backends)('idempotency keys on $name', (backend) => {
  // Markets open and the clock still, so a price read once stays within the collar for every order.
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' }, deps: { matcherIntervalMs: 0 } });
  let ops: string;

  beforeAll(async () => {
    const now = new Date();
    (t.current.built.app as unknown as { clock: () => Date }).clock = () => now;
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
  });

  async function user() {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.approveRealName(token);
    const pay = (path: string, body: unknown, key: string = randomUUID()) => t.current.post(path, body, { token, headers: { 'idempotency-key': key } });
    const fund = async (amount: number) => {
      const r = await pay(RECHARGE, { count: amount });
      expect((await t.current.post(`/ops/recharges/${r.body.data.id}/complete`, {}, { token: ops })).status).toBe(200);
    };
    const card = async () =>
      (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token })).body.data
        .id as number;
    const price = async (symbol: string) => (await t.current.get('/v2/yahoo', { token, query: { symbol } })).body.data.price as number;
    const loan = async (amount: number) => {
      const r = await pay(LOAN, { count: amount });
      expect((await t.current.post(`/ops/loans/${r.body.data.id}/approve`, {}, { token: ops })).status).toBe(200);
      return r.body.data.id as number;
    };
    return { token, pay, fund, card, price, loan, books: () => userBooks(t.current, token) };
  }

  it('refuses a sale of another lot under the key of a sale: one sellStock bill', async () => {
    const u = await user();
    await u.fund(2_000_000);
    const p = await u.price('TCS.NS');
    const first = (await u.pay(BUY, { tag: 'TCS.NS', count: 1, price: p })).body.data;
    const second = (await u.pay(BUY, { tag: 'TCS.NS', count: 1, price: p })).body.data;
    const key = randomUUID();
    expect((await u.pay(SELL, { no: first.no, sell_price: p }, key)).status).toBe(200);
    const before = await u.books();
    const again = await u.pay(SELL, { no: second.no, sell_price: p }, key);
    expect([again.status, again.body]).toEqual([409, reused]);
    expect(await u.books()).toEqual(before);
    const bills = (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows;
    expect(bills.filter((b: { reason: string }) => b.reason === 'sellStock')).toHaveLength(1);
  });

  it('refuses a repayment of another loan under the key of a repayment', async () => {
    const u = await user();
    await u.fund(2_000_000);
    const [a, b] = [await u.loan(60_000), await u.loan(70_000)];
    const key = randomUUID();
    expect((await u.pay(REPAY, { id: a }, key)).status).toBe(200);
    const before = await u.books();
    const again = await u.pay(REPAY, { id: b }, key);
    expect([again.status, again.body]).toEqual([409, reused]);
    expect(await u.books()).toEqual(before);
  });

  it('refuses a key across calls: a deposit key on a withdrawal, a withdrawal key on a buy, a buy key on a loan', async () => {
    const u = await user();
    await u.fund(2_000_000);
    const card = await u.card();
    const p = await u.price('TCS.NS');
    const [deposit, withdrawal, buy] = [randomUUID(), randomUUID(), randomUUID()];
    expect((await u.pay(RECHARGE, { count: 600_000 }, deposit)).status).toBe(200);
    expect((await u.pay(WITHDRAW, { bank_id: card, count: 20_000 }, withdrawal)).status).toBe(200);
    expect((await u.pay(BUY, { tag: 'TCS.NS', count: 1, price: p }, buy)).status).toBe(200);
    const before = await u.books();
    for (const [path, body, key] of [
      [WITHDRAW, { bank_id: card, count: 20_000 }, deposit],
      [BUY, { tag: 'TCS.NS', count: 1, price: p }, withdrawal],
      [LOAN, { count: 60_000 }, buy],
      [RECHARGE, { count: 600_000 }, buy],
    ] as const) {
      const r = await u.pay(path, body, key);
      expect([path, r.status, r.body]).toEqual([path, 409, reused]);
    }
    expect(await u.books()).toEqual(before);
  });

  it('answers the same key and payload with the first answer, whatever the key order or a number sent as digits', async () => {
    const u = await user();
    const key = randomUUID();
    const first = await u.pay(RECHARGE, { count: 600_000, method: 'bank' }, key);
    expect(first.status).toBe(200);
    for (const body of [{ method: 'bank', count: 600_000 }, { count: '600000' }, { count: 600_000 }]) {
      const again = await u.pay(RECHARGE, body, key);
      expect([again.status, again.body.data]).toEqual([200, first.body.data]);
    }
    expect((await u.books()).recharges).toBe(1);
    expect(await u.pay(RECHARGE, { count: 600_000, payment_ref: 'UTR1' }, key)).toMatchObject({ status: 409, body: reused });
  });

  it('never meets another user’s key', async () => {
    const [a, b] = [await user(), await user()];
    const key = randomUUID();
    expect((await a.pay(RECHARGE, { count: 600_000 }, key)).status).toBe(200);
    expect((await b.pay(RECHARGE, { count: 700_000 }, key)).status).toBe(200);
  });

  it('books a retry with the same key and payload after a request that stopped once its key was claimed', async () => {
    const u = await user();
    const db = t.current.database.db;
    const key = randomUUID();
    // The method is switched off: the request claims its key, then stops before anything is booked.
    await db.update(settings).set({ value: '0' }).where(eq(settings.tag, 'recharge_usdt_enabled'));
    settingsChanged(db);
    const stopped = await u.pay(RECHARGE, { count: 600_000, method: 'usdt' }, key);
    expect([stopped.status, stopped.body.data]).toEqual([422, 'rechargeMethodDisabled']);
    expect((await db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0]!.n).toBe(1);
    await db.update(settings).set({ value: '1' }).where(eq(settings.tag, 'recharge_usdt_enabled'));
    settingsChanged(db);
    const retry = await u.pay(RECHARGE, { count: 600_000, method: 'usdt' }, key);
    expect(retry.status).toBe(200);
    expect((await u.books()).recharges).toBe(1);
    // The key stays bound to what it was first sent with.
    expect(await u.pay(RECHARGE, { count: 600_000 }, key)).toMatchObject({ status: 409, body: reused });
  });

  it('leaves no claim for a request refused before its handler (bad input, no token)', async () => {
    const u = await user();
    const key = randomUUID();
    expect((await u.pay(RECHARGE, { count: 'x' }, key)).status).toBe(400);
    expect((await t.current.post(RECHARGE, { count: 600_000 }, { headers: { 'idempotency-key': key } })).status).toBe(401);
    expect((await u.pay(WITHDRAW, { bank_id: await u.card(), count: 20_000 }, key)).body.data).toBe('insufficientFunds');
  });
});

// Concurrency needs real connections: PGlite runs one statement at a time.
(postgresBackend ? describe : describe.skip)('idempotency keys under concurrency on postgres', () => {
  const t = useApp(postgresBackend!);

  it('lets exactly one call and payload have a key when requests under it race', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.approveRealName(token);
    const key = randomUUID();
    const sent = Array.from({ length: 16 }, (_, i) => (i % 2 ? { path: LOAN, body: { count: 60_000 + (i % 4) * 10_000 } } : { path: RECHARGE, body: { count: 600_000 + (i % 4) * 100_000 } }));
    const answers = await Promise.all(sent.map(({ path, body }) => t.current.post(path, body, { token, headers: { 'idempotency-key': key } })));
    const won = sent.filter((_, i) => answers[i]!.status === 200);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(new Set(won.map((w) => JSON.stringify(w)))).toEqual(new Set([JSON.stringify(won[0])]));
    expect(new Set(answers.filter((r) => r.status === 200).map((r) => r.body.data.id)).size).toBe(1);
    for (const r of answers.filter((r) => r.status !== 200)) expect([r.status, r.body]).toEqual([409, reused]);
    const records = await Promise.all(['/stock/success/property/list', '/stock/success/loans/list'].map(async (p) => (await t.current.get(p, { token })).body.data.count));
    expect(records.reduce((a, b) => a + b)).toBe(1);
  });
});

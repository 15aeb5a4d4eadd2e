/**
 * Amounts stay in range: every money request has a published maximum (MAX_AMOUNT, the config call's max_amount), and
 * no credit takes a wallet past the ledger's ceiling (max_balance), far below where a sum leaves JavaScript's safe
 * integers or PostgreSQL's int8. A wallet at the ceiling reads like any other on every screen.
 */
import { randomUUID } from 'node:crypto';
import { calls, type CallDef } from '@invest/shared/contract';
import { verifyLedger } from '../src/ledger/verify';
import { backends, HOOK_TIMEOUT, useApp, type TestApp } from './harness';

const RECHARGE = '/stock/success/v2/recharge/add';
const WITHDRAW = '/stock/success/money/access';
const LOAN = '/stock/success/loans/add';
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const BALANCE_MAX = 10 ** 13;

async function customer(t: TestApp) {
  const { phone, password } = await t.register();
  const token = await t.login(phone, password);
  await t.approveRealName(token);
  const pay = (path: string, body: unknown) => t.post(path, body, { token, headers: { 'idempotency-key': randomUUID() } });
  return { token, pay };
}

/** Holds the app's clock, so a price read once stays the price an order fills at. */
const holdClock = (t: TestApp) => {
  const now = new Date();
  (t.built.app as unknown as { clock: () => Date }).clock = () => now;
};

describe.each(backends)('the published maximum of a money request on $name', (backend) => {
  const t = useApp(backend);

  it('is published in the config call with the ledger ceiling', async () => {
    const rows = (await t.current.get('/v2/config')).body.data as { tag: string; value: string }[];
    expect(rows).toEqual(expect.arrayContaining([{ tag: 'max_amount', value: '10000000000' }, { tag: 'max_balance', value: String(BALANCE_MAX) }]));
  });

  it('refuses a deposit, a withdrawal and a loan above it, and writes nothing', async () => {
    const u = await customer(t.current);
    const card = (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token: u.token }))
      .body.data.id;
    for (const [path, body] of [
      [RECHARGE, { count: 10_000_000_001 }],
      [WITHDRAW, { bank_id: card, count: 10_000_000_001 }],
      [LOAN, { count: 10_000_000_001 }],
    ] as const) {
      const r = await u.pay(path, body);
      expect([path, r.status, r.body.data]).toEqual([path, 422, 'amountTooLarge']);
    }
    // Past the ceiling no deployment may publish, the contract itself refuses it.
    for (const count of [2 ** 53 - 1, '9007199254740993', BALANCE_MAX + 1]) {
      const r = await u.pay(RECHARGE, { count });
      expect([count, r.status, r.body.data]).toEqual([count, 400, 'amountTooLarge']);
    }
    const records = await Promise.all(['/stock/success/property/list', '/stock/success/property/withdraw', '/stock/success/loans/list'].map((p) => t.current.get(p, { token: u.token })));
    expect(records.map((r) => r.body.data.count)).toEqual([0, 0, 0]);
    // The maximum itself is a request like any other.
    expect((await u.pay(RECHARGE, { count: 10_000_000_000 })).status).toBe(200);
  });
});

describe.each(backends)('an order total above MAX_AMOUNT on $name', (backend) => {
  const t = useApp(backend, { env: { MAX_AMOUNT: '1000000', MARKET_ALWAYS_OPEN: '1' }, deps: { matcherIntervalMs: 0 } });

  it('refuses a market and a limit buy whose total passes it, and holds nothing', async () => {
    holdClock(t.current);
    const u = await customer(t.current);
    const ops = await t.current.operatorToken();
    const deposit = (await u.pay(RECHARGE, { count: 1_000_000 })).body.data;
    expect((await t.current.post(`/ops/recharges/${deposit.id}/complete`, {}, { token: ops })).status).toBe(200);
    const price = (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'TCS.NS' } })).body.data.price as number;
    const count = Math.ceil(1_000_000 / (price * 100)) + 1;
    for (const body of [
      { tag: 'TCS.NS', count, price },
      { tag: 'TCS.NS', count, price, kind: 'limit', limit_price: price * 0.9 },
    ]) {
      const r = await u.pay(BUY, body);
      expect([r.status, r.body.data]).toEqual([422, 'amountTooLarge']);
    }
    expect((await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data.money).toBe(1_000_000);
    expect((await u.pay(BUY, { tag: 'TCS.NS', count: 1, price })).status).toBe(200);
  });
});

describe.each(backends)('a wallet at the ledger ceiling on $name', (backend) => {
  // The largest maximum a deployment may publish: one deposit can fill a wallet to the ceiling.
  const t = useApp(backend, { env: { MAX_AMOUNT: String(BALANCE_MAX), MARKET_ALWAYS_OPEN: '1' }, deps: { matcherIntervalMs: 0 } });
  let ops: string;
  beforeAll(async () => {
    holdClock(t.current);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);
  afterEach(async () => expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] }));

  /** Every call a screen reads (the user's GETs, and the order list, a POST), with what it needs to answer. */
  async function readEveryScreen(token: string, lot: string | null) {
    const article = (await t.current.get('/stock/new/list', { token })).body.data.rows[0]?.id ?? 1;
    const inputs: Record<string, Record<string, string>> = {
      yahoo: { symbol: 'TCS.NS' },
      stockList: { market: 'IN' },
      newsArticle: { id: String(article) },
      collectionCheck: { symbol: 'TCS.NS' },
      dealOrder: { no: lot ?? 'T0' },
    };
    const answers: [string, number][] = [];
    for (const [name, def] of Object.entries(calls as Record<string, CallDef>)) {
      if (def.auth === 'operator' || (def.method !== 'GET' && def !== calls.dealList) || (name === 'dealOrder' && !lot)) continue;
      const r = def.method === 'GET' ? await t.current.get(def.path, { token, query: inputs[name] }) : await t.current.post(def.path, {}, { token });
      answers.push([name, r.status]);
    }
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);
  }

  const complete = (id: number) => t.current.post(`/ops/recharges/${id}/complete`, {}, { token: ops });
  const money = async (token: string) => (await t.current.get('/stock/success/v2/balance', { token })).body.data.balance as number;

  it('refuses two deposits of 2^53 − 1, and every screen still answers', async () => {
    const u = await customer(t.current);
    for (let i = 0; i < 2; i++) {
      const r = await u.pay(RECHARGE, { count: 2 ** 53 - 1 });
      if (r.status === 200) await complete(r.body.data.id);
      expect([r.status, r.body.data]).toEqual([400, 'amountTooLarge']);
    }
    await readEveryScreen(u.token, null);
  });

  it('fills to the ceiling, refuses any credit past it with nothing written, and answers every screen', async () => {
    const u = await customer(t.current);
    for (const count of [BALANCE_MAX - 500_000, 500_000]) expect((await complete((await u.pay(RECHARGE, { count })).body.data.id)).status).toBe(200);
    expect(await money(u.token)).toBe(BALANCE_MAX);

    const over = (await u.pay(RECHARGE, { count: 500_000 })).body.data;
    const refused = await complete(over.id);
    expect([refused.status, refused.body.data]).toEqual([422, 'balanceLimitReached']);
    const loan = (await u.pay(LOAN, { count: 60_000 })).body.data;
    const approval = await t.current.post(`/ops/loans/${loan.id}/approve`, {}, { token: ops });
    expect([approval.status, approval.body.data]).toEqual([422, 'balanceLimitReached']);
    expect(await money(u.token)).toBe(BALANCE_MAX);
    const records = await Promise.all(['/stock/success/property/list', '/stock/success/loans/list'].map(async (p) => (await t.current.get(p, { token: u.token })).body.data.rows[0]));
    expect(records.map((r) => [r.id, r.status ?? r.state])).toEqual([
      [over.id, 1],
      [loan.id, 1],
    ]);

    // Money at the ceiling buys a lot; filled to the ceiling again, the wallet cannot take the sale's money.
    const price = (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'TCS.NS' } })).body.data.price as number;
    const lot = (await u.pay(BUY, { tag: 'TCS.NS', count: 100, price })).body.data;
    expect(lot.status).toBe(1);
    await readEveryScreen(u.token, lot.no);
    expect((await complete((await u.pay(RECHARGE, { count: BALANCE_MAX - (await money(u.token)) })).body.data.id)).status).toBe(200);
    expect(await money(u.token)).toBe(BALANCE_MAX);
    const sale = await u.pay(SELL, { no: lot.no, sell_price: price });
    expect([sale.status, sale.body.data]).toEqual([422, 'balanceLimitReached']);
    expect(await money(u.token)).toBe(BALANCE_MAX);
    expect((await t.current.get('/stock/success/v2/transaction', { token: u.token, query: { type: 'stock' } })).body.data.count).toBe(1);
    await readEveryScreen(u.token, lot.no);
  });
});

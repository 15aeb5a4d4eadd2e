import { randomUUID } from 'node:crypto';
import { verifyLedger } from '../src/ledger/verify';
import { billPrice } from '../src/market/bills';
import { getCalendar } from '../src/market/sessions';
import { redeemLot } from '../src/trading/maturity';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';

// The Mexico deployment: pesos, the Mexican market beside the US one, CETES among the treasury instruments.
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An instant with the Mexican money market open, a few days from now (tokens made now stay valid). */
function moneyMarketOpen(now = Date.now()): Date {
  return new Date(getCalendar('BANXICO').nextOpen(now) + HOUR);
}

describe.each(backends)('the Mexico deployment on $name', (backend) => {
  const t = useApp(backend, { env: { CURRENCY: 'MXN' }, deps: { matcherIntervalMs: 0 } });
  const db = () => t.current.database.db;
  let viewer: string;

  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    viewer = await t.current.login(phone, password);
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function investor(amount: number): Promise<string> {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.deposit(token, amount);
    return token;
  }
  const pay = (token: string, path: string, body: unknown) => t.current.post(path, body, { token, headers: { 'idempotency-key': randomUUID() } });
  const quote = async (symbol: string) => (await t.current.get('/v2/yahoo', { token: viewer, query: { symbol } })).body.data;

  it('lists the Mexican market first, then the US, and no Indian one', async () => {
    const categories = (await t.current.get('/stock/category/list', { token: viewer })).body.data.categories;
    expect(categories.map((c: any) => c.category_code)).toEqual(['MX', 'US']);
    expect(categories[0].stocks.map((s: any) => s.stock_code)).toEqual(['^MXX']);
    const members = (await t.current.get('/v2/stock/list', { token: viewer, query: { market: 'MX', limit: '100' } })).body.data;
    expect(members.count).toBeGreaterThanOrEqual(20);
    expect(members.rows.every((r: any) => r.market === 'MX')).toBe(true);
    expect((await t.current.get('/v2/yahoo', { token: viewer, query: { symbol: 'RELIANCE.NS' } })).status).toBe(404);
  });

  it('offers Spanish beside English in the Mexican demo', async () => {
    const config = (await t.current.get('/v2/config')).body.data as { tag: string; value: string }[];
    expect(config).toContainEqual({ tag: 'languages', value: 'en,es' });
    expect(config).toContainEqual({ tag: 'currency', value: 'MXN' });
  });

  it("seeds demo products of listed stocks only: no Indian IPO or offer in the Mexican demo", async () => {
    const ops = await t.current.operatorToken();
    const products = [
      ...(await t.current.get('/ops/ipos', { token: ops })).body.data.rows.map((r: { symbol: string }) => r.symbol),
      ...(await t.current.get('/ops/offers', { token: ops })).body.data.rows.map((r: { tag: string }) => r.tag),
    ];
    expect(products.length).toBeGreaterThan(0);
    for (const symbol of products) expect((await t.current.get('/v2/yahoo', { token: viewer, query: { symbol } })).status).toBe(200);
  });

  it('prices a CETES from its yield, to 7 decimals, below its face value of 10', async () => {
    setClock(t.current, moneyMarketOpen());
    for (const [symbol, days] of [['CETES28', 28], ['CETES91', 91], ['CETES182', 182], ['CETES364', 364]] as const) {
      const q = await quote(symbol);
      expect(q.price).toBeGreaterThan(10 / (1 + 0.2 * (days / 360)));
      expect(q.price).toBeLessThan(10);
      expect(Math.round(q.price * 1e7) / 1e7).toBe(q.price);
    }
    // A longer term at a similar yield is a deeper discount.
    expect((await quote('CETES364')).price).toBeLessThan((await quote('CETES28')).price);
    expect(billPrice({ face: 10, days: 28 }, 7.25)).toBe(9.9439273);
  });

  it('buys CETES in whole titles and pays them back at face value at maturity: principal and interest', async () => {
    const open = moneyMarketOpen();
    setClock(t.current, open);
    const token = await investor(1_000_000);
    const p = (await quote('CETES28')).price;
    expect((await pay(token, BUY, { tag: 'CETES28', count: 2.5, price: p, mold: 'stock' })).status).toBe(400);
    const bought = await pay(token, BUY, { tag: 'CETES28', count: 100, price: p, mold: 'stock' });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ tag: 'CETES28', count: 100, price: p, currency: 'MXN', type: 'treasury', status: 1 });
    const cost = bought.body.data.price_all as number;
    expect(cost).toBe(Math.round(100 * p * 100));

    // Not yet due: nothing is paid.
    setClock(t.current, new Date(open.getTime() + 27 * DAY));
    expect(await t.current.built.app.trading.maturity!.tick()).toBe(0);

    setClock(t.current, new Date(open.getTime() + 28 * DAY + HOUR));
    const before = (await t.current.get('/stock/success/v2/user/info', { token })).body.data.money as number;
    expect(await t.current.built.app.trading.maturity!.tick()).toBe(1);
    // A second pass finds nothing left to pay.
    expect(await t.current.built.app.trading.maturity!.tick()).toBe(0);
    const after = (await t.current.get('/stock/success/v2/user/info', { token })).body.data.money as number;
    expect(after - before).toBe(100 * 10 * 100);
    const bills = (await t.current.get('/stock/success/v2/bill', { token })).body.data.rows;
    expect(bills.slice(0, 2).map((b: any) => [b.reason, b.amount]).sort()).toEqual([
      ['interest', 100_000 - cost],
      ['principal_returned', cost],
    ].sort());
    const positions = (await t.current.get('/stock/success/v2/transaction', { token, query: { type: 'treasury' } })).body.data;
    expect(positions.count).toBe(0);
    // The paid-back lot can no longer be sold.
    expect((await pay(token, SELL, { no: bought.body.data.no, price: p, sell_price: p })).status).toBe(404);
  });

  it('pays a lot back once when two processes reach it at the same moment', async () => {
    const open = moneyMarketOpen();
    setClock(t.current, open);
    const token = await investor(500_000);
    const p = (await quote('CETES91')).price;
    const bought = await pay(token, BUY, { tag: 'CETES91', count: 100, price: p, mold: 'stock' });
    expect(bought.status).toBe(200);
    const lot = { no: bought.body.data.no as string, userId: (await t.current.get('/stock/success/v2/user/info', { token })).body.data.id as number };
    const due = new Date(open.getTime() + 92 * DAY);
    const paid = await Promise.all([redeemLot(db(), lot, { face: 10, days: 91 }, due), redeemLot(db(), lot, { face: 10, days: 91 }, due)]);
    expect(paid.filter(Boolean)).toHaveLength(1);
    const bills = (await t.current.get('/stock/success/v2/bill', { token })).body.data.rows;
    expect(bills.filter((b: any) => b.reason === 'principal_returned')).toHaveLength(1);
  });

  it('keeps a Mexican stock order waiting on an exchange holiday', async () => {
    // Revolution Day 2026 (third Monday of November), 10:00 in Mexico City: the BMV is closed.
    setClock(t.current, new Date('2026-11-16T16:00:00Z'));
    const q = await quote('AMXB.MX');
    expect(q.marketOpen).toBe(false);
  }, HOOK_TIMEOUT);
});

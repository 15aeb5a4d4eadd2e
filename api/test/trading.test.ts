import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { settings, tradePositions } from '../src/db/schema';
import { settingsChanged } from '../src/wallet/settings';
import { findWallet } from '../src/ledger/accounts';
import { placeHold, releaseHold } from '../src/ledger/holds';
import { inLedgerTransaction } from '../src/ledger/transfer';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';

// Money is minor units (paise). RELIANCE.NS trades on NSE in INR; AAPL on NASDAQ in USD (settles in INR at USDINR).
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const CANCEL = '/stock/success/deal/cancel';
const LIST = '/stock/success/deal/list';
const ORDERS = '/stock/success/deal/orders';
const POSITIONS = '/stock/success/v2/transaction';
const ORDER = '/stock/success/deal/order';
const HOUR = 3_600_000;

interface User {
  token: string;
}


/** Instants in the near future (tokens made now stay valid): a session in progress, or a closed market. */
export function instants(now = Date.now()) {
  const nse = getCalendar('NSE');
  const nasdaq = getCalendar('NASDAQ');
  const nseOpen = nse.nextOpen(now);
  const usOpen = nasdaq.nextOpen(now);
  // The next Saturday noon UTC: every market, forex included, is closed.
  const d = new Date(now);
  const saturday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7 || 7), 12);
  return {
    nseBeforeOpen: new Date(nseOpen - HOUR),
    nseOpen: new Date(nseOpen + HOUR),
    nseLater: new Date(nseOpen + 2 * HOUR),
    nseAfterClose: new Date(nse.locate(nseOpen + HOUR).window.close + HOUR),
    usOpen: new Date(usOpen + HOUR),
    saturday: new Date(saturday),
  };
}

describe.each(backends)('trading on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const at = instants();
  const db = () => t.current.database.db;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(): Promise<User> {
    const { phone, password } = await t.current.register();
    return { token: await t.current.login(phone, password) };
  }
  const pay = (u: User, path: string, body: unknown, key: string = randomUUID()) =>
    t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  async function fund(u: User, amount: number) {
    const r = await pay(u, '/stock/success/v2/recharge/add', { count: amount });
    expect(r.status).toBe(200);
    expect((await t.current.post(`/ops/recharges/${r.body.data.id}/complete`, {}, { token: ops })).status).toBe(200);
  }
  const info = async (u: User) => (await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data;
  const bills = async (u: User) => (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows;
  const price = async (u: User, symbol: string) => (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol } })).body.data.price as number;
  const tick = () => t.current.built.app.trading.matcher!.tick();
  const money = (count: number, p: number, rate = 1) => Math.round(count * p * rate * 100);
  const fee = (amount: number) => Math.max(100, Math.ceil((amount * 3) / 10_000));

  describe('a market order while the market is open', () => {
    it('fills at the engine price (not the client price), books buyStock and the fee, and makes a lot', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      // The client says a price 0.5% off: within the collar, and never used as the fill price.
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 3, price: +(p * 1.005).toFixed(2), mold: 'stock' });
      expect(r.status).toBe(200);
      const amount = money(3, p);
      expect(r.body.data).toMatchObject({ tag: 'RELIANCE.NS', state: 'buy', status: 1, status_label: 'success', count: 3, price: p, fx_rate: 1, currency: 'INR', price_all: amount, fee: fee(amount), cost: amount + fee(amount), held: 0, type: 'stock', market: 'IN' });
      expect(r.body.data.no).toMatch(/^T[0-9A-Z]+$/);
      expect(r.body.data.value).toBe(amount);
      expect(r.body.data.unrealized_pnl).toBe(-fee(amount));
      expect((await bills(u)).slice(0, 2).map((b: any) => [b.reason, b.amount])).toEqual([
        ['transactionExpenses', fee(amount)],
        ['buyStock', amount],
      ]);
      expect(await info(u)).toMatchObject({ money: 1_000_000 - amount - fee(amount), total: 1_000_000 - fee(amount) });

      const pos = (await t.current.get(POSITIONS, { token: u.token, query: { type: 'stock' } })).body.data;
      expect(pos).toMatchObject({ count: 1, cost: amount + fee(amount), value: amount, unrealized_pnl: -fee(amount) });
      expect(pos.rows[0].no).toBe(r.body.data.no);
      // The spec's Position fields, and the same answer at the path the trade screen called before the spec's.
      expect(Object.keys(pos.rows[0])).toEqual(expect.arrayContaining(['tag', 'type', 'name', 'price_all', 'mold', 'count', 'price', 'state', 'no', 'id', 'status', 'created_at']));
      expect((await t.current.get('/stock/success/deal/positions', { token: u.token, query: { type: 'stock' } })).body.data).toEqual(pos);
      expect((await t.current.get(POSITIONS, { token: u.token, query: { type: 'forex' } })).body.data.count).toBe(0);
      // Asked with include=chart: the first lot's day candles too, the same as the chart call answers them.
      expect(pos.chart).toBeUndefined();
      const withChart = (await t.current.get(POSITIONS, { token: u.token, query: { type: 'stock', include: 'chart' } })).body.data;
      const daily = (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'RELIANCE.NS', mold: '1d' } })).body.data;
      expect(withChart.chart).toEqual(daily);
      expect(withChart.chart.rows.length).toBeGreaterThan(200);
      expect((await t.current.get(POSITIONS, { token: u.token, query: { type: 'forex', include: 'chart' } })).body.data.chart).toBeUndefined();
      expect((await t.current.get(POSITIONS, { token: u.token, query: { type: 'stock', include: 'rows' } })).status).toBe(400);
      const byTag = (await t.current.get(ORDERS, { token: u.token, query: { status: '1', tag: 'RELIANCE.NS' } })).body.data;
      expect(byTag.rows.map((o: any) => o.no)).toEqual([r.body.data.no]);
    });

    it('refuses a price the user saw more than the collar away, with the new price, and changes nothing', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: +(p * 0.97).toFixed(2), mold: 'stock' });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ msg: 'no', data: 'priceMoved', price: p, collar_bps: 100 });
      expect((await info(u)).money).toBe(1_000_000);
      expect((await t.current.post(LIST, {}, { token: u.token })).body.data.rows).toEqual([]);
      // seen_price overrides `price` for the collar.
      const ok = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: 1, seen_price: p, mold: 'stock' });
      expect(ok.status).toBe(200);
    });

    it('applies the spec quantity rules and refuses what cannot be traded', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      for (const [body, status, key] of [
        [{ count: 0 }, 400, 'quantityTooLow'],
        [{ count: -3 }, 400, 'quantityTooLow'],
        [{ count: 1.5 }, 400, 'quantityTooLow'],
        [{ count: 101 }, 400, 'quantityExceedsFull'],
        [{ count: 51, position: 'half' }, 400, 'quantityExceedsHalf'],
        [{ count: 1, kind: 'limit' }, 400, 'limitPriceRequired'],
        [{ count: 1, price: -1 }, 400, 'invalidPrice'],
        [{ count: 1, tag: 'NOPE' }, 404, 'notFound'],
        [{ count: 1, tag: '^NSEI' }, 422, 'tradeNotAvailable'],
        [{ count: 1, mold: 'ipo' }, 422, 'tradeNotAvailable'],
        // A block buy needs its offer and the transaction code (products/offers: api/test/offers.test.ts).
        [{ count: 1, mold: 'finalize' }, 400, 'blockFieldsRequired'],
        [{ count: 1, balance: 1 }, 400, 'unknownField'],
      ] as const) {
        const r = await pay(u, BUY, { tag: 'RELIANCE.NS', price: p, mold: 'stock', ...body });
        expect([JSON.stringify(body), r.status, r.body.data]).toEqual([JSON.stringify(body), status, key]);
      }
      expect((await t.current.post(BUY, { tag: 'RELIANCE.NS', count: 1, price: p }, { token: u.token })).body.data).toBe('idempotencyKeyRequired');
      // 50 on a half position and 100 on a full one are allowed.
      expect((await pay(u, BUY, { tag: 'RELIANCE.NS', count: 50, price: p, position: 'half' })).status).toBe(422); // ₹78k > ₹10k
      expect((await info(u)).money).toBe(1_000_000);
    });

    it('refuses insufficient funds and changes nothing', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 500_000);
      const p = await price(u, 'RELIANCE.NS');
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 100, price: p, mold: 'stock' });
      expect([r.status, r.body.data]).toEqual([422, 'insufficientFunds']);
      expect(await info(u)).toMatchObject({ money: 500_000, total: 500_000 });
      expect((await t.current.post(LIST, {}, { token: u.token })).body.data.count).toBe(0);
      expect((await bills(u)).length).toBe(1);
    });

    it('books a replayed key once and refuses the key with another request', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const key = randomUUID();
      const a = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: p }, key);
      const b = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: p }, key);
      expect(b.status).toBe(200);
      expect(b.body.data.no).toBe(a.body.data.no);
      expect((await bills(u)).filter((x: any) => x.reason === 'buyStock')).toHaveLength(1);
      const c = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 3, price: p }, key);
      expect([c.status, c.body.data]).toEqual([409, 'idempotencyKeyReused']);
    });
  });

  describe('selling a lot', () => {
    it('sells the whole lot by its number at the engine price, records sell price and realized P&L, once', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 4, price: p })).body.data;

      setClock(t.current, at.nseLater);
      const p2 = await price(u, 'RELIANCE.NS');
      const key = randomUUID();
      const r = await pay(u, SELL, { no: lot.no, price: lot.price, sell_price: p2 }, key);
      expect(r.status).toBe(200);
      const amount = money(4, p2);
      expect(r.body.data).toMatchObject({ no: lot.no, state: 'sell', status: 1, sell_price: p2, sell_amount: amount, sell_fee: fee(amount), realized_pnl: amount - fee(amount) - lot.cost, value: null });
      expect((await bills(u)).slice(0, 2).map((b: any) => [b.reason, b.amount])).toEqual([
        ['transactionExpenses', fee(amount)],
        ['sellStock', amount],
      ]);
      // A replay answers the sale; selling it again with another key is refused.
      expect((await pay(u, SELL, { no: lot.no, price: lot.price, sell_price: p2 }, key)).body.data.sold_at).toBe(r.body.data.sold_at);
      const again = await pay(u, SELL, { no: lot.no, price: lot.price, sell_price: p2 });
      expect([again.status, again.body.data]).toEqual([404, 'positionNotHeld']);
      expect((await t.current.get(POSITIONS, { token: u.token })).body.data.count).toBe(0);
      expect((await t.current.get(ORDERS, { token: u.token, query: { state: 'sell' } })).body.data.count).toBe(1);
      expect((await info(u)).money).toBe(1_000_000 - lot.cost + amount - fee(amount));
    });

    it('lists a sale as its own entry, at its time with its sell price and P&L, and the buy it closed as a buy', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const a = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: await price(u, 'RELIANCE.NS') })).body.data;
      setClock(t.current, new Date(at.nseOpen.getTime() + HOUR / 2));
      const b = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') })).body.data;
      setClock(t.current, at.nseLater);
      const p2 = await price(u, 'RELIANCE.NS');
      const sale = (await pay(u, SELL, { no: a.no, price: a.price, sell_price: p2 })).body.data;

      const list = (await t.current.post(LIST, {}, { token: u.token })).body.data;
      // Newest first by when each trade happened: the sale of the older lot comes before the newer buy.
      expect(list.rows.map((o: any) => [o.no, o.state])).toEqual([
        [a.no, 'sell'],
        [b.no, 'buy'],
        [a.no, 'buy'],
      ]);
      expect(list.count).toBe(3);
      expect(list.rows[0]).toMatchObject({ status: 1, count: 2, price: a.price, sell_price: p2, sold_at: at.nseLater.toISOString(), realized_pnl: sale.realized_pnl, sell_amount: sale.sell_amount });
      expect(list.rows[2]).toMatchObject({ status: 1, count: 2, price: a.price, cost: a.cost, created_at: at.nseOpen.toISOString(), value: null });
      // The success tab holds both trades; a page holds entries, not lots.
      expect((await t.current.post(LIST, { status: 1 }, { token: u.token })).body.data.count).toBe(3);
      expect((await t.current.post(LIST, { status: 0 }, { token: u.token })).body.data.count).toBe(0);
      const second = (await t.current.post(LIST, { page: 2, limit: 1 }, { token: u.token })).body.data;
      expect([second.rows.map((o: any) => [o.no, o.state]), second.count]).toEqual([[[b.no, 'buy']], 3]);
      // The lot itself is sold: its detail and the lists of lots say so once.
      expect((await t.current.get(ORDER, { token: u.token, query: { no: a.no } })).body.data).toEqual(list.rows[0]);
      expect((await t.current.get(ORDERS, { token: u.token, query: { tag: 'RELIANCE.NS' } })).body.data.rows.map((o: any) => [o.no, o.state])).toEqual([
        [b.no, 'buy'],
        [a.no, 'sell'],
      ]);
    });

    it('answers one order of the caller by its number, as the lists show it, and 404 for a number it does not know', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: await price(u, 'RELIANCE.NS') })).body.data;
      const one = await t.current.get(ORDER, { token: u.token, query: { no: lot.no } });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual((await t.current.post(LIST, {}, { token: u.token })).body.data.rows[0]);
      expect(one.body.data).toMatchObject({ no: lot.no, state: 'buy', status: 1, count: 2, cost: lot.cost });
      expect(await t.current.get(ORDER, { token: u.token, query: { no: 'T000NOPE' } })).toMatchObject({ status: 404, body: { data: 'notFound' } });
      expect((await t.current.get(ORDER, { token: u.token, query: { no: 'bad no!' } })).status).toBe(400);
      expect((await t.current.get(ORDER, { query: { no: lot.no } })).status).toBe(401);
    });

    it('refuses to sell when the market is closed, past the collar, or what is not held', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p })).body.data;
      const moved = await pay(u, SELL, { no: lot.no, price: p, sell_price: +(p * 1.05).toFixed(2) });
      expect([moved.status, moved.body.data, (moved.body as unknown as { price: number }).price]).toEqual([409, 'priceMoved', p]);
      expect((await pay(u, SELL, { no: 'T000NOPE', price: p, sell_price: p })).status).toBe(404);
      setClock(t.current, at.nseAfterClose);
      const closed = await pay(u, SELL, { no: lot.no, price: p, sell_price: await price(u, 'RELIANCE.NS') });
      expect([closed.status, closed.body.data]).toEqual([422, 'marketClosed']);
      expect((await t.current.get(POSITIONS, { token: u.token })).body.data.count).toBe(1);
    });

    it("never shows, sells or cancels another user's orders", async () => {
      setClock(t.current, at.nseBeforeOpen);
      const a = await user();
      const b = await user();
      await fund(a, 1_000_000);
      await fund(b, 1_000_000);
      const p = await price(a, 'RELIANCE.NS');
      const resting = (await pay(a, BUY, { tag: 'RELIANCE.NS', count: 1, price: p })).body.data;
      expect(resting.status).toBe(0);
      expect([(await t.current.post(CANCEL, { no: resting.no }, { token: b.token })).status]).toEqual([404]);
      setClock(t.current, at.nseOpen);
      const lot = (await pay(a, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(a, 'RELIANCE.NS') })).body.data;
      const steal = await pay(b, SELL, { no: lot.no, price: lot.price, sell_price: lot.price });
      expect([steal.status, steal.body.data]).toEqual([404, 'positionNotHeld']);
      for (const q of [{}, { tag: 'RELIANCE.NS' }, { status: '1' }] as Record<string, string>[]) {
        expect((await t.current.get(ORDERS, { token: b.token, query: q })).body.data).toEqual({ rows: [], count: 0 });
      }
      expect((await t.current.post(LIST, { status: 0 }, { token: b.token })).body.data.count).toBe(0);
      expect((await t.current.get(POSITIONS, { token: b.token })).body.data.count).toBe(0);
      for (const no of [resting.no, lot.no]) {
        expect((await t.current.get(ORDER, { token: a.token, query: { no } })).body.data.no).toBe(no);
        expect(await t.current.get(ORDER, { token: b.token, query: { no } })).toMatchObject({ status: 404, body: { msg: 'no', data: 'notFound' } });
      }
      expect((await info(b)).money).toBe(1_000_000);
      await t.current.post(CANCEL, { no: resting.no }, { token: a.token });
    });
  });

  describe('resting orders', () => {
    it('rests a market order while the market is closed with its money held, and fills it at the next open', async () => {
      setClock(t.current, at.nseBeforeOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: p });
      expect(r.body.data).toMatchObject({ status: 0, status_label: 'pending', state: 'buy', fx_rate: null, expires_at: null });
      const held = r.body.data.held;
      expect(held).toBe(money(2, p * 1.01) + fee(money(2, p * 1.01)));
      expect(await info(u)).toMatchObject({ money: 1_000_000 - held, total: 1_000_000 });
      expect(await tick()).toMatchObject({ waiting: 1 });

      setClock(t.current, at.nseOpen);
      expect(await tick()).toMatchObject({ filled: 1 });
      const open = await price(u, 'RELIANCE.NS');
      const [o] = (await t.current.get(ORDERS, { token: u.token, query: { tag: 'RELIANCE.NS' } })).body.data.rows;
      const amount = money(2, open);
      expect(o).toMatchObject({ no: r.body.data.no, status: 1, price: open, price_all: amount, fee: fee(amount), held: 0 });
      expect((await info(u)).money).toBe(1_000_000 - amount - fee(amount));
    });

    it('cancels a resting order and releases its hold; a filled one cannot be cancelled', async () => {
      setClock(t.current, at.nseBeforeOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p, kind: 'limit', limit_price: p * 0.5 });
      expect(r.body.data).toMatchObject({ status: 0, kind: 'limit', tif: 'day', limit_price: p * 0.5 });
      expect((await info(u)).money).toBeLessThan(1_000_000);
      const c = await t.current.post(CANCEL, { no: r.body.data.no }, { token: u.token });
      expect(c.body.data).toMatchObject({ status: 2, status_label: 'cancelled', held: 0 });
      expect((await t.current.post(CANCEL, { no: r.body.data.no }, { token: u.token })).body.data.status).toBe(2);
      expect((await info(u)).money).toBe(1_000_000);
      setClock(t.current, at.nseOpen);
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') })).body.data;
      const refused = await t.current.post(CANCEL, { no: lot.no }, { token: u.token });
      expect([refused.status, refused.body.data]).toEqual([409, 'orderNotPending']);
      expect((await t.current.post(LIST, { status: 2 }, { token: u.token })).body.data.rows.map((o: any) => o.no)).toEqual([r.body.data.no]);
    });

    it('fills a limit order once the price reaches it, at the engine price, and expires a day order at the close', async () => {
      setClock(t.current, at.nseBeforeOpen);
      const u = await user();
      await fund(u, 2_000_000);
      const p = await price(u, 'RELIANCE.NS');
      const reach = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p, kind: 'limit', limit_price: +(p * 1.2).toFixed(2) })).body.data;
      const never = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p, kind: 'limit', limit_price: +(p * 0.5).toFixed(2) })).body.data;
      const gtc = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p, kind: 'limit', limit_price: +(p * 0.5).toFixed(2), tif: 'gtc' })).body.data;
      expect([reach.status, never.status, gtc.status]).toEqual([0, 0, 0]);
      expect(new Date(never.expires_at).getTime()).toBeGreaterThan(at.nseOpen.getTime());
      expect(gtc.expires_at).toBeNull();

      setClock(t.current, at.nseOpen);
      expect(await tick()).toMatchObject({ filled: 1, waiting: 2 });
      const open = await price(u, 'RELIANCE.NS');
      const rows = (await t.current.post(LIST, {}, { token: u.token })).body.data.rows;
      const byNo = (no: string) => rows.find((o: any) => o.no === no);
      expect(byNo(reach.no)).toMatchObject({ status: 1, price: open });
      expect(open).toBeLessThanOrEqual(reach.limit_price);

      setClock(t.current, at.nseAfterClose);
      expect(await tick()).toMatchObject({ expired: 1, waiting: 1 });
      const after = (await t.current.post(LIST, { status: 3 }, { token: u.token })).body.data.rows;
      expect(after.map((o: any) => [o.no, o.status_label, o.held])).toEqual([[never.no, 'expired', 0]]);
      await t.current.post(CANCEL, { no: gtc.no }, { token: u.token });
      expect((await info(u)).money).toBe(2_000_000 - byNo(reach.no).cost);
    });

    it('cancels a resting order whose fill the money no longer covers, and changes nothing else', async () => {
      setClock(t.current, at.nseBeforeOpen);
      const u = await user();
      await fund(u, 500_000);
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') });
      expect(r.body.data.status).toBe(0);
      // The operator raises the minimum fee past the wallet before the open: the fill cannot be paid.
      await db().insert(settings).values({ tag: 'trade_fee_min', value: '100000' });
      settingsChanged(db());
      try {
        setClock(t.current, at.nseOpen);
        await tick();
      } finally {
        await db().delete(settings).where(eq(settings.tag, 'trade_fee_min'));
        settingsChanged(db());
      }
      const [o] = (await t.current.get(ORDERS, { token: u.token })).body.data.rows;
      expect(o).toMatchObject({ no: r.body.data.no, status: 2, held: 0 });
      expect(await info(u)).toMatchObject({ money: 500_000, total: 500_000 });
    });

    it('survives a restart: a resting order placed before it fills after it', async () => {
      setClock(t.current, at.nseBeforeOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') });
      expect(r.body.data.status).toBe(0);
      await t.current.restart();
      setClock(t.current, at.nseOpen);
      expect((await tick()).filled).toBeGreaterThanOrEqual(1);
      const [o] = (await t.current.get(ORDERS, { token: u.token })).body.data.rows;
      expect(o).toMatchObject({ no: r.body.data.no, status: 1 });
    });
  });

  describe('verify-ledger', () => {
    it('checks every position against its fills and every open hold against a live order', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') });
      const id = (await info(u)).id as number;
      const rules = async () => (await verifyLedger(db())).breaches.map((b) => b.rule);
      const mine = and(eq(tradePositions.userId, id), eq(tradePositions.symbol, 'RELIANCE.NS'));

      await db().update(tradePositions).set({ quantity: sql`${tradePositions.quantity} + 1` }).where(mine);
      expect(await rules()).toEqual(['every position equals the sum of its fills']);
      await db().update(tradePositions).set({ quantity: sql`${tradePositions.quantity} - 1` }).where(mine);

      const wallet = (await findWallet(db(), id, 'INR'))!;
      const hold = await inLedgerTransaction(db(), (tx) => placeHold(tx, { key: randomUUID(), account: wallet.id, amount: 100, ref: 'orphan' }));
      expect(await rules()).toEqual(['every open hold belongs to a live order or withdrawal']);
      await inLedgerTransaction(db(), (tx) => releaseHold(tx, hold.id));
    });
  });

  describe('other currencies and the published rules', () => {
    it('settles a US stock in the deployment currency at the engine rate and records the rate', async () => {
      setClock(t.current, at.usOpen);
      const u = await user();
      // Ample for two shares whatever the simulated price has drifted to by the test's date.
      await fund(u, 50_000_000);
      const p = await price(u, 'AAPL');
      const rate = await price(u, 'USDINR');
      const r = await pay(u, BUY, { tag: 'AAPL', count: 2, price: p });
      expect(r.status).toBe(200);
      const amount = money(2, p, rate);
      expect(r.body.data).toMatchObject({ currency: 'USD', fx_rate: rate, price: p, price_all: amount, fee: fee(amount), market: 'US' });
      expect((await info(u)).money).toBe(50_000_000 - amount - fee(amount));
    });

    it("refuses with 'Exchange rate has not been updated' when the engine's rate is older than the configured age", async () => {
      setClock(t.current, at.saturday);
      const u = await user();
      await fund(u, 5_000_000);
      const r = await pay(u, BUY, { tag: 'AAPL', count: 1, price: await price(u, 'AAPL') });
      expect([r.status, r.body.data]).toEqual([422, 'exchangeRateStale']);
      expect((await info(u)).money).toBe(5_000_000);
      // An INR stock needs no rate: it rests until Monday.
      const inr = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: await price(u, 'RELIANCE.NS') });
      expect(inr.body.data.status).toBe(0);
      await t.current.post(CANCEL, { no: inr.body.data.no }, { token: u.token });
    });

    it('publishes the fee, collar, rate age and quantity limits, and follows an operator change', async () => {
      const u0 = await user();
      expect((await t.current.get('/stock/success/deal/rules', { token: u0.token })).body.data).toEqual({
        fee_bps: 3,
        fee_min: 100,
        collar_bps: 100,
        fx_max_age_seconds: 300,
        quantity_min: 1,
        quantity_half_max: 50,
        quantity_full_max: 100,
        currency: 'INR',
      });
      await db().insert(settings).values({ tag: 'trade_fee_bps', value: '50' });
      settingsChanged(db());
      try {
        setClock(t.current, at.nseOpen);
        const u = await user();
        await fund(u, 1_000_000);
        const p = await price(u, 'RELIANCE.NS');
        const r = await pay(u, BUY, { tag: 'RELIANCE.NS', count: 1, price: p });
        expect(r.body.data.fee).toBe(Math.ceil((money(1, p) * 50) / 10_000));
        // An operator's row is public in the config call too.
        const cfg = (await t.current.get('/v2/config')).body.data as { tag: string; value: string }[];
        expect(cfg).toContainEqual({ tag: 'trade_fee_bps', value: '50' });
      } finally {
        await db().delete(settings).where(eq(settings.tag, 'trade_fee_bps'));
        settingsChanged(db());
      }
    });

    it('counts open positions at market value in total assets', async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 2, price: await price(u, 'RELIANCE.NS') })).body.data;
      setClock(t.current, at.nseLater);
      const now = await price(u, 'RELIANCE.NS');
      const i = await info(u);
      expect(i.money).toBe(1_000_000 - lot.cost);
      expect(i.total).toBe(1_000_000 - lot.cost + money(2, now));
    });

    it("counts the day's P&L of a lot from its fill on the day it was bought, and from the previous close after", async () => {
      setClock(t.current, at.nseOpen);
      const u = await user();
      await fund(u, 1_000_000);
      const lot = (await pay(u, BUY, { tag: 'RELIANCE.NS', count: 3, price: await price(u, 'RELIANCE.NS') })).body.data;
      setClock(t.current, at.nseLater);
      const today = (await t.current.get(POSITIONS, { token: u.token })).body.data;
      expect(today.day_pnl).toBe(today.value - lot.price_all);

      const nextSession = new Date(getCalendar('NSE').nextOpen(at.nseLater.getTime()) + HOUR);
      setClock(t.current, nextSession);
      const quote = (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'RELIANCE.NS' } })).body.data;
      const after = (await t.current.get(POSITIONS, { token: u.token })).body.data;
      expect(after.day_pnl).toBe(money(3, quote.price) - money(3, quote.prevClose));
    });
  });
});

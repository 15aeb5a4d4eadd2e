import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { blockMaxCount } from '@invest/shared/contract';
import { tradePasswords } from '../src/db/schema';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar, localEpochDay, zonedTimeToUtc } from '../src/market/sessions';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';

// Money is minor units (paise: the test deployment is INR). RELIANCE.NS and TCS.NS are NSE stocks in INR; AAPL is a
// Nasdaq stock in USD, which settles in INR at the engine's USDINR.
const LIST = '/stock/success/stock/list';
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const DEALS = '/stock/success/deal/list';
const ORDERS = '/stock/success/deal/orders';
const POSITIONS = '/stock/success/v2/transaction';
const OFFERS = '/ops/offers';
const CODE = '482915';
const MINUTE = 60_000;

// An hour into the next NSE session (10:15 IST on a weekday): NSE and forex are open.
const NOW = new Date(getCalendar('NSE').nextOpen(Date.now()) + 60 * MINUTE);
const IST = 'Asia/Kolkata';
/** `HH:MM` in IST, `minutes` from NOW. */
const ist = (minutes: number) => {
  const t = NOW.getTime() + minutes * MINUTE;
  const m = Math.round((t - zonedTimeToUtc(IST, localEpochDay(IST, t), 0)) / MINUTE);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const margin = (amount: number) => Math.ceil((amount * 3) / 10_000);
const money = (count: number, price: number, rate = 1) => Math.round(count * price * rate * 100);

interface User {
  token: string;
  id: number;
}

describe.each(backends)('block trading and QIP on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const db = () => t.current.database.db;

  beforeAll(async () => {
    setClock(t.current, NOW);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  beforeEach(() => setClock(t.current, NOW));

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(opts: { money?: number; code?: boolean } = {}): Promise<User> {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const u = { token, id: (await t.current.get('/stock/success/v2/user/info', { token })).body.data.id as number };
    if (opts.money) await t.current.deposit(token, opts.money);
    if (opts.code !== false) {
      const r = await t.current.post('/stock/success/user/password/up', { type: 'transaction', fund_code_new: CODE, is_first: true }, { token });
      expect(r.status).toBe(200);
    }
    return u;
  }
  const pay = (u: User, path: string, body: unknown, key: string = randomUUID()) => t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  const info = async (u: User) => (await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data;
  const bills = async (u: User) => (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows as { reason: string; amount: number }[];
  const deals = async (u: User, body: Record<string, unknown>) => (await t.current.post(DEALS, body, { token: u.token })).body.data;
  // The engine's price now (the clock is held), as the screens read it; USDINR is the rate USD settles at.
  const quote = async (u: User, symbol: string) => (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol } })).body.data.price as number;

  async function offer(body: Record<string, unknown>) {
    const r = await t.current.post(OFFERS, { mold: 'bulk', windows: [{ open: ist(-30), close: ist(60) }], ...body }, { token: ops });
    expect([r.status, r.body.msg]).toEqual([200, 'ok']);
    return r.body.data as { id: number; tag: string; price: number; count: number; mold: string; qualified_only: boolean };
  }
  const buy = (u: User, o: { id: number; tag: string; price: number; mold: string }, count: number, extra: Record<string, unknown> = {}, key?: string) =>
    pay(u, BUY, { tag: o.tag, count, price: o.price, mold: o.mold, id: o.id, stock_password: CODE, ...extra }, key);

  /** What a refusal must leave as it was: the money, the orders, the bills. */
  async function unchanged(u: User, fn: () => Promise<void>) {
    const before = { info: await info(u), bills: (await bills(u)).length, deals: (await deals(u, {})).count };
    await fn();
    expect({ info: await info(u), bills: (await bills(u)).length, deals: (await deals(u, {})).count }).toEqual(before);
  }

  describe('operators', () => {
    it('create offers (a QIP is qualified-only, the minimum defaults to 100), list and close them, audited', async () => {
      const bulk = await offer({ tag: 'reliance.ns', price: 1500.5, count: 250 });
      expect(bulk).toMatchObject({ tag: 'RELIANCE.NS', type: 'IN', currency: 'INR', time_zone: IST, mold: 'bulk', price: 1500.5, count: 250, status: 1, qualified_only: false, orders: 0, shares: 0, created_by: 'ops', closed_at: null });
      const qip = await offer({ tag: 'INFY.NS', mold: 'finalize', price: 1400, type: 'IN' });
      expect(qip).toMatchObject({ count: 100, qualified_only: true, mold: 'finalize' });
      const us = await offer({ tag: 'AAPL', price: 250, windows: [{ open: '00:00', close: '24:00' }], qualified_only: true });
      expect(us).toMatchObject({ type: 'US', currency: 'USD', time_zone: 'America/New_York', qualified_only: true });

      const list = (await t.current.get(OFFERS, { token: ops, query: { mold: 'finalize', status: '1' } })).body.data;
      expect(list.rows.map((o: { id: number }) => o.id)).toContain(qip.id);
      expect(list.rows.every((o: { mold: string }) => o.mold === 'finalize')).toBe(true);

      const closed = await t.current.post(`${OFFERS}/${bulk.id}/close`, {}, { token: ops });
      expect(closed.body.data).toMatchObject({ id: bulk.id, status: 2, closed_by: 'ops' });
      // Closing again answers the same and is not audited twice.
      expect((await t.current.post(`${OFFERS}/${bulk.id}/close`, {}, { token: ops })).body.data).toEqual(closed.body.data);
      const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'offers' } })).body.data.rows as { action: string; target: string }[];
      expect(audit.filter((a) => a.target === `offer ${bulk.id}`).map((a) => a.action).sort()).toEqual(['offers.close', 'offers.create']);
    });

    it('refuses bad offers with a clear key and creates nothing', async () => {
      const before = (await t.current.get(OFFERS, { token: ops })).body.data.count;
      const ok = { tag: 'RELIANCE.NS', mold: 'bulk', price: 100, windows: [{ open: '09:00', close: '15:00' }] };
      for (const [body, status, key] of [
        [{ tag: 'NOPE' }, 404, 'notFound'],
        [{ tag: '^NSEI' }, 422, 'offerMarketMismatch'],
        [{ tag: 'USDINR' }, 422, 'offerMarketMismatch'],
        [{ type: 'US' }, 422, 'offerMarketMismatch'],
        [{ type: 'FOREX' }, 400, 'invalidInput'],
        [{ windows: [] }, 400, 'invalidWindow'],
        [{ windows: [{ open: '15:00', close: '09:00' }] }, 400, 'invalidWindow'],
        [{ windows: [{ open: '9:00', close: '10:00' }] }, 400, 'invalidWindow'],
        [{ windows: [{ open: '24:00', close: '24:00' }] }, 400, 'invalidWindow'],
        [{ windows: [{ open: '09:00', close: '25:00' }] }, 400, 'invalidWindow'],
        [{ windows: 'all day' }, 400, 'invalidWindow'],
        [{ windows: Array(5).fill({ open: '09:00', close: '10:00' }) }, 400, 'invalidWindow'],
        [{ price: 0 }, 400, 'invalidPrice'],
        [{ price: 'cheap' }, 400, 'invalidPrice'],
        [{ count: 0 }, 400, 'quantityTooLow'],
        [{ count: 1e12 }, 400, 'invalidInput'],
        [{ mold: 'ipo' }, 400, 'invalidInput'],
        [{ mold: 'finalize', qualified_only: false }, 400, 'offerQualifiedOnly'],
        [{ qualified_only: 'yes' }, 400, 'invalidInput'],
        [{ status: 2 }, 400, 'unknownField'],
      ] as const) {
        const r = await t.current.post(OFFERS, { ...ok, ...body }, { token: ops });
        expect([JSON.stringify(body), r.status, r.body.data]).toEqual([JSON.stringify(body), status, key]);
      }
      expect((await t.current.post(`${OFFERS}/999999/close`, {}, { token: ops })).status).toBe(404);
      expect((await t.current.post(`${OFFERS}/abc/close`, {}, { token: ops })).status).toBe(404);
      expect((await t.current.post('/ops/users/999999/qualified', { qualified: true }, { token: ops })).status).toBe(404);
      expect((await t.current.post('/ops/users/1/qualified', { qualified: 'yes' }, { token: ops })).status).toBe(400);
      // Users are no operators.
      const u = await user({ code: false });
      expect((await t.current.post(OFFERS, ok, { token: u.token })).status).toBe(403);
      expect((await t.current.post(`/ops/users/${u.id}/qualified`, {}, { token: u.token })).status).toBe(403);
      expect((await t.current.get(OFFERS, { token: ops })).body.data.count).toBe(before);
    });
  });

  describe('the list', () => {
    it('shows open offers of the mold by code, with the market price, the window and what the caller can afford', async () => {
      const u = await user({ money: 50_000_000 });
      const open = await offer({ tag: 'TCS.NS', price: 3000, count: 10 });
      const later = await offer({ tag: 'TCS.NS', price: 2990, windows: [{ open: ist(120), close: ist(180) }] });
      const qip = await offer({ tag: 'TCS.NS', mold: 'finalize', price: 2900 });
      const closed = await offer({ tag: 'TCS.NS', price: 2000 });
      await t.current.post(`${OFFERS}/${closed.id}/close`, {}, { token: ops });

      const r = await t.current.post(LIST, { mold: 'bulk', code: ' tcs' }, { token: u.token });
      expect(r.status).toBe(200);
      const rows = r.body.data.rows as Record<string, unknown>[];
      expect(rows.every((o) => String(o.tag).includes('TCS') && o.mold === 'bulk' && o.status === 1)).toBe(true);
      const ids = rows.map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([open.id, later.id]));
      expect(ids).not.toContain(closed.id);
      expect(ids).not.toContain(qip.id);
      const o = rows.find((x) => x.id === open.id)!;
      const available = (await info(u)).money as number;
      expect(o).toMatchObject({
        tag: 'TCS.NS',
        name: expect.any(String),
        price: 3000,
        count: 10,
        type: 'IN',
        currency: 'INR',
        market_price: await quote(u, 'TCS.NS'),
        open_now: true,
        next_open_at: null,
        qualified_only: false,
        qualified: false,
        settle_currency: 'INR',
        fx_rate: 1,
        margin_bps: 3,
        max_count: blockMaxCount(available, 3000, 1),
      });
      // The spec's default quantity: floor(balance / (price + 0.03% of price)).
      expect(o.max_count).toBe(Math.floor(available / (300_000 * 1.0003)));
      expect(rows.find((x) => x.id === later.id)).toMatchObject({ open_now: false, next_open_at: new Date(NOW.getTime() + 120 * MINUTE).toISOString() });

      const qips = (await t.current.post(LIST, { mold: 'finalize', code: 'TCS' }, { token: u.token })).body.data.rows as Record<string, unknown>[];
      expect(qips.map((x) => x.id)).toContain(qip.id);
      expect(qips.every((x) => x.mold === 'finalize' && x.qualified_only === true)).toBe(true);
      // A code nobody has, and the default mold (bulk) with every open offer.
      expect((await t.current.post(LIST, { mold: 'bulk', code: 'NOTHING%' }, { token: u.token })).body.data).toEqual({ rows: [], count: 0 });
      expect((await t.current.post(LIST, {}, { token: u.token })).body.data.rows.length).toBeGreaterThanOrEqual(2);
    });

    it('refuses bad input without a 500', async () => {
      const u = await user({ code: false });
      for (const body of [{ mold: 'stock' }, { mold: 'bulk', code: 'x'.repeat(33) }, { mold: 'bulk', code: 5 }, { mold: 'bulk', code: 'TCS\u0000' }, { mold: 'bulk', code: '\ud800' }, { mold: 'bulk', extra: 1 }, { page: 0 }, { limit: 1000 }]) {
        const r = await t.current.post(LIST, body, { token: u.token });
        expect([JSON.stringify(body), r.status, r.body.msg]).toEqual([JSON.stringify(body), 400, 'no']);
      }
      expect((await t.current.post(LIST, { mold: 'bulk' })).status).toBe(401);
    });
  });

  describe('buying', () => {
    it('books at the block price with the 0.03% margin; the shares are a stock lot, listed and sold like any', async () => {
      const u = await user({ money: 100_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 1234.5, count: 100 });
      const key = randomUUID();
      // 150: past the stock caps of 50/100, which block buys do not have.
      const r = await buy(u, o, 150, {}, key);
      expect(r.status).toBe(200);
      const amount = money(150, 1234.5);
      const fee = margin(amount);
      expect(r.body.data).toMatchObject({ tag: 'RELIANCE.NS', mold: 'bulk', type: 'stock', market: 'IN', state: 'buy', status: 1, count: 150, price: 1234.5, fx_rate: 1, price_all: amount, fee, cost: amount + fee, held: 0 });
      expect(r.body.data.price).not.toBe(await quote(u, 'RELIANCE.NS'));
      expect((await bills(u)).slice(0, 2).map((b) => [b.reason, b.amount])).toEqual([
        ['transactionExpenses', fee],
        ['buyStock', amount],
      ]);
      expect((await info(u)).money).toBe(100_000_000 - amount - fee);
      // A replay answers with the same order and books nothing again.
      const again = await buy(u, o, 150, {}, key);
      expect(again.body.data.no).toBe(r.body.data.no);
      expect((await info(u)).money).toBe(100_000_000 - amount - fee);

      const pos = (await t.current.get(POSITIONS, { token: u.token, query: { type: 'stock' } })).body.data;
      expect(pos.rows.map((p: { no: string; mold: string }) => [p.no, p.mold])).toEqual([[r.body.data.no, 'bulk']]);

      // The orders screen's tabs: 0 all, 1 success, 2 failed.
      expect((await deals(u, { mold: 'bulk', status: 0 })).rows.map((d: { no: string }) => d.no)).toEqual([r.body.data.no]);
      expect((await deals(u, { mold: 'bulk', status: 1 })).count).toBe(1);
      expect(await deals(u, { mold: 'bulk', status: 2 })).toEqual({ rows: [], count: 0 });
      expect((await deals(u, { mold: 'finalize', status: 0 })).count).toBe(0);
      // For ordinary orders status 0 is still "pending".
      expect((await deals(u, { mold: 'stock', status: 0 })).count).toBe(0);
      expect((await t.current.get(ORDERS, { token: u.token, query: { mold: 'bulk', status: '0' } })).body.data.count).toBe(1);

      const ops1 = (await t.current.get(OFFERS, { token: ops, query: { mold: 'bulk' } })).body.data.rows.find((x: { id: number }) => x.id === o.id);
      expect(ops1).toMatchObject({ orders: 1, shares: 150 });

      // Sold at the engine's price, as any lot.
      const p = await quote(u, 'RELIANCE.NS');
      const sold = await pay(u, SELL, { no: r.body.data.no, sell_price: p });
      expect(sold.status).toBe(200);
      const proceeds = money(150, p);
      expect(sold.body.data).toMatchObject({ state: 'sell', sell_price: p, sell_amount: proceeds, mold: 'bulk' });
      expect((await bills(u))[1]).toMatchObject({ reason: 'sellStock', amount: proceeds });
      expect((await deals(u, { mold: 'bulk', status: 1 })).rows.map((d: { state: string }) => d.state)).toEqual(['sell', 'buy']);
      expect((await t.current.get(POSITIONS, { token: u.token, query: { type: 'stock' } })).body.data.count).toBe(0);
    });

    it('converts a US offer to the deployment currency at the engine rate', async () => {
      const u = await user({ money: 300_000_000 });
      const o = await offer({ tag: 'AAPL', price: 201.25, windows: [{ open: '00:00', close: '24:00' }] });
      const rate = await quote(u, 'USDINR');
      const listed = (await t.current.post(LIST, { mold: 'bulk', code: 'AAPL' }, { token: u.token })).body.data.rows.find((x: { id: number }) => x.id === o.id);
      expect(listed).toMatchObject({ currency: 'USD', settle_currency: 'INR', fx_rate: rate, max_count: blockMaxCount(300_000_000, 201.25, rate) });
      const r = await buy(u, o, 100);
      expect(r.status).toBe(200);
      const amount = money(100, 201.25, rate);
      expect(r.body.data).toMatchObject({ market: 'US', currency: 'USD', price: 201.25, fx_rate: rate, price_all: amount, fee: margin(amount) });
      expect((await info(u)).money).toBe(300_000_000 - amount - margin(amount));
    });

    it('lets a user buy exactly the most they can afford, and not one more', async () => {
      const u = await user({ money: 40_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 1499.99, count: 100 });
      const max = (await t.current.post(LIST, { mold: 'bulk', code: 'RELIANCE' }, { token: u.token })).body.data.rows.find((x: { id: number }) => x.id === o.id).max_count;
      expect(max).toBe(blockMaxCount(40_000_000, 1499.99, 1));
      await unchanged(u, async () => {
        expect((await buy(u, o, max + 1)).body.data).toBe('insufficientFunds');
      });
      expect((await buy(u, o, max)).status).toBe(200);
      expect((await info(u)).money).toBeGreaterThanOrEqual(0);
      expect((await info(u)).money).toBeLessThan(money(1, 1499.99) + margin(money(1, 1499.99)));
    });

    it('refuses every rule with its key and changes nothing', async () => {
      const u = await user({ money: 5_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 100, count: 100 });
      const later = await offer({ tag: 'RELIANCE.NS', price: 100, windows: [{ open: ist(30), close: ist(90) }, { open: ist(-120), close: ist(-60) }] });
      const closed = await offer({ tag: 'RELIANCE.NS', price: 100 });
      await t.current.post(`${OFFERS}/${closed.id}/close`, {}, { token: ops });
      const qip = await offer({ tag: 'TCS.NS', mold: 'finalize', price: 100 });
      const full = { tag: o.tag, count: 100, price: 100, mold: 'bulk', id: o.id, stock_password: CODE };
      await unchanged(u, async () => {
        for (const [body, status, key] of [
          [{ count: 99 }, 400, 'quantityBelowMinimum'],
          [{ count: 0 }, 400, 'quantityTooLow'],
          [{ count: 10_000_001 }, 400, 'amountTooLarge'],
          [{ count: 'lots' }, 400, 'quantityTooLow'],
          [{ id: undefined }, 400, 'blockFieldsRequired'],
          [{ stock_password: undefined }, 400, 'blockFieldsRequired'],
          [{ stock_password: ' ' }, 400, 'blockFieldsRequired'],
          [{ stock_password: { code: 1 } }, 400, 'invalidInput'],
          [{ id: 'abc' }, 400, 'invalidInput'],
          [{ id: -1 }, 400, 'invalidInput'],
          [{ id: 1e12 }, 400, 'invalidInput'],
          [{ id: 999_999 }, 404, 'notFound'],
          [{ tag: 'TCS.NS' }, 404, 'notFound'],
          [{ mold: 'finalize' }, 404, 'notFound'],
          [{ id: later.id }, 422, 'noAvailableTime'],
          [{ id: closed.id }, 422, 'offerClosed'],
          [{ id: qip.id, tag: 'TCS.NS', mold: 'finalize' }, 403, 'offerQualifiedOnly'],
          [{ count: 1000 }, 422, 'insufficientFunds'],
          [{ count: 1e7, price: 1 }, 422, 'amountTooLarge'],
          [{ mold: 'ipo' }, 422, 'tradeNotAvailable'],
        ] as const) {
          const r = await pay(u, BUY, { ...full, ...body });
          expect([JSON.stringify(body), r.status, r.body.data]).toEqual([JSON.stringify(body), status, key]);
        }
      });
      // None of those cost an attempt of the transaction code.
      const [row] = await db().select().from(tradePasswords).where(eq(tradePasswords.userId, u.id));
      expect(row!.failures).toBe(0);
    });

    it('opens a qualified-only offer to the users operators mark qualified', async () => {
      const u = await user({ money: 5_000_000 });
      const qip = await offer({ tag: 'TCS.NS', mold: 'finalize', price: 100 });
      expect((await buy(u, qip, 100)).body.data).toBe('offerQualifiedOnly');
      const marked = await t.current.post(`/ops/users/${u.id}/qualified`, {}, { token: ops });
      expect(marked.body.data).toMatchObject({ id: u.id, qualified: true });
      expect((await t.current.post(LIST, { mold: 'finalize', code: 'TCS' }, { token: u.token })).body.data.rows[0]).toMatchObject({ qualified: true });
      expect((await buy(u, qip, 100)).status).toBe(200);
      expect((await deals(u, { mold: 'finalize', status: 0 })).count).toBe(1);
      await t.current.post(`/ops/users/${u.id}/qualified`, { qualified: false }, { token: ops });
      await unchanged(u, async () => {
        expect((await buy(u, qip, 100)).body.data).toBe('offerQualifiedOnly');
      });
      const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'offers.qualified' } })).body.data.rows as { target: string; detail: unknown }[];
      expect(audit.filter((a) => a.target === `user ${u.id}`).map((a) => a.detail)).toEqual([{ qualified: false }, { qualified: true }]);
    });

    it('takes the transaction password as the code: none set, wrong, and locked after 5 wrong', async () => {
      const none = await user({ money: 5_000_000, code: false });
      const o = await offer({ tag: 'RELIANCE.NS', price: 100 });
      await unchanged(none, async () => {
        expect([(await buy(none, o, 100)).status, (await buy(none, o, 100)).body.data]).toEqual([422, 'tradePasswordNotSet']);
      });

      const u = await user({ money: 5_000_000 });
      await unchanged(u, async () => {
        for (let i = 0; i < 4; i += 1) {
          const r = await buy(u, o, 100, { stock_password: '000000' });
          expect([r.status, r.body.data]).toEqual([422, 'authorizationKeyIncorrect']);
        }
        const fifth = await buy(u, o, 100, { stock_password: 999_999 });
        expect([fifth.status, fifth.body.data]).toEqual([423, 'tradePasswordLocked']);
        // Locked: the right code is refused too, so the code cannot be guessed.
        expect((await buy(u, o, 100)).body.data).toBe('tradePasswordLocked');
      });
      expect((await t.current.get('/stock/success/user/password/state', { token: u.token })).body.data.locked_until).not.toBeNull();
      setClock(t.current, NOW.getTime() + 16 * MINUTE);
      expect((await buy(u, o, 100)).status).toBe(200);
    });

    it("never touches another user's lots", async () => {
      const a = await user({ money: 5_000_000 });
      const b = await user({ money: 5_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 100 });
      const r = await buy(a, o, 100);
      await unchanged(b, async () => {
        expect((await pay(b, SELL, { no: r.body.data.no, sell_price: await quote(b, 'RELIANCE.NS') })).body.data).toBe('positionNotHeld');
        expect((await t.current.get('/stock/success/deal/order', { token: b.token, query: { no: r.body.data.no } })).status).toBe(404);
      });
      expect((await deals(b, { mold: 'bulk' })).count).toBe(0);
      expect((await deals(a, { mold: 'bulk' })).count).toBe(1);
    });

    it('answers any malformed buy, list or offer with a refusal, never a 500', async () => {
      const u = await user({ money: 1_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 100 });
      const base: Record<string, Record<string, unknown>> = {
        buy: { tag: o.tag, count: 100, price: 100, mold: 'bulk', id: o.id, stock_password: CODE },
        list: { mold: 'bulk', code: 'REL', page: 1, limit: 10 },
        create: { tag: 'RELIANCE.NS', mold: 'bulk', price: 100, count: 100, type: 'IN', windows: [{ open: '09:00', close: '10:00' }], qualified_only: false },
      };
      const junk = fc.oneof(
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom('\u0000', '\ud800', '1e400', '-1', '2147483648', ' ', '24:00', [{ open: '00:00', close: '\u0000' }], [{ open: '00:00' }]),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('buy', 'list', 'create'), fc.nat(20), junk, async (call, field, value) => {
          const body = { ...base[call] };
          const keys = Object.keys(body);
          body[keys[field % keys.length]!] = value;
          const r = call === 'buy' ? await pay(u, BUY, body) : await t.current.post(call === 'list' ? LIST : OFFERS, body, { token: call === 'list' ? u.token : ops });
          expect([JSON.stringify(body), r.status < 500, ['ok', 'no'].includes(r.body.msg)]).toEqual([JSON.stringify(body), true, true]);
        }),
        { numRuns: 150 },
      );
    }, 120_000);

    it('refuses a buy once the offer is closed, even between the list and the buy', async () => {
      const u = await user({ money: 5_000_000 });
      const o = await offer({ tag: 'RELIANCE.NS', price: 100 });
      expect((await t.current.post(LIST, { mold: 'bulk', code: 'RELIANCE' }, { token: u.token })).body.data.rows.map((x: { id: number }) => x.id)).toContain(o.id);
      await t.current.post(`${OFFERS}/${o.id}/close`, {}, { token: ops });
      await unchanged(u, async () => {
        expect((await buy(u, o, 100)).body.data).toBe('offerClosed');
      });
    });
  });
});

import fc from 'fast-check';
import { blockMarginOf, feeOf, moneyOf, TRADE_TYPES, type TradeRules } from '@invest/shared/contract';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar, type SessionId } from '../src/market/sessions';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';

/**
 * Model-based test of trading on the ledger: random interleavings of deposits, market and limit buys (day and
 * good-till-cancelled), sales, cancels, the clock moving within a session and across its close and the next open
 * (with the matcher's pass after each move), and server restarts — run against the API and against a plain model
 * of the user's money, held money, lots and resting orders. After every step they must agree, and verify-ledger
 * (positions = their fills, holds = live orders) must find nothing. fast-check prints the seed and the shrunk
 * sequence when they disagree.
 */

// Stocks, a forex pair, a future (MCX) and a treasury bond, all quoted in rupees: each through the same ticket.
const SYMBOLS = ['RELIANCE.NS', 'TCS.NS', 'USDINR', 'CRUDEOIL', 'IN10Y'] as const;
/** Each one's exchange session: a day order expires at its close. */
const SESSION_OF: Record<(typeof SYMBOLS)[number], SessionId> = { 'RELIANCE.NS': 'NSE', 'TCS.NS': 'NSE', USDINR: 'FX', CRUDEOIL: 'MCX', IN10Y: 'NDS' };
const MINUTE = 60_000;
const nse = getCalendar('NSE');

interface Lot {
  symbol: string;
  count: number;
  cost: number;
}
interface Resting {
  symbol: string;
  count: number;
  kind: 'market' | 'limit';
  limit: number | null;
  held: number;
  expiresAt: number | null;
}
interface Model {
  available: number;
  lots: Map<string, Lot>;
  /** Resting orders in the order they were placed (the matcher's order). */
  resting: Map<string, Resting>;
  /** Every order's status as the records show it. */
  status: Map<string, number>;
}

type Action =
  | { kind: 'deposit'; amount: number }
  | { kind: 'buy'; symbol: number; count: number }
  | { kind: 'limit'; symbol: number; count: number; offsetBps: number; gtc: boolean }
  | { kind: 'sell'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'minutes'; n: number }
  | { kind: 'close' }
  | { kind: 'open'; minutes: number }
  | { kind: 'restart' }
  | { kind: 'block'; count: number };

/** The block offer the runs buy from (products/offers): RELIANCE.NS at a fixed block price, at least 2, all day. */
const BLOCK = { tag: 'RELIANCE.NS', price: 1400.25, min: 2, code: '135790' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 5_000, max: 40_000 }).map((n) => n * 100) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('buy' as const), symbol: fc.nat(SYMBOLS.length - 1), count: fc.integer({ min: 1, max: 8 }) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      symbol: fc.nat(SYMBOLS.length - 1),
      count: fc.integer({ min: 1, max: 8 }),
      offsetBps: fc.integer({ min: -300, max: 150 }),
      gtc: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('sell' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('minutes' as const), n: fc.integer({ min: 1, max: 120 }) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'close' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('open' as const), minutes: fc.integer({ min: 1, max: 90 }) }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'restart' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('block' as const), count: fc.integer({ min: 1, max: 8 }) }), weight: 2 },
);


describe.each(backends)('trading against its model on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  let rules: Pick<TradeRules, 'feeBps' | 'feeMin' | 'collarBps'>;

  let blockOffer: number;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
    const offer = { tag: BLOCK.tag, mold: 'bulk', price: BLOCK.price, count: BLOCK.min, windows: [{ open: '00:00', close: '24:00' }] };
    blockOffer = (await t.current.post('/ops/offers', offer, { token: ops })).body.data.id;
  }, HOOK_TIMEOUT);

  it(
    'agrees with the model and keeps the books balanced after every step',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 30 }), async (actions) => {
          // Every run starts in a session of the near future (tokens made now stay valid) and stays within days.
          let now = nse.nextOpen(Date.now()) + 30 * MINUTE;
          const end = now + 4 * 24 * 60 * MINUTE;
          setClock(t.current, now);
          const { phone, password } = await t.current.register();
          let token = await t.current.login(phone, password);
          const published = (await t.current.get('/stock/success/deal/rules', { token })).body.data;
          rules = { feeBps: published.fee_bps, feeMin: published.fee_min, collarBps: published.collar_bps };
          const m: Model = { available: 0, lots: new Map(), resting: new Map(), status: new Map() };
          let keySeq = 0;

          const pay = (path: string, body: unknown) => t.current.post(path, body, { token, headers: { 'idempotency-key': `tm-${phone}-${++keySeq}` } });
          const quote = async (symbol: string) => {
            const q = (await t.current.get('/v2/yahoo', { token, query: { symbol, view: 'spark' } })).body.data;
            return { price: q.price as number, open: q.marketOpen as boolean };
          };
          const fill = (count: number, price: number) => {
            const amount = moneyOf(count, price, 1);
            return { amount, fee: feeOf(amount, rules) };
          };
          const deposit = async (amount: number) => {
            const r = await pay('/stock/success/v2/recharge/add', { count: amount });
            expect(r.status).toBe(200);
            expect((await t.current.post(`/ops/recharges/${r.body.data.id}/complete`, {}, { token: ops })).status).toBe(200);
            m.available += amount;
          };
          /** The matcher's pass, in the model: resting orders oldest first, each expired, filled or left waiting. */
          const match = async () => {
            const prices = new Map<string, { price: number; open: boolean }>();
            for (const s of SYMBOLS) prices.set(s, await quote(s));
            for (const [no, o] of m.resting) {
              const q = prices.get(o.symbol)!;
              if (o.expiresAt !== null && o.expiresAt <= now) {
                m.available += o.held;
                m.resting.delete(no);
                m.status.set(no, 3);
              } else if (q.open && (o.kind === 'market' || q.price <= o.limit!)) {
                const f = fill(o.count, q.price);
                m.resting.delete(no);
                // The hold pays what it covers, the wallet the rest and the fee; short of that the order is cancelled.
                if (m.available + o.held - f.amount - f.fee >= 0) {
                  m.available += o.held - f.amount - f.fee;
                  m.lots.set(no, { symbol: o.symbol, count: o.count, cost: f.amount + f.fee });
                  m.status.set(no, 1);
                } else {
                  m.available += o.held;
                  m.status.set(no, 2);
                }
              }
            }
            await t.current.built.app.trading.matcher!.tick();
          };
          const place = async (symbol: string, count: number, limit: number | null, gtc: boolean) => {
            const q = await quote(symbol);
            const body = limit === null ? { tag: symbol, count, price: q.price } : { tag: symbol, count, price: q.price, kind: 'limit', limit_price: limit, tif: gtc ? 'gtc' : 'day' };
            const r = await pay('/stock/success/deal/buy', body);
            if (q.open && (limit === null || q.price <= limit)) {
              const f = fill(count, q.price);
              if (f.amount + f.fee > m.available) return expect([r.status, r.body.data]).toEqual([422, 'insufficientFunds']);
              expect(r.status).toBe(200);
              expect(r.body.data).toMatchObject({ status: 1, price: q.price, price_all: f.amount, fee: f.fee });
              m.available -= f.amount + f.fee;
              m.lots.set(r.body.data.no, { symbol, count, cost: f.amount + f.fee });
              m.status.set(r.body.data.no, 1);
              return;
            }
            // Resting: a limit order holds its limit's worth, a market order the collar above today's price.
            const estimate = moneyOf(count, limit ?? q.price * (1 + rules.collarBps / 10_000), 1);
            const held = estimate + feeOf(estimate, rules);
            if (held > m.available) return expect([r.status, r.body.data]).toEqual([422, 'insufficientFunds']);
            expect(r.status).toBe(200);
            const calendar = getCalendar(SESSION_OF[symbol as (typeof SYMBOLS)[number]]);
            const s = calendar.locate(now);
            const expiresAt = limit !== null && !gtc ? (s.isOpen ? s.window.close : calendar.window(s.window.td + 1).close) : null;
            expect(r.body.data).toMatchObject({ status: 0, held, expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() });
            m.available -= held;
            m.resting.set(r.body.data.no, { symbol, count, kind: limit === null ? 'market' : 'limit', limit, held, expiresAt });
            m.status.set(r.body.data.no, 0);
          };

          await deposit(2_000_000);
          await t.current.post('/stock/success/user/password/up', { type: 'transaction', fund_code_new: BLOCK.code, is_first: true }, { token });
          for (const a of actions) {
            switch (a.kind) {
              case 'deposit':
                await deposit(a.amount);
                break;
              case 'buy':
                await place(SYMBOLS[a.symbol]!, a.count, null, false);
                break;
              case 'limit': {
                const symbol = SYMBOLS[a.symbol]!;
                const { price } = await quote(symbol);
                await place(symbol, a.count, Math.round(price * (1 + a.offsetBps / 10_000) * 100) / 100, a.gtc);
                break;
              }
              case 'sell': {
                const lots = [...m.lots.keys()];
                // Mostly one of the user's lots; sometimes one sold already or a resting order, which are refused.
                const no = a.pick % 5 && lots.length ? lots[a.pick % lots.length]! : [...m.status.keys()][a.pick % Math.max(1, m.status.size)];
                if (!no) break;
                const lot = m.lots.get(no);
                const q = await quote(lot?.symbol ?? SYMBOLS[0]);
                const r = await pay('/stock/success/deal/sell', { no, sell_price: q.price });
                if (!lot) expect([r.status, r.body.data]).toEqual([404, 'positionNotHeld']);
                else if (!q.open) expect([r.status, r.body.data]).toEqual([422, 'marketClosed']);
                else {
                  expect(r.status).toBe(200);
                  const amount = moneyOf(lot.count, q.price, 1);
                  const fee = Math.min(feeOf(amount, rules), amount);
                  expect(r.body.data).toMatchObject({ state: 'sell', sell_price: q.price, sell_amount: amount, sell_fee: fee, realized_pnl: amount - fee - lot.cost });
                  m.available += amount - fee;
                  m.lots.delete(no);
                }
                break;
              }
              case 'cancel': {
                const all = [...m.status.keys()];
                const open = [...m.resting.keys()];
                const no = a.pick % 4 && open.length ? open[a.pick % open.length] : all[a.pick % Math.max(1, all.length)];
                if (!no) break;
                const r = await t.current.post('/stock/success/deal/cancel', { no }, { token });
                const o = m.resting.get(no);
                if (o) {
                  expect(r.status).toBe(200);
                  m.available += o.held;
                  m.resting.delete(no);
                  m.status.set(no, 2);
                } else if (m.status.get(no) === 2) expect(r.status).toBe(200);
                else expect([r.status, r.body.data]).toEqual([409, 'orderNotPending']);
                break;
              }
              case 'minutes':
              case 'close':
              case 'open': {
                const s = nse.locate(now);
                const close = (s.isOpen ? s.window.close : nse.window(s.window.td + 1).close) + MINUTE;
                const next = a.kind === 'minutes' ? now + a.n * MINUTE : a.kind === 'close' ? close : nse.nextOpen(now) + a.minutes * MINUTE;
                if (next > end) break;
                now = next;
                setClock(t.current, now);
                await match();
                break;
              }
              case 'block': {
                // At the block price whatever the engine's, with the 0.03% margin; a stock lot like any other.
                const r = await pay('/stock/success/deal/buy', { tag: BLOCK.tag, count: a.count, price: BLOCK.price, mold: 'bulk', id: blockOffer, stock_password: BLOCK.code });
                const amount = moneyOf(a.count, BLOCK.price, 1);
                const fee = blockMarginOf(amount);
                if (a.count < BLOCK.min) expect([r.status, r.body.data]).toEqual([400, 'quantityBelowMinimum']);
                else if (amount + fee > m.available) expect([r.status, r.body.data]).toEqual([422, 'insufficientFunds']);
                else {
                  expect(r.body.data).toMatchObject({ status: 1, mold: 'bulk', price: BLOCK.price, price_all: amount, fee });
                  m.available -= amount + fee;
                  m.lots.set(r.body.data.no, { symbol: BLOCK.tag, count: a.count, cost: amount + fee });
                  m.status.set(r.body.data.no, 1);
                }
                break;
              }
              case 'restart':
                await t.current.restart();
                setClock(t.current, now);
                token = await t.current.login(phone, password);
                break;
            }

            // The user's money, held money, lots and orders as the model has them; the books balanced.
            const info = (await t.current.get('/stock/success/v2/user/info', { token })).body.data;
            expect(info.money).toBe(m.available);
            let value = 0;
            for (const s of SYMBOLS) {
              const { price } = await quote(s);
              for (const lot of m.lots.values()) if (lot.symbol === s) value += moneyOf(lot.count, price, 1);
            }
            const held = [...m.resting.values()].reduce((sum, o) => sum + o.held, 0);
            expect(info.total).toBe(m.available + held + value);
            // Each lot listed under its own type's positions (stocks, forex, futures, treasury), and nowhere else.
            const listed: string[] = [];
            let cost = 0;
            for (const type of TRADE_TYPES) {
              const positions = (await t.current.get('/stock/success/v2/transaction', { token, query: { type, limit: '50' } })).body.data;
              listed.push(...positions.rows.map((o: { no: string; type: string }) => (o.type === type ? o.no : `${o.no} as ${o.type}`)));
              cost += positions.cost;
            }
            expect(listed.sort()).toEqual([...m.lots.keys()].sort());
            expect(cost).toBe([...m.lots.values()].reduce((sum, l) => sum + l.cost, 0));
            const orders = (await t.current.post('/stock/success/deal/list', { limit: 100 }, { token })).body.data.rows;
            expect(new Map(orders.map((o: { no: string; status: number }) => [o.no, o.status]))).toEqual(m.status);
            expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
          }
        }),
        { numRuns: 8, verbose: 1 },
      );
    },
    240_000,
  );
});

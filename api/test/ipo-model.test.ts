import fc from 'fast-check';
import { feeOf, ipoQuantityIssue, IPO_STATUS_MOVES, moneyOf, type IpoStatusName, type TradeRules } from '@invest/shared/contract';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { drawAllotment } from '../src/products/ipo/draw';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';

/**
 * Model-based test of IPOs on the ledger: random interleavings of deposits, issues created and moved by an operator,
 * applications (good and bad, and replays), allotments (fitting and oversubscribed: the model re-runs the draw with
 * the seed the allotment answers) and sales of allotted lots, by three users — against the API and a plain model of
 * each user's available money, held money and lots. After every step they must agree, and verify-ledger (holds =
 * pending applications, positions = their fills) must find nothing.
 */

const SYMBOLS = ['ASIANPAINT.NS', 'TITAN.NS', 'CIPLA.NS', 'DRREDDY.NS', 'GRASIM.NS', 'TECHM.NS'] as const;
const USERS = 3;
const LOT = 100;

interface App {
  id: number;
  user: number;
  count: number;
  held: number;
}
interface Issue {
  id: number;
  symbol: string;
  status: IpoStatusName;
  price: number;
  min: number;
  max: number;
  apps: App[];
}
interface Holder {
  available: number;
  held: number;
  /** Open lots by order number. */
  lots: Map<string, { symbol: string; count: number; cost: number }>;
  applied: Map<number, string>;
}

type Action =
  | { kind: 'deposit'; user: number; amount: number }
  | { kind: 'create'; symbol: number; price: number; minLots: number; extraLots: number; open: boolean }
  | { kind: 'apply'; user: number; pick: number; lots: number; replay: boolean }
  | { kind: 'status'; pick: number; to: IpoStatusName }
  | { kind: 'allot'; pick: number; shares: number }
  | { kind: 'sell'; user: number; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(USERS - 1), amount: fc.integer({ min: 5_000, max: 60_000 }).map((n) => n * 100) }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      symbol: fc.nat(SYMBOLS.length - 1),
      price: fc.integer({ min: 100, max: 9_000 }).map((n) => n / 100),
      minLots: fc.integer({ min: 1, max: 3 }),
      extraLots: fc.integer({ min: 0, max: 4 }),
      open: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('apply' as const), user: fc.nat(USERS - 1), pick: fc.nat(), lots: fc.integer({ min: 0, max: 8 }), replay: fc.boolean() }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), to: fc.constantFrom<IpoStatusName>('Upcoming', 'Forthcoming', 'Closed', 'Allotted', 'Cancelled') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('allot' as const), pick: fc.nat(), shares: fc.integer({ min: 1, max: 1_500 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('sell' as const), user: fc.nat(USERS - 1), pick: fc.nat() }), weight: 2 },
);

describe.each(backends)('IPOs against their model on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  let rules: Pick<TradeRules, 'feeBps' | 'feeMin'>;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  it(
    'agrees with the model and keeps the books balanced after every step',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 25 }), async (actions) => {
          // Within an NSE session of the near future, so allotted lots can be sold; the clock stays there.
          setClock(t.current, getCalendar('NSE').nextOpen(Date.now()) + 3_600_000);
          // Issues of an earlier run are cancelled, so their symbols may be issued again.
          const live = (await t.current.get('/ops/ipos', { token: ops, query: { limit: '100' } })).body.data.rows as { id: number; symbol: string; status: string }[];
          for (const i of live) {
            if ((SYMBOLS as readonly string[]).includes(i.symbol) && !['Allotted', 'Cancelled'].includes(i.status)) {
              expect((await t.current.post(`/ops/ipos/${i.id}/status`, { status: 'Cancelled' }, { token: ops })).status).toBe(200);
            }
          }
          const tokens: string[] = [];
          const users: Holder[] = [];
          for (let i = 0; i < USERS; i++) {
            const { phone, password } = await t.current.register();
            tokens.push(await t.current.login(phone, password));
            users.push({ available: 0, held: 0, lots: new Map(), applied: new Map() });
          }
          const published = (await t.current.get('/stock/success/deal/rules', { token: tokens[0] })).body.data;
          rules = { feeBps: published.fee_bps, feeMin: published.fee_min };
          const issues: Issue[] = [];
          let keySeq = 0;
          const key = () => `im-${Date.now()}-${++keySeq}-${Math.random()}`;
          const pay = (u: number, path: string, body: unknown, k = key()) => t.current.post(path, body, { token: tokens[u]!, headers: { 'idempotency-key': k } });
          const price = async (symbol: string) => (await t.current.get('/v2/yahoo', { token: tokens[0]!, query: { symbol, view: 'spark' } })).body.data.price as number;

          for (const a of actions) {
            switch (a.kind) {
              case 'deposit': {
                const r = await pay(a.user, '/stock/success/v2/recharge/add', { count: a.amount });
                expect((await t.current.post(`/ops/recharges/${r.body.data.id}/complete`, {}, { token: ops })).status).toBe(200);
                users[a.user]!.available += a.amount;
                break;
              }
              case 'create': {
                const symbol = SYMBOLS[a.symbol]!;
                const min = a.minLots * LOT;
                const max = min + a.extraLots * LOT;
                const today = new Date().toISOString().slice(0, 10);
                const r = await t.current.post(
                  '/ops/ipos',
                  { series: 'EQ', symbol, issue_price: a.price, min, max, issue_start_date: today, issue_end_date: today, status: a.open ? 'Forthcoming' : 'Upcoming' },
                  { token: ops },
                );
                const taken = issues.some((i) => i.symbol === symbol && !['Allotted', 'Cancelled'].includes(i.status));
                if (taken) {
                  expect([r.status, r.body.data]).toEqual([409, 'ipoSymbolTaken']);
                  break;
                }
                expect(r.status).toBe(200);
                issues.push({ id: r.body.data.id, symbol, status: a.open ? 'Forthcoming' : 'Upcoming', price: a.price, min, max, apps: [] });
                break;
              }
              case 'apply': {
                const ipo = issues[a.pick % Math.max(1, issues.length)];
                if (!ipo) break;
                const u = users[a.user]!;
                const count = a.lots * LOT;
                const k = key();
                const r = await pay(a.user, '/stock/success/ipo/buy', { id: ipo.id, count }, k);
                const issue = ipoQuantityIssue(count, { ...ipo, lot: LOT });
                const amount = moneyOf(count, ipo.price, 1);
                // A count that is no quantity is refused by the call's schema, before the issue is looked at.
                if (count <= 0) expect([r.status, r.body.data]).toEqual([400, 'ipoQuantityBelowMin']);
                else if (ipo.status !== 'Forthcoming') expect([r.status, r.body.data]).toEqual([422, 'ipoNotOpen']);
                else if (issue) expect([r.status, r.body.data]).toEqual([400, issue]);
                else if (u.applied.has(ipo.id)) expect([r.status, r.body.data]).toEqual([409, 'ipoAlreadyApplied']);
                else if (amount > u.available) expect([r.status, r.body.data]).toEqual([422, 'insufficientFunds']);
                else {
                  expect(r.status).toBe(200);
                  expect(r.body.data).toMatchObject({ status: 1, count, held: amount, price_all: amount });
                  u.available -= amount;
                  u.held += amount;
                  u.applied.set(ipo.id, r.body.data.no);
                  ipo.apps.push({ id: r.body.data.id, user: a.user, count, held: amount });
                  if (a.replay) {
                    const again = await pay(a.user, '/stock/success/ipo/buy', { id: ipo.id, count }, k);
                    expect([again.status, again.body.data.no]).toEqual([200, r.body.data.no]);
                  }
                }
                break;
              }
              case 'status': {
                const ipo = issues[a.pick % Math.max(1, issues.length)];
                if (!ipo) break;
                const r = await t.current.post(`/ops/ipos/${ipo.id}/status`, { status: a.to }, { token: ops });
                if (a.to === ipo.status) expect(r.status).toBe(200);
                else if (!IPO_STATUS_MOVES[ipo.status].includes(a.to)) expect([r.status, r.body.data]).toEqual([409, 'ipoStatusInvalid']);
                else {
                  expect(r.status).toBe(200);
                  if (a.to === 'Cancelled') {
                    for (const app of ipo.apps) {
                      users[app.user]!.available += app.held;
                      users[app.user]!.held -= app.held;
                    }
                  }
                  ipo.status = a.to;
                }
                break;
              }
              case 'allot': {
                const ipo = issues[a.pick % Math.max(1, issues.length)];
                if (!ipo) break;
                const r = await t.current.post(`/ops/ipos/${ipo.id}/allot`, { shares: a.shares }, { token: ops });
                if (ipo.status === 'Allotted') expect([r.status, r.body.data]).toEqual([409, 'ipoAlreadyAllotted']);
                else if (ipo.status !== 'Forthcoming' && ipo.status !== 'Closed') expect([r.status, r.body.data]).toEqual([409, 'ipoNotAllottable']);
                else {
                  expect(r.status).toBe(200);
                  ipo.status = 'Allotted';
                  if (!ipo.apps.length) {
                    expect(r.body.data).toMatchObject({ applications: 0, shares_allotted: 0 });
                    break;
                  }
                  // The model's own draw, from the seed the allotment answers (none needed when the applications fit).
                  const plan = drawAllotment(ipo.apps, a.shares, { min: ipo.min, lot: LOT }, r.body.data.seed ?? 'unused');
                  expect(r.body.data.oversubscribed).toBe(plan.oversubscribed);
                  expect(r.body.data.seed === null).toBe(!plan.oversubscribed);
                  let captured = 0;
                  for (const app of ipo.apps) {
                    const u = users[app.user]!;
                    const shares = plan.allotted.get(app.id) ?? 0;
                    const cost = shares ? Math.min(app.held, Math.max(1, moneyOf(shares, ipo.price, 1))) : 0;
                    captured += cost;
                    u.held -= app.held;
                    u.available += app.held - cost;
                    const rows = (await t.current.get('/stock/success/ipo/list', { token: tokens[app.user]!, query: { limit: '100' } })).body.data.rows as any[];
                    const row = rows.find((x) => x.id === app.id);
                    expect(row).toMatchObject({ status: shares ? 2 : 3, allotted: shares, captured: cost, released: app.held - cost });
                    if (shares) u.lots.set(row.lot_no, { symbol: ipo.symbol, count: shares, cost });
                  }
                  expect(r.body.data).toMatchObject({ applications: ipo.apps.length, shares_allotted: [...plan.allotted.values()].reduce((s, n) => s + n, 0), captured });
                }
                break;
              }
              case 'sell': {
                const u = users[a.user]!;
                const lots = [...u.lots.entries()];
                if (!lots.length) break;
                const [no, lot] = lots[a.pick % lots.length]!;
                const p = await price(lot.symbol);
                const r = await pay(a.user, '/stock/success/deal/sell', { no, sell_price: p });
                expect(r.status).toBe(200);
                const amount = moneyOf(lot.count, p, 1);
                const fee = Math.min(feeOf(amount, rules), amount);
                expect(r.body.data).toMatchObject({ state: 'sell', mold: 'ipo', realized_pnl: amount - fee - lot.cost });
                u.available += amount - fee;
                u.lots.delete(no);
                const sales = (await t.current.get('/stock/success/ipo/list', { token: tokens[a.user]!, query: { tab: '1', limit: '100' } })).body.data.rows as any[];
                expect(sales.find((s) => s.no === no)).toMatchObject({ state: 'sell', status: 1, pnl: amount - fee - lot.cost });
                break;
              }
            }

            // Every user's money, held money and lots as the model has them; the books balanced.
            for (const [i, u] of users.entries()) {
              const info = (await t.current.get('/stock/success/v2/user/info', { token: tokens[i]! })).body.data;
              expect(info.money).toBe(u.available);
              let value = 0;
              for (const lot of u.lots.values()) value += moneyOf(lot.count, await price(lot.symbol), 1);
              expect(info.total).toBe(u.available + u.held + value);
              const positions = (await t.current.get('/stock/success/v2/transaction', { token: tokens[i]!, query: { limit: '50' } })).body.data;
              expect(new Set(positions.rows.map((o: { no: string }) => o.no))).toEqual(new Set(u.lots.keys()));
            }
            expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
          }
        }),
        { numRuns: 6, verbose: 1 },
      );
    },
    300_000,
  );
});

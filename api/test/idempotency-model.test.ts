import fc from 'fast-check';
import { runStatement } from '../src/db/statement';
import { verifyLedger } from '../src/ledger/verify';
import { userBooks } from './books';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

/**
 * Property: a few Idempotency-Keys reused at random across every money call (deposit, withdrawal, buy, sale, loan,
 * repayment), each with one of two payloads. The first request under a key binds it to its call and payload; the
 * same call and payload again answers as the first did, anything else is 409 idempotencyKeyReused and leaves the
 * user's books as they were. After every run: the books verify, and no key booked more than one record.
 */

const CALLS = ['recharge', 'withdraw', 'buy', 'sell', 'loan', 'repay'] as const;
type Call = (typeof CALLS)[number];
const PATHS: Record<Call, string> = {
  recharge: '/stock/success/v2/recharge/add',
  withdraw: '/stock/success/money/access',
  buy: '/stock/success/deal/buy',
  sell: '/stock/success/deal/sell',
  loan: '/stock/success/loans/add',
  repay: '/stock/success/loans/repay',
};
const KEYS = 3;
/** Keys (matching $1) behind more than one record: a deposit, withdrawal, loan, order or sale. */
const BOOKED_TWICE = `
select key from (
  select idempotency_key as key from recharges union all
  select idempotency_key from withdrawals union all
  select idempotency_key from loans union all
  select idempotency_key from trade_orders union all
  select sell_key from trade_orders where sell_key is not null
) k where key like $1::text group by key having count(*) > 1`;

const step = fc.record({ call: fc.constantFrom(...CALLS), variant: fc.nat(1), key: fc.nat(KEYS - 1) });

describe.each(backends)('idempotency keys reused across money calls on $name', (backend) => {
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' }, deps: { matcherIntervalMs: 0 } });
  let ops: string;
  let run = 0;

  beforeAll(async () => {
    const now = new Date();
    (t.current.built.app as unknown as { clock: () => Date }).clock = () => now;
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  it(
    'books each key at most once, refuses every other use of it, and keeps the books balanced',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 20 }), async (steps) => {
          const { phone, password } = await t.current.register();
          const token = await t.current.login(phone, password);
          await t.current.approveRealName(token);
          let setup = 0;
          const send = (call: Call, body: unknown, key: string) => t.current.post(PATHS[call], body, { token, headers: { 'idempotency-key': key } });
          const fresh = (call: Call, body: unknown) => send(call, body, `setup-${phone}-${++setup}`);

          const deposit = (await fresh('recharge', { count: 5_000_000 })).body.data.id;
          expect((await t.current.post(`/ops/recharges/${deposit}/complete`, {}, { token: ops })).status).toBe(200);
          const card = (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Model', ifsc: 'SBIN0001234' }, { token }))
            .body.data.id;
          const price = (await t.current.get('/v2/yahoo', { token, query: { symbol: 'TCS.NS' } })).body.data.price as number;
          const lots = [(await fresh('buy', { tag: 'TCS.NS', count: 1, price })).body.data.no, (await fresh('buy', { tag: 'TCS.NS', count: 1, price })).body.data.no];
          const loans: number[] = [];
          for (const count of [60_000, 70_000]) {
            const id = (await fresh('loan', { count })).body.data.id;
            expect((await t.current.post(`/ops/loans/${id}/approve`, {}, { token: ops })).status).toBe(200);
            loans.push(id);
          }
          const payload = (call: Call, v: number): unknown =>
            ({
              recharge: { count: 600_000 + v * 100_000 },
              withdraw: { bank_id: card, count: 20_000 + v * 10_000 },
              buy: { tag: 'TCS.NS', count: 1 + v, price },
              sell: { no: lots[v], sell_price: price },
              loan: { count: 60_000 + v * 10_000 },
              repay: { id: loans[v] },
            })[call];

          const prefix = `model-${++run}-${phone}`;
          const keys = Array.from({ length: KEYS }, (_, i) => `${prefix}-${i}`);
          const bound = new Map<string, { call: Call; variant: number; first: { status: number; data: unknown } }>();
          for (const s of steps) {
            const key = keys[s.key]!;
            const before = await userBooks(t.current, token);
            const r = await send(s.call, payload(s.call, s.variant), key);
            expect(r.status).toBeLessThan(500);
            const first = bound.get(key);
            if (!first) {
              expect(r.body.data).not.toBe('idempotencyKeyReused');
              bound.set(key, { call: s.call, variant: s.variant, first: { status: r.status, data: r.body.data } });
            } else if (first.call !== s.call || first.variant !== s.variant) {
              expect([r.status, r.body.data]).toEqual([409, 'idempotencyKeyReused']);
              expect(await userBooks(t.current, token)).toEqual(before);
            } else {
              expect(r.body.data).not.toBe('idempotencyKeyReused');
              // A request that went through answers its replay with the same record.
              if (first.first.status === 200 && s.call !== 'repay') expect((r.body.data as { id: number }).id).toBe((first.first.data as { id: number }).id);
            }
          }

          // The books: balanced, and no key behind more than one record (order, sale, deposit, withdrawal, loan).
          expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
          const reused = await runStatement(t.current.database.db, 'test_keys_booked_twice', BOOKED_TWICE, [`%:${prefix}-%`]);
          expect(reused).toEqual([]);
          // A repayment keeps no key in its row: no more loans repaid (nor lots sold) than keys bound to that call.
          const books = await userBooks(t.current, token);
          const sold = books.orders.filter(([, state]: [string, string]) => state === 'sell').length;
          const repaid = books.loans.filter(([, state]: [number, number]) => state === 5).length;
          const keysOf = (call: Call) => [...bound.values()].filter((b) => b.call === call).length;
          expect(sold).toBeLessThanOrEqual(keysOf('sell'));
          expect(repaid).toBeLessThanOrEqual(keysOf('repay'));
        }),
        { numRuns: 20, verbose: 1 },
      );
    },
    240_000,
  );
});

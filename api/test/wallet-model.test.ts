import fc from 'fast-check';
import { fundProfit } from '@invest/shared/contract';
import { verifyLedger } from '../src/ledger/verify';
import { backends, HOOK_TIMEOUT, useApp, type Reply } from './harness';

/**
 * Model-based test of the wallet: random interleavings of deposits, operator decisions, withdrawals, loans,
 * repayments, replayed requests and server restarts, run against the API and against a plain in-memory model.
 * After every step the user's money must equal the model's and the books must verify. fast-check prints the seed
 * and the failing sequence, shrunk, when they disagree.
 */

interface Model {
  balance: number;
  recharges: Map<number, { amount: number; state: 'pending' | 'done' | 'failed' }>;
  withdrawals: Map<number, { amount: number; state: 'pending' | 'done' | 'failed' }>;
  loans: Map<number, { amount: number; state: 'applying' | 'unpaid' | 'rejected' | 'paid' }>;
  /** The run's open fund project (a new one after each settlement or cancel) and every fund order bought. */
  fund: { id: number; amount: number; issue: number; sold: number };
  fundOrders: Map<number, { amount: number; fund: number; state: 'active' | 'completed' | 'cancelled' }>;
  /** The last money request sent, to replay under the same key. */
  last: { path: string; body: unknown; key: string; reply: Reply<{ id: number }> } | null;
}

const CREDIT_LIMIT = 5_000_000;

type Action =
  | { kind: 'deposit'; amount: number }
  | { kind: 'decideRecharge'; pick: number; complete: boolean }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'decideWithdrawal'; pick: number; complete: boolean }
  | { kind: 'borrow'; amount: number }
  | { kind: 'decideLoan'; pick: number; approve: boolean }
  | { kind: 'repay'; pick: number }
  | { kind: 'fundBuy' }
  | { kind: 'fundCancel'; pick: number }
  | { kind: 'fundSettle'; ratePick: number }
  | { kind: 'fundProjectCancel' }
  | { kind: 'replay' }
  | { kind: 'restart' };

const amount = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * 100);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: amount(4_500, 20_000) }),
  fc.record({ kind: fc.constant('decideRecharge' as const), pick: fc.nat(), complete: fc.boolean() }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: amount(5, 15_000) }),
  fc.record({ kind: fc.constant('decideWithdrawal' as const), pick: fc.nat(), complete: fc.boolean() }),
  fc.record({ kind: fc.constant('borrow' as const), amount: amount(400, 30_000) }),
  fc.record({ kind: fc.constant('decideLoan' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('repay' as const), pick: fc.nat() }),
  // Purchases need a completed deposit first: weighted up, so runs reach cancels and settlements with orders to pay.
  { arbitrary: fc.constant({ kind: 'fundBuy' as const }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('fundCancel' as const), pick: fc.nat() }), weight: 2 },
  fc.record({ kind: fc.constant('fundSettle' as const), ratePick: fc.nat({ max: 400 }) }),
  fc.constant({ kind: 'fundProjectCancel' as const }),
  fc.constant({ kind: 'replay' as const }),
  fc.constant({ kind: 'restart' as const }),
);

/** The model's fund projects: 1,000.00 a purchase, 4 purchases issued, a 1-day term, 1–5 % for the term. */
const FUND = { amount: 100_000, issue: 400_000, minBps: 100, maxBps: 500 };
const DAY_MS = 86_400_000;

/** Mostly an open record (so decisions happen), sometimes any record (so decisions on settled ones are tried too). */
const pickFrom = <V extends { state: string }>(map: Map<number, V>, pick: number, open: string): [number, V] | undefined => {
  const all = [...map.entries()];
  const pending = all.filter(([, v]) => v.state === open);
  const from = pick % 4 && pending.length ? pending : all;
  return from.length ? from[pick % from.length] : undefined;
};

describe.each(backends)('wallet against its model on $name', (backend) => {
  const t = useApp(backend);
  let ops: string;
  let cardSeq = 0;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  it(
    'agrees with the model and keeps the books balanced after every step',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 40 }), async (actions) => {
          const { phone, password } = await t.current.register();
          let token = await t.current.login(phone, password);
          await t.current.approveRealName(token);
          const card = await t.current.post(
            '/stock/success/bank/add',
            { bank: 'SBI', bank_card: String(100_000_000_000 + ++cardSeq), bank_user: 'Model', ifsc: 'SBIN0001234' },
            { token },
          );
          const cardId = card.body.data.id as number;
          const newFund = async () => {
            const body = { name: `Model ${phone}`, min_return: FUND.minBps / 100, max_return: FUND.maxBps / 100, investment_period: 1, amount: FUND.amount, issue_amount: FUND.issue };
            const r = await t.current.post('/ops/funds', body, { token: ops });
            expect(r.status).toBe(200);
            return { id: r.body.data.id as number, amount: FUND.amount, issue: FUND.issue, sold: 0 };
          };
          const m: Model = { balance: 0, recharges: new Map(), withdrawals: new Map(), loans: new Map(), fund: await newFund(), fundOrders: new Map(), last: null };
          let keySeq = 0;

          const money = async (path: string, body: unknown) => {
            const key = `model-${phone}-${++keySeq}`;
            const reply = await t.current.post(path, body, { token, headers: { 'idempotency-key': key } });
            m.last = { path, body, key, reply };
            return reply;
          };
          const opsCall = (path: string, body: unknown = {}) => t.current.post(path, body, { token: ops });
          const outstanding = () => [...m.loans.values()].filter((l) => l.state === 'applying' || l.state === 'unpaid').reduce((s, l) => s + l.amount, 0);

          for (const a of actions) {
            switch (a.kind) {
              case 'deposit': {
                const r = await money('/stock/success/v2/recharge/add', { count: a.amount });
                if (a.amount < 500_000) expect(r.status).toBe(422);
                else {
                  expect(r.status).toBe(200);
                  m.recharges.set(r.body.data.id, { amount: a.amount, state: 'pending' });
                }
                break;
              }
              case 'decideRecharge': {
                const found = pickFrom(m.recharges, a.pick, 'pending');
                if (!found) break;
                const [id, rec] = found;
                const r = a.complete ? await opsCall(`/ops/recharges/${id}/complete`) : await opsCall(`/ops/recharges/${id}/fail`, { reason: 'model' });
                if (rec.state !== 'pending') expect(r.status).toBe(409);
                else {
                  expect(r.status).toBe(200);
                  rec.state = a.complete ? 'done' : 'failed';
                  if (a.complete) m.balance += rec.amount;
                }
                break;
              }
              case 'withdraw': {
                const r = await money('/stock/success/money/access', { bank_id: cardId, count: a.amount });
                if (a.amount < 10_000) expect(r.body.data).toBe('withdrawBelowMinimum');
                else if (a.amount > m.balance) expect(r.body.data).toBe('insufficientFunds');
                else {
                  expect(r.status).toBe(200);
                  m.balance -= a.amount;
                  m.withdrawals.set(r.body.data.id, { amount: a.amount, state: 'pending' });
                }
                break;
              }
              case 'decideWithdrawal': {
                const found = pickFrom(m.withdrawals, a.pick, 'pending');
                if (!found) break;
                const [id, w] = found;
                const r = a.complete ? await opsCall(`/ops/withdrawals/${id}/complete`) : await opsCall(`/ops/withdrawals/${id}/fail`, { reason: 'model' });
                if (w.state !== 'pending') expect(r.status).toBe(409);
                else {
                  expect(r.status).toBe(200);
                  w.state = a.complete ? 'done' : 'failed';
                  if (!a.complete) m.balance += w.amount;
                }
                break;
              }
              case 'borrow': {
                const r = await money('/stock/success/loans/add', { count: a.amount });
                if (a.amount < 50_000) expect(r.body.data).toBe('loanAmountTooLow');
                else if (a.amount > CREDIT_LIMIT - outstanding()) expect(r.body.data).toBe('loanExceedsLimit');
                else {
                  expect(r.status).toBe(200);
                  m.loans.set(r.body.data.id, { amount: a.amount, state: 'applying' });
                }
                break;
              }
              case 'decideLoan': {
                const found = pickFrom(m.loans, a.pick, 'applying');
                if (!found) break;
                const [id, loan] = found;
                const r = a.approve ? await opsCall(`/ops/loans/${id}/approve`) : await opsCall(`/ops/loans/${id}/reject`, { reason: 'model' });
                if (loan.state !== 'applying') expect(r.status).toBe(409);
                else {
                  expect(r.status).toBe(200);
                  loan.state = a.approve ? 'unpaid' : 'rejected';
                  if (a.approve) m.balance += loan.amount;
                }
                break;
              }
              case 'repay': {
                const found = pickFrom(m.loans, a.pick, 'unpaid');
                if (!found) break;
                const [id, loan] = found;
                const r = await money('/stock/success/loans/repay', { id });
                if (loan.state === 'paid') expect(r.status).toBe(200);
                else if (loan.state !== 'unpaid') expect(r.status).toBe(409);
                else if (loan.amount > m.balance) expect(r.body.data).toBe('insufficientFunds');
                else {
                  expect(r.status).toBe(200);
                  loan.state = 'paid';
                  m.balance -= loan.amount;
                }
                break;
              }
              case 'fundBuy': {
                const r = await money('/stock/success/fund/purchase', { project_id: m.fund.id });
                if (m.fund.sold + m.fund.amount > m.fund.issue) expect(r.body.data).toBe('fundSoldOut');
                else if (m.fund.amount > m.balance) expect(r.body.data).toBe('insufficientFunds');
                else {
                  expect(r.status).toBe(200);
                  m.balance -= m.fund.amount;
                  m.fund.sold += m.fund.amount;
                  m.fundOrders.set(r.body.data.id, { amount: m.fund.amount, fund: m.fund.id, state: 'active' });
                }
                break;
              }
              case 'fundCancel': {
                const found = pickFrom(m.fundOrders, a.pick, 'active');
                if (!found) break;
                const [id, order] = found;
                const r = await money('/stock/success/fund/cancel', { id });
                if (order.state !== 'active') expect(r.body.data).toBe('fundOrderNotActive');
                else {
                  expect(r.status).toBe(200);
                  order.state = 'cancelled';
                  m.balance += order.amount;
                  m.fund.sold -= order.amount;
                }
                break;
              }
              case 'fundSettle':
              case 'fundProjectCancel': {
                // The term ends (the clock moves a day), then the operator settles or cancels; a new project opens.
                if (a.kind === 'fundSettle') t.current.advance(DAY_MS);
                ops = await t.current.operatorToken();
                token = await t.current.login(phone, password);
                const bps = a.kind === 'fundSettle' ? FUND.minBps + (a.ratePick % (FUND.maxBps - FUND.minBps + 1)) : 0;
                const r =
                  a.kind === 'fundSettle'
                    ? await opsCall(`/ops/funds/${m.fund.id}/settle`, { return_rate: bps / 100 })
                    : await opsCall(`/ops/funds/${m.fund.id}/cancel`, { reason: 'model' });
                expect(r.status).toBe(200);
                for (const o of m.fundOrders.values()) {
                  if (o.fund !== m.fund.id || o.state !== 'active') continue;
                  o.state = a.kind === 'fundSettle' ? 'completed' : 'cancelled';
                  m.balance += o.amount + (a.kind === 'fundSettle' ? fundProfit(o.amount, bps) : 0);
                }
                m.fund = await newFund();
                break;
              }
              case 'replay': {
                // A client retrying after a lost answer: the same key gets the first answer and moves no money.
                if (!m.last || m.last.reply.status !== 200) break;
                const again = await t.current.post(m.last.path, m.last.body, { token, headers: { 'idempotency-key': m.last.key } });
                expect(again.status).toBe(200);
                expect(again.body.data.id).toBe(m.last.reply.body.data.id);
                break;
              }
              case 'restart':
                await t.current.restart();
                token = await t.current.login(phone, password);
                break;
            }
            const info = (await t.current.get('/stock/success/v2/user/info', { token })).body.data;
            expect(info.money).toBe(m.balance);
            expect(info.loan).toBe([...m.loans.values()].filter((l) => l.state === 'unpaid').reduce((s, l) => s + l.amount, 0));
            expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
          }
        }),
        { numRuns: 20, verbose: 1 },
      );
    },
    180_000,
  );
});

import fc from 'fast-check';
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
  fc.constant({ kind: 'replay' as const }),
  fc.constant({ kind: 'restart' as const }),
);

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
          const m: Model = { balance: 0, recharges: new Map(), withdrawals: new Map(), loans: new Map(), last: null };
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

import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { auditLog, ledgerTransfers, settings } from '../src/db/schema';
import { inLedgerTransaction, transfer } from '../src/ledger/transfer';
import { settingsChanged } from '../src/wallet/settings';
import { verifyLedger } from '../src/ledger/verify';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

// Amounts are minor units: 500000 is ₹5,000.00.
const RECHARGE = '/stock/success/v2/recharge/add';
const WITHDRAW = '/stock/success/money/access';

interface User {
  token: string;
  phone: string;
}

describe.each(backends)('wallet on $name', (backend) => {
  const t = useApp(backend);
  let ops: string;
  const db = () => t.current.database.db;

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(): Promise<User> {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    // Withdrawals and loans need an approved real name (api/test/kyc.test.ts tests that rule).
    await t.current.approveRealName(token);
    return { token, phone };
  }
  /** A money call with a fresh Idempotency-Key (or the given one). */
  const pay = (u: User, path: string, body: unknown, key: string = randomUUID()) =>
    t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  const opsPost = (path: string, body?: unknown) => t.current.post(path, body ?? {}, { token: ops });
  const info = async (u: User) => (await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data;
  const bills = async (u: User) => (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows;

  /** Deposits `amount` and has an operator complete it. */
  async function fund(u: User, amount: number) {
    const r = await pay(u, RECHARGE, { count: amount });
    expect(r.status).toBe(200);
    expect((await opsPost(`/ops/recharges/${r.body.data.id}/complete`)).status).toBe(200);
  }
  async function card(u: User) {
    const r = await t.current.post('/stock/success/bank/add', { bank: 'State Bank of India', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'sbin0001234' }, { token: u.token });
    expect(r.status).toBe(200);
    return r.body.data.id as number;
  }

  describe('recharge', () => {
    it('describes the enabled methods, and takes the spec payload (count only) as a bank transfer in progress', async () => {
      const u = await user();
      const methods = (await t.current.get('/stock/success/v2/recharge/methods', { token: u.token })).body.data;
      expect(methods.map((m: any) => [m.method, m.enabled])).toEqual([
        ['bank', true],
        ['usdt', true],
      ]);
      expect(methods[0].details).toMatchObject({ ifsc: 'DEMO0000000' });
      expect(methods[1].details).toMatchObject({ network: 'TRC-20' });

      const r = await pay(u, RECHARGE, { count: 500_000 });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ count: 500_000, status: 1, method: 'bank', payment_ref: null, fail_reason: null });
      expect(r.body.data.reference).toMatch(/^R[0-9A-Z]{9}$/);
      const usdt = await pay(u, RECHARGE, { count: 600_000, method: 'usdt', payment_ref: 'a1b2c3' });
      expect(usdt.body.data).toMatchObject({ method: 'usdt', payment_ref: 'a1b2c3' });
      const records = (await t.current.get('/stock/success/property/list', { token: u.token })).body.data;
      expect(records.rows.map((x: any) => x.count)).toEqual([600_000, 500_000]);
      // Nothing is credited until an operator completes it.
      expect(await info(u)).toMatchObject({ money: 0, total: 0 });
    });

    it('refuses bad amounts, unknown methods and a missing Idempotency-Key, and writes nothing', async () => {
      const u = await user();
      for (const [body, status, key] of [
        [{ count: 499_999 }, 422, 'rechargeAmountTooLow'],
        [{ count: 0 }, 400, 'invalidAmount'],
        [{ count: 5000.5 }, 400, 'invalidAmount'],
        [{ count: 'lots' }, 400, 'invalidAmount'],
        [{ count: 500_000, method: 'cash' }, 400, 'rechargeMethodRequired'],
        [{ count: 500_000, balance: 1 }, 400, 'unknownField'],
      ] as const) {
        expect(await pay(u, RECHARGE, body)).toMatchObject({ status, body: { msg: 'no', data: key } });
      }
      expect(await t.current.post(RECHARGE, { count: 500_000 }, { token: u.token })).toMatchObject({ status: 400, body: { data: 'idempotencyKeyRequired' } });
      expect((await t.current.get('/stock/success/property/list', { token: u.token })).body.data.count).toBe(0);
    });

    it('books a double tap once: the same key answers with the first request; another payload under it is 409', async () => {
      const u = await user();
      const key = randomUUID();
      const [a, b] = await Promise.all([pay(u, RECHARGE, { count: 700_000 }, key), pay(u, RECHARGE, { count: 700_000 }, key)]);
      expect(a.body.data.id).toBe(b.body.data.id);
      expect(await pay(u, RECHARGE, { count: 800_000 }, key)).toMatchObject({ status: 409, body: { data: 'idempotencyKeyReused' } });
      // Keys are per user: another user's identical key is their own request.
      const other = await user();
      const theirs = await pay(other, RECHARGE, { count: 700_000 }, key);
      expect(theirs.body.data.id).not.toBe(a.body.data.id);
      expect((await t.current.get('/stock/success/property/list', { token: u.token })).body.data.count).toBe(1);
    });

    it('an operator completes it once (a recharge bill credits the wallet) or fails it with a reason', async () => {
      const u = await user();
      const r = (await pay(u, RECHARGE, { count: 500_000 })).body.data;
      const listed = (await t.current.get('/ops/recharges', { token: ops, query: { status: '1' } })).body.data.rows;
      expect(listed.find((x: any) => x.id === r.id)).toMatchObject({ user: u.phone, count: 500_000 });

      expect(await opsPost(`/ops/recharges/${r.id}/complete`)).toMatchObject({ status: 200, body: { data: { status: 2, user: u.phone } } });
      expect(await opsPost(`/ops/recharges/${r.id}/complete`)).toMatchObject({ status: 409, body: { data: 'alreadySettled' } });
      expect(await opsPost(`/ops/recharges/${r.id}/fail`, { reason: 'late' })).toMatchObject({ status: 409 });
      expect(await info(u)).toMatchObject({ money: 500_000, total: 500_000 });
      expect((await bills(u)).map((b: any) => [b.reason, b.type, b.amount, b.balance])).toEqual([['recharge', 'income', 500_000, 500_000]]);

      const second = (await pay(u, RECHARGE, { count: 550_000 })).body.data;
      expect(await opsPost(`/ops/recharges/${second.id}/fail`, {})).toMatchObject({ status: 400, body: { data: 'requiredFields' } });
      expect(await opsPost(`/ops/recharges/${second.id}/fail`, { reason: 'No payment received' })).toMatchObject({ status: 200 });
      const mine = (await t.current.get('/stock/success/property/list', { token: u.token })).body.data.rows[0];
      expect(mine).toMatchObject({ id: second.id, status: 3, fail_reason: 'No payment received' });
      expect((await info(u)).money).toBe(500_000);

      const [entry] = await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: 'recharge.fail', target: `recharge ${second.id}`, detail: { reason: 'No payment received' } });
      expect(await opsPost('/ops/recharges/999999/complete')).toMatchObject({ status: 404, body: { data: 'notFound' } });
      expect(await opsPost('/ops/recharges/99999999999/complete')).toMatchObject({ status: 404 });
      expect(await t.current.post(`/ops/recharges/${second.id}/complete`, {}, { token: u.token })).toMatchObject({ status: 403 });
    });

    it('hides a method an operator has not set up', async () => {
      await db().update(settings).set({ value: '0' }).where(eq(settings.tag, 'recharge_usdt_enabled'));
      settingsChanged(db());
      const u = await user();
      expect(await pay(u, RECHARGE, { count: 500_000, method: 'usdt' })).toMatchObject({ status: 422, body: { data: 'rechargeMethodDisabled' } });
      await db().update(settings).set({ value: '1' }).where(eq(settings.tag, 'recharge_usdt_enabled'));
      settingsChanged(db());
    });
  });

  describe('withdraw', () => {
    it('debits the wallet at once (withdraw bill), and an operator completes it or fails it with a refund', async () => {
      const u = await user();
      await fund(u, 1_000_000);
      const cardId = await card(u);
      const w = await pay(u, WITHDRAW, { bank_id: cardId, count: 300_000 });
      expect(w).toMatchObject({ status: 200, body: { data: { status: 'n', count: 300_000, bank: 'State Bank of India', bank_card: '**** 9012' } } });
      expect(await info(u)).toMatchObject({ money: 700_000 });
      expect((await bills(u))[0]).toMatchObject({ reason: 'withdraw', type: 'expense', amount: 300_000, balance: 700_000 });

      expect(await opsPost(`/ops/withdrawals/${w.body.data.id}/complete`)).toMatchObject({ status: 200, body: { data: { status: 'y' } } });
      expect(await opsPost(`/ops/withdrawals/${w.body.data.id}/fail`, { reason: 'x' })).toMatchObject({ status: 409 });
      expect((await info(u)).money).toBe(700_000);

      const w2 = await pay(u, WITHDRAW, { bank_id: cardId, count: 200_000 });
      expect(await opsPost(`/ops/withdrawals/${w2.body.data.id}/fail`, { reason: 'Account closed' })).toMatchObject({ status: 200, body: { data: { status: 'b' } } });
      expect(await opsPost(`/ops/withdrawals/${w2.body.data.id}/complete`)).toMatchObject({ status: 409, body: { data: 'alreadySettled' } });
      expect((await info(u)).money).toBe(700_000);
      expect((await bills(u)).slice(0, 2).map((b: any) => [b.reason, b.amount, b.balance])).toEqual([
        ['withdrawRefund', 200_000, 700_000],
        ['withdraw', 200_000, 500_000],
      ]);
      const records = (await t.current.get('/stock/success/property/withdraw', { token: u.token })).body.data.rows;
      expect(records.map((r: any) => [r.status, r.fail_reason])).toEqual([
        ['b', 'Account closed'],
        ['y', null],
      ]);
    });

    it('refuses below the minimum, beyond the balance, without a card of ones own, and writes nothing', async () => {
      const u = await user();
      await fund(u, 500_000);
      const cardId = await card(u);
      const stranger = await user();
      const theirCard = await card(stranger);
      expect(await pay(u, WITHDRAW, { bank_id: cardId, count: 9_999 })).toMatchObject({ status: 422, body: { data: 'withdrawBelowMinimum' } });
      expect(await pay(u, WITHDRAW, { bank_id: cardId, count: 500_001 })).toMatchObject({ status: 422, body: { data: 'insufficientFunds' } });
      expect(await pay(u, WITHDRAW, { bank_id: theirCard, count: 10_000 })).toMatchObject({ status: 404, body: { data: 'bankCardRequired' } });
      expect(await pay(u, WITHDRAW, { count: 10_000 })).toMatchObject({ status: 400, body: { data: 'bankCardRequired' } });
      // The configured minimum (min_withdraw_count) counts when it is above the spec's 10.
      await db().update(settings).set({ value: '250' }).where(eq(settings.tag, 'min_withdraw_count'));
      settingsChanged(db());
      expect(await pay(u, WITHDRAW, { bank_id: cardId, count: 24_999 })).toMatchObject({ status: 422, body: { data: 'withdrawBelowMinimum' } });
      await db().update(settings).set({ value: '100' }).where(eq(settings.tag, 'min_withdraw_count'));
      settingsChanged(db());
      expect((await t.current.get('/stock/success/property/withdraw', { token: u.token })).body.data.count).toBe(0);
      expect((await info(u)).money).toBe(500_000);
    });

    it('books a retried withdrawal once, even after the balance moved', async () => {
      const u = await user();
      await fund(u, 500_000);
      const cardId = await card(u);
      const key = randomUUID();
      const first = await pay(u, WITHDRAW, { bank_id: cardId, count: 400_000 }, key);
      const retry = await pay(u, WITHDRAW, { bank_id: cardId, count: 400_000 }, key);
      expect(retry).toMatchObject({ status: 200, body: { data: { id: first.body.data.id } } });
      expect((await info(u)).money).toBe(100_000);
    });

    it('names its transfer after the request, with the fingerprint of that transfer: the ledger replays it like any other', async () => {
      const u = await user();
      await fund(u, 500_000);
      const w = await pay(u, WITHDRAW, { bank_id: await card(u), count: 100_000 });
      const id = w.body.data.id as number;
      const [row] = await db().select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `withdraw:${id}`));
      expect(row).toMatchObject({ reason: 'withdraw', amount: 100_000, ref: `withdrawal ${id}` });
      const again = { key: row!.idempotencyKey, reason: 'withdraw' as const, currency: row!.currency, amount: row!.amount, from: row!.debitAccountId, to: row!.creditAccountId, ref: row!.ref };
      expect(await inLedgerTransaction(db(), (tx) => transfer(tx, again))).toMatchObject({ id: row!.id, replayed: true });
      expect((await info(u)).money).toBe(400_000);
    });
  });

  describe('bank cards', () => {
    it('adds, lists masked and edits INR cards; rejects bad IFSC and account numbers; keeps cards to their owner', async () => {
      const u = await user();
      const id = await card(u);
      const list = (await t.current.get('/stock/success/bank/list', { token: u.token, query: { type: 'bank' } })).body.data;
      expect(list).toEqual([expect.objectContaining({ id, ifsc: 'SBIN0001234', bank_card: '**** 9012', type: 'bank', status: 1, bank_user: 'Asha Rao' })]);
      const good = { bank: 'HDFC', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'HDFC0000001' };
      for (const [patch, key] of [
        [{ ifsc: 'SBIN1001234' }, 'invalidIfsc'],
        [{ ifsc: '' }, 'requiredFields'],
        [{ bank_card: '12345678' }, 'invalidAccountNumber'],
        [{ bank_user: '  ' }, 'requiredFields'],
      ] as const) {
        const body: Record<string, string> = { ...good, ...patch };
        expect(await t.current.post('/stock/success/bank/add', body, { token: u.token })).toMatchObject({ status: 400, body: { data: key } });
      }
      const edited = await t.current.post('/stock/success/bank/edit', { id, type: 'bank', bank: 'HDFC Bank', branch_bank: 'Pune', bank_card: '999988887777', ifsc: 'HDFC0000001', bank_user: 'Asha Rao' }, { token: u.token });
      expect(edited.body.data).toMatchObject({ bank: 'HDFC Bank', branch_bank: 'Pune', bank_card: '**** 7777' });

      const other = await user();
      expect((await t.current.get('/stock/success/bank/list', { token: other.token })).body.data).toEqual([]);
      const steal = await t.current.post('/stock/success/bank/edit', { id, bank: 'X', bank_card: '123456789012', ifsc: 'HDFC0000001', bank_user: 'Mallory' }, { token: other.token });
      expect(steal).toMatchObject({ status: 404, body: { data: 'notFound' } });
    });
  });

  describe('loans', () => {
    it('applies, is approved (borrow bill), repays with interest (repay + interest bills) and shows in user info', async () => {
      await db().update(settings).set({ value: '150' }).where(eq(settings.tag, 'loan_interest_bps'));
      settingsChanged(db());
      const u = await user();
      expect((await t.current.get('/stock/success/loans/data', { token: u.token })).body.data).toEqual({
        amountDue: 0,
        creditScore: 100,
        remainingAmount: 5_000_000,
        interestBps: 150,
        termDays: 30,
      });
      expect(await pay(u, '/stock/success/loans/add', { count: 49_999 })).toMatchObject({ status: 422, body: { data: 'loanAmountTooLow' } });
      expect(await pay(u, '/stock/success/loans/add', { count: 5_000_001 })).toMatchObject({ status: 422, body: { data: 'loanExceedsLimit' } });
      const loan = (await pay(u, '/stock/success/loans/add', { count: 1_000_000 })).body.data;
      expect(loan).toMatchObject({ state: 1, count: 1_000_000, repayment_time: null });
      expect((await t.current.get('/stock/success/loans/data', { token: u.token })).body.data.remainingAmount).toBe(4_000_000);

      expect(await opsPost(`/ops/loans/${loan.id}/approve`)).toMatchObject({ status: 200, body: { data: { state: 4, interest: 15_000, user: u.phone } } });
      expect(await opsPost(`/ops/loans/${loan.id}/reject`, { reason: 'x' })).toMatchObject({ status: 409 });
      expect(await info(u)).toMatchObject({ money: 1_000_000, loan: 1_000_000, total: 0 });
      expect((await t.current.get('/stock/success/loans/data', { token: u.token })).body.data.amountDue).toBe(1_015_000);

      // Without the interest in the wallet, repaying changes nothing.
      expect(await pay(u, '/stock/success/loans/repay', { id: loan.id })).toMatchObject({ status: 422, body: { data: 'insufficientFunds' } });
      await fund(u, 500_000);
      expect(await pay(u, '/stock/success/loans/repay', { id: loan.id })).toMatchObject({ status: 200, body: { data: { state: 5 } } });
      expect(await pay(u, '/stock/success/loans/repay', { id: loan.id })).toMatchObject({ status: 200, body: { data: { state: 5 } } });
      expect(await info(u)).toMatchObject({ money: 485_000, loan: 0, total: 485_000 });
      expect((await bills(u)).map((b: any) => [b.reason, b.amount])).toEqual([
        ['interest', 15_000],
        ['repay', 1_000_000],
        ['recharge', 500_000],
        ['borrow', 1_000_000],
      ]);
      const records = (await t.current.get('/stock/success/loans/list', { token: u.token })).body.data.rows;
      expect(records[0]).toMatchObject({ id: loan.id, state: 5 });
      expect(records[0].repayment_time).not.toBeNull();
      await db().update(settings).set({ value: '0' }).where(eq(settings.tag, 'loan_interest_bps'));
      settingsChanged(db());
    });

    it('rejects with a reason, and keeps loans to their owner', async () => {
      const u = await user();
      const loan = (await pay(u, '/stock/success/loans/add', { count: 60_000 })).body.data;
      expect(await opsPost(`/ops/loans/${loan.id}/reject`, { reason: 'Credit check' })).toMatchObject({ status: 200, body: { data: { state: 3, reject_reason: 'Credit check' } } });
      expect(await opsPost(`/ops/loans/${loan.id}/approve`)).toMatchObject({ status: 409 });
      const other = await user();
      expect(await pay(other, '/stock/success/loans/repay', { id: loan.id })).toMatchObject({ status: 404, body: { data: 'notFound' } });
      expect((await t.current.get('/stock/success/loans/list', { token: other.token })).body.data).toEqual({ rows: [], count: 0 });
    });
  });
});


import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../src/ledger/verify';
import { HOOK_TIMEOUT, postgresBackend, useApp } from './harness';

// Only PostgreSQL runs requests at once (PGlite is one connection): these suites need TEST_DATABASE_URL.
const onPostgres = postgresBackend ? describe : describe.skip;

onPostgres('IPOs under concurrency on postgres', () => {
  const t = useApp(postgresBackend!, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const db = () => t.current.database.db;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user() {
    const { phone, password } = await t.current.register();
    return { token: await t.current.login(phone, password) };
  }
  const pay = (token: string, path: string, body: unknown) => t.current.post(path, body, { token, headers: { 'idempotency-key': randomUUID() } });
  const fund = (token: string, amount: number) => t.current.deposit(token, amount);
  async function issue(symbol: string, price: number) {
    const r = await t.current.post(
      '/ops/ipos',
      { series: 'EQ', symbol, issue_price: price, min: 100, max: 500, issue_start_date: today, issue_end_date: today, status: 'Forthcoming' },
      { token: ops },
    );
    expect(r.status).toBe(200);
    return r.body.data.id as number;
  }
  const wallet = async (token: string) => (await t.current.get('/stock/success/v2/user/info', { token })).body.data as { money: number; total: number };

  it(
    '50 applications at once by one user never hold more than the wallet has, and at most one per issue',
    async () => {
      // 25 issues of 100 shares at 50 (500,000 paise each); the wallet covers 7 of them.
      const symbols = ['IDEA.BO', 'YESBANK.BO', 'SUZLON.BO', 'IOC.BO', 'GAIL.BO', 'NHPC.BO', 'SAIL.BO', 'ZEEL.BO', 'TATAPOWER.BO', 'PNB.NS', 'CANBK.NS', 'IDFCFIRSTB.NS', 'BANKBARODA.NS'];
      const more = ['FEDERALBNK.NS', 'WIPRO.NS', 'ONGC.NS', 'NTPC.NS', 'POWERGRID.NS', 'TATASTEEL.NS', 'ITC.NS', 'COALINDIA.NS', 'BPCL.NS', 'VEDL.NS', 'BEL.NS', 'DLF.NS'];
      const ids: number[] = [];
      for (const s of [...symbols, ...more]) ids.push(await issue(s, 50));
      expect(ids).toHaveLength(25);
      const u = await user();
      await fund(u.token, 7 * 500_000 + 123_456);

      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => pay(u.token, '/stock/success/ipo/buy', { id: ids[i % 25], count: 100 })));
      const statuses = results.map((r) => r.status);
      expect(statuses.every((s) => s === 200 || s === 409 || s === 422)).toBe(true);
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(7);
      expect(new Set(ok.map((r) => r.body.data.ipo_id)).size).toBe(7);
      expect(results.filter((r) => r.status === 422).every((r) => r.body.data === 'insufficientFunds')).toBe(true);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.data === 'ipoAlreadyApplied')).toBe(true);

      const { rows } = (await db().execute(
        sql`select balance, held from accounts where id = (select account_id from ledger_holds where ref = ${ok[0]!.body.data.no})`,
      )) as unknown as { rows: { balance: string; held: string }[] };
      expect(Number(rows[0]!.held)).toBe(7 * 500_000);
      expect(Number(rows[0]!.held)).toBeLessThanOrEqual(Number(rows[0]!.balance));
      expect((await wallet(u.token)).money).toBe(123_456);
      const per = (await db().execute(sql`select ipo_id, count(*)::int as n from ipo_applications group by ipo_id, user_id having count(*) > 1`)) as unknown as { rows: unknown[] };
      expect(per.rows).toEqual([]);
      for (const id of ids) expect((await t.current.post(`/ops/ipos/${id}/status`, { status: 'Cancelled' }, { token: ops })).status).toBe(200);
      expect((await wallet(u.token)).money).toBe(7 * 500_000 + 123_456);
    },
    120_000,
  );

  it(
    'allots exactly once when operators allot at once (and applications racing the allotment are either in it or refused)',
    async () => {
      const id = await issue('JSWSTEEL.NS', 10);
      const people = await Promise.all(Array.from({ length: 8 }, () => user()));
      for (const p of people) await fund(p.token, 500_000);
      const early = people.slice(0, 5);
      for (const p of early) expect((await pay(p.token, '/stock/success/ipo/buy', { id, count: 200 })).status).toBe(200);

      const late = people.slice(5).map((p) => pay(p.token, '/stock/success/ipo/buy', { id, count: 200 }));
      const allots = Array.from({ length: 10 }, () => t.current.post(`/ops/ipos/${id}/allot`, { shares: 500 }, { token: ops }));
      const cancel = t.current.post(`/ops/ipos/${id}/status`, { status: 'Cancelled' }, { token: ops });
      const [lateResults, allotResults, cancelResult] = await Promise.all([Promise.all(late), Promise.all(allots), cancel]);

      const won = allotResults.filter((r) => r.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      if (won.length === 1) {
        expect(cancelResult.body).toEqual({ msg: 'no', data: 'ipoStatusInvalid' });
        expect(allotResults.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.data === 'ipoAlreadyAllotted')).toBe(true);
      } else {
        // The cancel came first: every allotment is refused, and all held money is released.
        expect(cancelResult.status).toBe(200);
        expect(allotResults.every((r) => r.status === 409 && r.body.data === 'ipoNotAllottable')).toBe(true);
      }
      for (const r of lateResults) expect([200, 422]).toContain(r.status);
      for (const r of lateResults.filter((x) => x.status === 422)) expect(r.body.data).toBe('ipoNotOpen');

      // Each application settled once: at most one capture per hold, and the issue's books agree with the answers.
      const { rows } = (await db().execute(sql`select status, count(*)::int as n from ipo_applications where ipo_id = ${id} group by status order by status`)) as unknown as {
        rows: { status: number; n: number }[];
      };
      expect(rows.every((r) => r.status !== 1)).toBe(true);
      const captures = (await db().execute(
        sql`select count(*)::int as n from ledger_transfers t join ledger_holds h on h.id = t.hold_id join ipo_applications a on a.hold_id = h.id where a.ipo_id = ${id}`,
      )) as unknown as { rows: { n: number }[] };
      if (won.length === 1) {
        expect(captures.rows[0]!.n).toBe(won[0]!.body.data.winners);
        expect(won[0]!.body.data.shares_allotted).toBeLessThanOrEqual(500);
      } else {
        expect(captures.rows[0]!.n).toBe(0);
      }
      const audits = (await t.current.get('/ops/audit', { token: ops, query: { action: 'ipo.allot' } })).body.data.rows.filter((a: any) => a.target === `ipo ${id}`);
      expect(audits).toHaveLength(won.length);
    },
    120_000,
  );

  it(
    'of ten operators allotting an issue at once, exactly one allots it',
    async () => {
      const id = await issue('HINDALCO.NS', 20);
      const people = await Promise.all(Array.from({ length: 4 }, () => user()));
      for (const p of people) {
        await fund(p.token, 500_000);
        expect((await pay(p.token, '/stock/success/ipo/buy', { id, count: 100 })).status).toBe(200);
      }
      const results = await Promise.all(Array.from({ length: 10 }, () => t.current.post(`/ops/ipos/${id}/allot`, { shares: 400 }, { token: ops })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.data])).toEqual(Array(9).fill([409, 'ipoAlreadyAllotted']));
      for (const p of people) {
        const bills = (await t.current.get('/stock/success/v2/bill', { token: p.token })).body.data.rows as { reason: string; amount: number }[];
        expect(bills.filter((b) => b.reason === 'buyStock')).toEqual([expect.objectContaining({ amount: 100 * 2_000 })]);
      }
    },
    120_000,
  );
});

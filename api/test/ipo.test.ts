import { randomUUID } from 'node:crypto';
import { drawAllotment, drawOrder, seededIntegers } from '../src/products/ipo/draw';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { backends, HOOK_TIMEOUT, setClock, useApp } from './harness';
import { opsCli } from './ops-cli';

// Money is minor units (paise). Issues are of IN stocks (INR, the deployment's currency: rate 1), so an application
// of n shares at issue price p holds n * p * 100.
const LIST = '/client/ipo';
const BUY = '/stock/success/ipo/buy';
const ORDERS = '/stock/success/ipo/list';
const HOUR = 3_600_000;

interface User {
  token: string;
}

/** An instant in the NSE's next session (one hour after its open), so allotted lots can be sold. */
const nseOpen = () => new Date(getCalendar('NSE').nextOpen(Date.now()) + HOUR);

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('the allotment draw (pure)', () => {
  const apps = (counts: number[]) => counts.map((count, i) => ({ id: 10 + i, count }));

  it('gives everyone what they applied for when the applications fit, without a draw', () => {
    const plan = drawAllotment(apps([100, 300, 200]), 600, { min: 100, lot: 100 }, 'seed');
    expect(plan).toEqual({ oversubscribed: false, allotted: new Map([[10, 100], [11, 300], [12, 200]]), order: [] });
  });

  it('when oversubscribed gives one minimum lot to as many applicants as the shares allow, by the seed alone', () => {
    const many = apps(Array.from({ length: 40 }, (_, i) => 100 * (1 + (i % 5))));
    const a = drawAllotment(many, 1_250, { min: 100, lot: 100 }, 'a1b2');
    expect(a.oversubscribed).toBe(true);
    expect([...a.allotted.values()]).toEqual(Array(12).fill(100));
    // The winners are the first 12 of the drawn order, and the same seed draws the same order whatever the input order.
    expect([...a.allotted.keys()]).toEqual(a.order.slice(0, 12));
    const again = drawAllotment([...many].reverse(), 1_250, { min: 100, lot: 100 }, 'a1b2');
    expect([...again.allotted.entries()].sort()).toEqual([...a.allotted.entries()].sort());
    expect(drawAllotment(many, 1_250, { min: 100, lot: 100 }, 'another').order).not.toEqual(a.order);
    expect(new Set(a.order)).toEqual(new Set(many.map((x) => x.id)));
  });

  it('pins the algorithm: a known seed draws a known order (re-running from the audit log gives the same winners)', () => {
    expect(drawOrder([1, 2, 3, 4, 5, 6, 7, 8], 'pinned')).toEqual(drawOrder([8, 7, 6, 5, 4, 3, 2, 1], 'pinned'));
    const next = seededIntegers('pinned');
    const first = [next(1000), next(1000), next(1000)];
    const again = seededIntegers('pinned');
    expect([again(1000), again(1000), again(1000)]).toEqual(first);
    expect(first.every((n) => Number.isInteger(n) && n >= 0 && n < 1000)).toBe(true);
  });

  it('when every applicant gets a minimum lot, deals the rest a lot at a time round the drawn order', () => {
    const plan = drawAllotment(apps([500, 100, 300]), 700, { min: 100, lot: 100 }, 's');
    expect(plan.oversubscribed).toBe(true);
    const got = plan.allotted;
    expect(got.get(11)).toBe(100);
    expect([...got.values()].reduce((s, n) => s + n, 0)).toBe(700);
    for (const a of apps([500, 100, 300])) expect(got.get(a.id)!).toBeLessThanOrEqual(a.count);
  });

  it('never allots more than offered nor more than applied, and every winner has at least the minimum', () => {
    for (let seed = 0; seed < 200; seed++) {
      const next = seededIntegers(`case${seed}`);
      const n = 1 + next(30);
      const min = 100 * (1 + next(3));
      const list = Array.from({ length: n }, (_, i) => ({ id: i + 1, count: min + 100 * next(6) }));
      const shares = next(min * n * 2);
      const plan = drawAllotment(list, shares, { min, lot: 100 }, `s${seed}`);
      const total = [...plan.allotted.values()].reduce((s, x) => s + x, 0);
      expect(total).toBeLessThanOrEqual(Math.max(shares, 0));
      for (const a of list) {
        const got = plan.allotted.get(a.id) ?? 0;
        expect(got).toBeLessThanOrEqual(a.count);
        if (got) expect(got).toBeGreaterThanOrEqual(min);
      }
      if (plan.oversubscribed) expect(plan.allotted.size).toBe(Math.min(n, Math.floor(shares / min)));
    }
  });
});

describe.each(backends)('IPOs on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  let ops: string;
  const at = nseOpen();
  const db = () => t.current.database.db;

  beforeAll(async () => {
    setClock(t.current, at);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  afterEach(async () => {
    expect(await verifyLedger(db())).toEqual({ ok: true, breaches: [] });
  });

  async function user(): Promise<User> {
    const { phone, password } = await t.current.register();
    return { token: await t.current.login(phone, password) };
  }
  const pay = (u: User, path: string, body: unknown, key: string = randomUUID()) => t.current.post(path, body, { token: u.token, headers: { 'idempotency-key': key } });
  const fund = (u: User, amount: number) => t.current.deposit(u.token, amount);
  const info = async (u: User) => (await t.current.get('/stock/success/v2/user/info', { token: u.token })).body.data as { money: number; total: number };
  const bills = async (u: User) => (await t.current.get('/stock/success/v2/bill', { token: u.token })).body.data.rows as { reason: string; amount: number; type: string }[];
  const orders = async (u: User, tab = 0) => (await t.current.get(ORDERS, { token: u.token, query: { tab: String(tab) } })).body.data as { rows: any[]; count: number };
  const list = async (u: User) => (await t.current.get(LIST, { token: u.token })).body.data as any[];
  const opsIpo = async (id: number) => ((await t.current.get('/ops/ipos', { token: ops, query: { limit: '100' } })).body.data.rows as any[]).find((r) => r.id === id);
  const allot = (id: number, shares: number) => t.current.post(`/ops/ipos/${id}/allot`, { shares }, { token: ops });
  const status = (id: number, s: string) => t.current.post(`/ops/ipos/${id}/status`, { status: s }, { token: ops });

  const base = { series: 'EQ', issue_price: 10, min: 100, max: 500, lot: 100, issue_start_date: today(), issue_end_date: inDays(5), status: 'Forthcoming' };
  async function issue(symbol: string, over: Record<string, unknown> = {}) {
    const r = await t.current.post('/ops/ipos', { ...base, symbol, ...over }, { token: ops });
    expect(r.status).toBe(200);
    return r.body.data as { id: number; symbol: string; issue_price: number; status: string };
  }
  const apply = (u: User, ipo: { id: number }, count: number, extra: Record<string, unknown> = {}, key?: string) => pay(u, BUY, { id: ipo.id, count, ...extra }, key);

  describe('the list', () => {
    it('leads with what a user can apply to: open issues closing soonest first, then the upcoming opening soonest, then the closed', async () => {
      const u = await user();
      await issue('HDFCBANK.NS', { status: 'Closed', issue_start_date: inDays(-9), issue_end_date: inDays(-2) });
      await issue('ITC.NS', { status: 'Upcoming', issue_start_date: inDays(9), issue_end_date: inDays(12) });
      await issue('SBIN.NS', { status: 'Upcoming', issue_start_date: inDays(3), issue_end_date: inDays(6) });
      await issue('LT.NS', { issue_end_date: inDays(1) });
      const rows = (await list(u)) as { status: string; issue_start_date: string; issue_end_date: string }[];
      const rank = ['Forthcoming', 'Upcoming', 'Closed'];
      const key = (r: (typeof rows)[number]) => [rank.indexOf(r.status), r.status === 'Forthcoming' ? r.issue_end_date : r.status === 'Upcoming' ? r.issue_start_date : ''];
      const sorted = [...rows].sort((a, b) => {
        const [ra, da] = key(a);
        const [rb, db] = key(b);
        return ra !== rb ? Number(ra) - Number(rb) : String(da).localeCompare(String(db)) || (a.status === 'Closed' ? b.issue_end_date.localeCompare(a.issue_end_date) : 0);
      });
      expect(rows.map((r) => [r.status, r.issue_start_date, r.issue_end_date])).toEqual(sorted.map((r) => [r.status, r.issue_start_date, r.issue_end_date]));
      expect(new Set(rows.map((r) => r.status))).toEqual(new Set(rank));
    });

    it("shows the seeded issues to a new user: one Forthcoming to apply to, one TBA, one closed; spec fields and ours", async () => {
      const u = await user();
      const rows = await list(u);
      const by = (s: string) => rows.find((r) => r.symbol === s);
      expect(by('JIOFIN.NS')).toMatchObject({ status: 'Forthcoming', series: 'EQ', min: 100, max: 1000, lot: 100, can_apply: true, mine: null, currency: 'INR', market: 'IN' });
      expect(by('ETERNAL.NS')).toMatchObject({ status: 'Upcoming', min: 0, max: 0, can_apply: false });
      expect(by('IRFC.BO')).toMatchObject({ status: 'Closed', can_apply: false });
      expect(Object.keys(by('JIOFIN.NS'))).toEqual(
        expect.arrayContaining(['id', 'series', 'symbol', 'company_name', 'status', 'issue_price', 'min', 'max', 'issue_start_date', 'issue_end_date']),
      );
      expect(by('JIOFIN.NS').issue_start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The user's screen needs a login; the operator's list an operator.
      expect((await t.current.get(LIST)).status).toBe(401);
      expect((await t.current.get('/ops/ipos', { token: u.token })).status).toBe(403);
      expect((await t.current.get(LIST, { token: u.token, query: { x: '1' } })).body).toEqual({ msg: 'no', data: 'unknownField' });
    });
  });

  describe('operators create issues', () => {
    it('refuses what cannot be an issue, with a translated key, and creates nothing', async () => {
      const before = (await t.current.get('/ops/ipos', { token: ops })).body.data.count;
      const refusals: [Record<string, unknown>, number, string][] = [
        [{ symbol: 'NOPE.NS' }, 422, 'ipoSymbolUnknown'],
        [{ symbol: '^NSEI' }, 422, 'ipoSymbolUnknown'],
        [{ symbol: 'USDINR' }, 422, 'ipoSymbolUnknown'],
        [{ symbol: 'SAIL.BO', min: 150 }, 400, 'ipoQuantityRange'],
        [{ symbol: 'SAIL.BO', min: 500, max: 100 }, 400, 'ipoQuantityRange'],
        [{ symbol: 'SAIL.BO', min: 0, max: 500 }, 400, 'ipoQuantityRange'],
        [{ symbol: 'SAIL.BO', issue_start_date: '2026-02-30' }, 400, 'ipoDatesInvalid'],
        [{ symbol: 'SAIL.BO', issue_start_date: 'tomorrow' }, 400, 'ipoDatesInvalid'],
        [{ symbol: 'SAIL.BO', issue_start_date: inDays(3), issue_end_date: inDays(1) }, 400, 'ipoDatesInvalid'],
        [{ symbol: 'SAIL.BO', min: 0, max: 0 }, 422, 'ipoTermsMissing'],
        [{ symbol: 'SAIL.BO', status: 'Allotted' }, 409, 'ipoStatusInvalid'],
        [{ symbol: 'SAIL.BO', status: 'Open' }, 400, 'invalidInput'],
        [{ symbol: 'SAIL.BO', issue_price: 0 }, 400, 'invalidPrice'],
        [{ symbol: 'SAIL.BO', issue_price: 'ten' }, 400, 'invalidPrice'],
        [{ symbol: 'SAIL.BO', min: -100 }, 400, 'invalidInput'],
        [{ symbol: 'SAIL.BO', lot: 0 }, 400, 'invalidInput'],
        [{ symbol: 'SAIL.BO', series: '' }, 400, 'requiredFields'],
        [{ symbol: 'SAIL.BO', company_name: 'Evil\u202eCorp' }, 400, 'invisibleCharacters'],
        [{ symbol: 'SAIL.BO', extra: 1 }, 400, 'unknownField'],
        [{ symbol: 'JIOFIN.NS' }, 409, 'ipoSymbolTaken'],
      ];
      for (const [over, code, key] of refusals) {
        const r = await t.current.post('/ops/ipos', { ...base, ...over }, { token: ops });
        expect([over, r.status, r.body]).toEqual([over, code, { msg: 'no', data: key }]);
      }
      expect((await t.current.get('/ops/ipos', { token: ops })).body.data.count).toBe(before);
    });

    it('creates an issue of a stock the engine prices (the company defaults to its name), audited; TBA may be announced', async () => {
      const r = await t.current.post('/ops/ipos', { ...base, symbol: 'sail.bo', issue_price: '12.5', min: '200', max: '1000', status: 'Upcoming' }, { token: ops });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ symbol: 'SAIL.BO', company_name: expect.any(String), issue_price: 12.5, min: 200, max: 1000, status: 'Upcoming', applications: 0, held: 0, allotted_at: null });
      const tba = await issue('ZEEL.BO', { min: 0, max: 0, status: 'Upcoming', company_name: 'Zee (new issue)' });
      expect(tba).toMatchObject({ company_name: 'Zee (new issue)' });
      // TBA cannot open for applications.
      expect((await status(tba.id, 'Forthcoming')).body).toEqual({ msg: 'no', data: 'ipoTermsMissing' });
      const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'ipo.create' } })).body.data.rows;
      expect(audit.map((a: any) => a.target)).toEqual(expect.arrayContaining([`ipo ${r.body.data.id}`, `ipo ${tba.id}`]));
      expect(await status(r.body.data.id, 'Cancelled')).toMatchObject({ status: 200 });
      expect(await status(tba.id, 'Cancelled')).toMatchObject({ status: 200 });
    });
  });

  describe('applying', () => {
    it('holds the amount (not debited): available money drops, the balance and total stay, no bill; one application per issue', async () => {
      const ipo = await issue('IDEA.BO', { issue_price: 10.5 });
      const u = await user();
      await fund(u, 500_000);
      const billsBefore = await bills(u);
      const r = await apply(u, ipo, 300, { tag: 'IDEA', price: 10.5 });
      expect(r.status).toBe(200);
      const held = 300 * 1050;
      expect(r.body.data).toMatchObject({ tag: 'IDEA.BO', mold: 'ipo', state: 'buy', type: 'stock', count: 300, applied: 300, price: 10.5, price_all: held, held, captured: 0, released: 0, status: 1, allotted: 0, lot_no: null, ipo_id: ipo.id });
      expect(r.body.data.no).toMatch(/^P[0-9A-Z]+$/);
      expect(await info(u)).toMatchObject({ money: 500_000 - held, total: 500_000 });
      expect((await t.current.get('/stock/success/v2/balance', { token: u.token })).status).toBe(200);
      expect(await bills(u)).toEqual(billsBefore);
      const mine = (await list(u)).find((x) => x.id === ipo.id);
      expect(mine).toMatchObject({ can_apply: false, mine: { no: r.body.data.no, count: 300, status: 1, held } });
      expect((await orders(u)).rows.map((o) => o.no)).toEqual([r.body.data.no]);
      expect(await opsIpo(ipo.id)).toMatchObject({ applications: 1, applied_shares: 300, held });

      // A second application to the same issue, under another key: refused, nothing more held.
      expect((await apply(u, ipo, 100)).body).toEqual({ msg: 'no', data: 'ipoAlreadyApplied' });
      expect((await info(u)).money).toBe(500_000 - held);
      expect(await status(ipo.id, 'Cancelled')).toMatchObject({ status: 200 });
      // Cancelling the issue releases the money: the application failed, everything available again.
      expect(await info(u)).toMatchObject({ money: 500_000, total: 500_000 });
      expect((await orders(u)).rows[0]).toMatchObject({ status: 3, held, captured: 0, released: held, price_all: 0 });
    });

    it('replays the same key and payload, refuses the same key with another payload (409), and books once', async () => {
      const ipo = await issue('YESBANK.BO', { issue_price: 20 });
      const u = await user();
      await fund(u, 500_000);
      const key = randomUUID();
      const first = await apply(u, ipo, 200, {}, key);
      expect(first.status).toBe(200);
      const again = await apply(u, ipo, 200, {}, key);
      expect(again.status).toBe(200);
      expect(again.body.data.no).toBe(first.body.data.no);
      expect((await apply(u, ipo, 300, {}, key)).body).toEqual({ msg: 'no', data: 'idempotencyKeyReused' });
      expect((await t.current.post(BUY, { id: ipo.id, count: 200 }, { token: u.token })).body).toEqual({ msg: 'no', data: 'idempotencyKeyRequired' });
      expect((await info(u)).money).toBe(500_000 - 200 * 2000);
      expect((await orders(u)).count).toBe(1);
      // A replay after the issue closed still answers with the application.
      expect(await status(ipo.id, 'Closed')).toMatchObject({ status: 200 });
      expect((await apply(u, ipo, 200, {}, key)).body.data.no).toBe(first.body.data.no);
      expect(await status(ipo.id, 'Cancelled')).toMatchObject({ status: 200 });
    });

    it('refuses every bad application with a translated key and changes nothing (never a 500)', async () => {
      const ipo = await issue('SUZLON.BO', { issue_price: 50, min: 200, max: 600 });
      const upcoming = await issue('NHPC.BO', { status: 'Upcoming' });
      const tba = await issue('GAIL.BO', { status: 'Upcoming', min: 0, max: 0 });
      const u = await user();
      await fund(u, 2_000_000);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ id: ipo.id, count: 100 }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: 700 }, 400, 'ipoQuantityAboveMax'],
        [{ id: ipo.id, count: 250 }, 400, 'ipoQuantityNotInLots'],
        [{ id: ipo.id, count: 0 }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: -200 }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: 200.5 }, 400, 'ipoQuantityNotInLots'],
        [{ id: ipo.id, count: '2e2' }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: ' 200' }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: 1e300 }, 400, 'ipoQuantityAboveMax'],
        [{ id: ipo.id }, 400, 'ipoQuantityBelowMin'],
        [{ id: ipo.id, count: 200, price: 49 }, 409, 'ipoPriceChanged'],
        [{ id: ipo.id, count: 200, price: 'x' }, 400, 'invalidPrice'],
        [{ id: ipo.id, count: 200, tag: 'RELIANCE' }, 404, 'notFound'],
        [{ id: ipo.id, count: 200, tag: '' }, 400, 'requiredFields'],
        [{ id: 999_999, count: 200 }, 404, 'notFound'],
        [{ id: 'abc', count: 200 }, 400, 'invalidInput'],
        [{ id: 2 ** 40, count: 200 }, 400, 'invalidInput'],
        [{ count: 200 }, 400, 'invalidInput'],
        [{ id: ipo.id, count: 200, extra: true }, 400, 'unknownField'],
        [{ id: upcoming.id, count: 200 }, 422, 'ipoNotOpen'],
        [{ id: tba.id, count: 100 }, 422, 'ipoNotOpen'],
        // 600 shares at 50: 3,000,000 paise, more than the wallet's 2,000,000.
        [{ id: ipo.id, count: 600 }, 422, 'insufficientFunds'],
      ];
      for (const [body, code, key] of cases) {
        const r = await pay(u, BUY, body);
        expect([body, r.status, r.body]).toEqual([body, code, { msg: 'no', data: key }]);
      }
      const raw = await t.current.post(BUY, undefined, { token: u.token, raw: '{"id":', headers: { 'idempotency-key': randomUUID() } });
      expect(raw.status).toBe(400);
      expect(await info(u)).toMatchObject({ money: 2_000_000, total: 2_000_000 });
      expect((await orders(u)).count).toBe(0);
      // Closed: no more applications; open again, they are taken.
      expect(await status(ipo.id, 'Closed')).toMatchObject({ status: 200 });
      expect((await apply(u, ipo, 200)).body).toEqual({ msg: 'no', data: 'ipoNotOpen' });
      expect(await status(ipo.id, 'Forthcoming')).toMatchObject({ status: 200 });
      expect((await apply(u, ipo, 200)).status).toBe(200);
      for (const id of [ipo.id, upcoming.id, tba.id]) expect((await status(id, 'Cancelled')).status).toBe(200);
    });

    it('refuses status moves the issue does not allow, and an operator call without a valid id', async () => {
      const ipo = await issue('IOC.BO', { status: 'Upcoming' });
      expect((await status(ipo.id, 'Closed')).body).toEqual({ msg: 'no', data: 'ipoStatusInvalid' });
      expect((await status(ipo.id, 'Allotted')).body).toEqual({ msg: 'no', data: 'ipoStatusInvalid' });
      expect((await status(ipo.id, 'Listed')).body).toEqual({ msg: 'no', data: 'invalidInput' });
      expect((await status(ipo.id, 'Upcoming')).body.data).toMatchObject({ status: 'Upcoming' });
      expect((await status(999_999, 'Closed')).body).toEqual({ msg: 'no', data: 'notFound' });
      expect((await t.current.post('/ops/ipos/abc/status', { status: 'Closed' }, { token: ops })).body).toEqual({ msg: 'no', data: 'notFound' });
      expect((await allot(ipo.id, 100)).body).toEqual({ msg: 'no', data: 'ipoNotAllottable' });
      expect((await allot(999_999, 100)).body).toEqual({ msg: 'no', data: 'notFound' });
      expect((await allot(ipo.id, 0)).body).toEqual({ msg: 'no', data: 'invalidInput' });
      expect((await t.current.post(`/ops/ipos/${ipo.id}/allot`, {}, { token: ops })).body).toEqual({ msg: 'no', data: 'invalidInput' });
      expect((await status(ipo.id, 'Cancelled')).status).toBe(200);
      expect((await status(ipo.id, 'Forthcoming')).body).toEqual({ msg: 'no', data: 'ipoStatusInvalid' });
      expect((await allot(ipo.id, 100)).body).toEqual({ msg: 'no', data: 'ipoNotAllottable' });
    });
  });

  describe('allotment', () => {
    it('when the applications fit, allots everyone in full: captured as buyStock, a lot at the issue price, once', async () => {
      const ipo = await issue('PNB.NS', { issue_price: 100 });
      const [a, b] = [await user(), await user()];
      await fund(a, 6_000_000);
      await fund(b, 6_000_000);
      const ra = await apply(a, ipo, 300);
      const rb = await apply(b, ipo, 500);
      expect([ra.status, rb.status]).toEqual([200, 200]);

      const r = await allot(ipo.id, 1_000);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ applications: 2, applied_shares: 800, oversubscribed: false, winners: 2, shares_allotted: 800, seed: null, captured: 800 * 10_000, released: 0 });
      expect(r.body.data.ipo).toMatchObject({ status: 'Allotted', shares_offered: 1_000, shares_allotted: 800, draw_seed: null });

      expect((await bills(a))[0]).toMatchObject({ reason: 'buyStock', amount: 300 * 10_000, type: 'expense' });
      const lotA = (await orders(a)).rows[0];
      expect(lotA).toMatchObject({ status: 2, count: 300, applied: 300, allotted: 300, held: 3_000_000, captured: 3_000_000, released: 0, price_all: 3_000_000 });
      expect(lotA.lot_no).toMatch(/^I[0-9A-Z]+$/);
      // The lot is a stock position at the issue price, valued by the engine.
      const pos = (await t.current.get('/stock/success/v2/transaction', { token: a.token, query: { type: 'stock' } })).body.data;
      const row = pos.rows.find((p: any) => p.no === lotA.lot_no);
      expect(row).toMatchObject({ tag: 'PNB.NS', mold: 'ipo', state: 'buy', status: 1, count: 300, price: 100, price_all: 3_000_000, fee: 0, cost: 3_000_000 });
      const engine = (await t.current.get('/v2/yahoo', { token: a.token, query: { symbol: 'PNB.NS' } })).body.data.price;
      expect(row.value).toBe(Math.round(300 * engine * 100));
      expect(await info(a)).toMatchObject({ money: 6_000_000 - 3_000_000 });

      // Twice is refused, and nothing moves again.
      expect((await allot(ipo.id, 1_000)).body).toEqual({ msg: 'no', data: 'ipoAlreadyAllotted' });
      expect((await bills(a)).filter((x) => x.reason === 'buyStock')).toHaveLength(1);
      expect((await status(ipo.id, 'Cancelled')).body).toEqual({ msg: 'no', data: 'ipoStatusInvalid' });
      const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'ipo.allot' } })).body.data.rows.find((x: any) => x.target === `ipo ${ipo.id}`);
      expect(audit.detail).toMatchObject({ shares: 1_000, seed: null, oversubscribed: false, winners: [[ra.body.data.id, 300], [rb.body.data.id, 500]] });
      // Once allotted the symbol may have a new issue.
      const next = await issue('PNB.NS', { status: 'Upcoming' });
      expect((await status(next.id, 'Cancelled')).status).toBe(200);
    });

    it('when oversubscribed, a seeded draw gives one minimum lot to as many as the shares allow; the rest is released; the audit log re-runs it', async () => {
      const ipo = await issue('CANBK.NS', { issue_price: 10, min: 100, max: 500 });
      const people = await Promise.all(Array.from({ length: 6 }, () => user()));
      const applied: { u: User; id: number; count: number }[] = [];
      for (const [i, u] of people.entries()) {
        await fund(u, 500_000);
        const count = 200 + 100 * (i % 3);
        const r = await apply(u, ipo, count);
        expect(r.status).toBe(200);
        applied.push({ u, id: r.body.data.id, count });
      }
      const r = await allot(ipo.id, 350);
      expect(r.status).toBe(200);
      const out = r.body.data;
      expect(out).toMatchObject({ applications: 6, oversubscribed: true, winners: 3, shares_allotted: 300 });
      expect(out.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(out.captured).toBe(300 * 1_000);
      expect(out.captured + out.released).toBe(applied.reduce((s, a) => s + a.count * 1_000, 0));

      const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'ipo.allot' } })).body.data.rows.find((x: any) => x.target === `ipo ${ipo.id}`);
      expect(audit.detail).toMatchObject({ seed: out.seed, shares: 350, min: 100, lot: 100, algorithm: 'sha256-fisher-yates-v1' });
      // Anyone re-running the draw from the audit log gets the same winners.
      const rerun = drawAllotment(
        (audit.detail.applications as [number, number][]).map(([id, count]) => ({ id, count })),
        audit.detail.shares,
        { min: audit.detail.min, lot: audit.detail.lot },
        audit.detail.seed,
      );
      expect([...rerun.allotted.entries()]).toEqual(audit.detail.winners);

      const winners = new Map<number, number>(audit.detail.winners);
      for (const a of applied) {
        const row = (await orders(a.u)).rows[0];
        const won = winners.has(a.id);
        expect(row).toMatchObject(
          won
            ? { status: 2, count: 100, allotted: 100, captured: 100_000, released: (a.count - 100) * 1_000 }
            : { status: 3, count: a.count, allotted: 0, captured: 0, released: a.count * 1_000, lot_no: null },
        );
        // Released money is available again; captured money paid for the shares.
        expect((await info(a.u)).money).toBe(500_000 - (won ? 100_000 : 0));
        expect((await bills(a.u)).some((x) => x.reason === 'buyStock')).toBe(won);
      }
    });

    it('the Sales Record: an allotted lot sells through deal/sell at the engine price, with its P&L', async () => {
      const ipo = await issue('IDFCFIRSTB.NS', { issue_price: 50 });
      const u = await user();
      await fund(u, 500_000);
      expect((await apply(u, ipo, 100)).status).toBe(200);
      expect((await allot(ipo.id, 100_000)).status).toBe(200);
      const app = (await orders(u)).rows[0];
      expect((await orders(u, 1)).rows).toEqual([]);
      const price = (await t.current.get('/v2/yahoo', { token: u.token, query: { symbol: 'IDFCFIRSTB.NS' } })).body.data.price as number;
      const sold = await pay(u, '/stock/success/deal/sell', { no: app.lot_no, price: 50, sell_price: price });
      expect(sold.status).toBe(200);
      expect(sold.body.data).toMatchObject({ state: 'sell', mold: 'ipo', sell_price: price });
      const sales = await orders(u, 1);
      expect(sales.count).toBe(1);
      const sale = sales.rows[0];
      const amount = Math.round(100 * price * 100);
      expect(sale).toMatchObject({ tag: 'IDFCFIRSTB.NS', no: app.lot_no, mold: 'ipo', state: 'sell', status: 1, count: 100, price: 50, sell_price: price, price_all: amount, ipo_id: ipo.id });
      expect(sale.pnl).toBe(sold.body.data.realized_pnl);
      expect(sale.pnl).toBe(amount - sale.sell_fee - 100 * 5_000);
      expect((await bills(u)).map((b) => b.reason)).toEqual(expect.arrayContaining(['sellStock', 'buyStock']));
      // The application keeps its record; the lot is no longer a position.
      expect((await orders(u, 0)).rows[0]).toMatchObject({ status: 2, lot_no: app.lot_no });
      const pos = (await t.current.get('/stock/success/v2/transaction', { token: u.token, query: { type: 'stock' } })).body.data;
      expect(pos.rows.some((p: any) => p.no === app.lot_no)).toBe(false);
      expect((await t.current.get(ORDERS, { token: u.token, query: { tab: '2' } })).body).toEqual({ msg: 'no', data: 'invalidInput' });
    });

    it('an issue with no applications allots nothing, once', async () => {
      const ipo = await issue('BANKBARODA.NS');
      const r = await allot(ipo.id, 1_000);
      expect(r.body.data).toMatchObject({ applications: 0, winners: 0, shares_allotted: 0, captured: 0, released: 0, seed: null });
      expect((await allot(ipo.id, 1_000)).body).toEqual({ msg: 'no', data: 'ipoAlreadyAllotted' });
    });
  });

  describe('odd input', () => {
    it('answers every call with a translated refusal, never a 500, and changes nothing', async () => {
      const ipo = await issue('SAIL.BO');
      const u = await user();
      await fund(u, 500_000);
      const { ERROR_KEYS } = await import('@invest/shared/contract');
      const odd: unknown[] = [null, true, [], {}, [100], { n: 1 }, '', ' ', 'abc', '-1', '1e3', '0x10', -1, 0, 0.5, 1e21, 2 ** 53, 'Forthcoming\u0000', 'x'.repeat(5_000)];
      const calls: [string, Record<string, unknown>, 'user' | 'ops'][] = [
        [BUY, { id: ipo.id, count: 100, tag: 'SAIL', price: 10 }, 'user'],
        ['/ops/ipos', { ...base, symbol: 'SAIL.BO' }, 'ops'],
        [`/ops/ipos/${ipo.id}/status`, { status: 'Closed' }, 'ops'],
        [`/ops/ipos/${ipo.id}/allot`, { shares: 100 }, 'ops'],
      ];
      let answered = 0;
      for (const [path, good, who] of calls) {
        for (const field of Object.keys(good)) {
          for (const value of odd) {
            const body = { ...good, [field]: value };
            const r = who === 'user' ? await pay(u, path, body) : await t.current.post(path, body, { token: ops });
            answered++;
            expect([path, field, value, r.status < 500]).toEqual([path, field, value, true]);
            if (r.status !== 200) expect(ERROR_KEYS).toContain(r.body.data);
            // A value that happens to be good must not have moved anything: put the issue back as it was.
            if (r.status === 200 && path.endsWith('/status')) await status(ipo.id, 'Forthcoming');
            if (r.status === 200 && path === '/ops/ipos') await status(r.body.data.id, 'Cancelled');
            if (r.status === 200 && path.endsWith('/allot')) throw new Error(`allotted by ${JSON.stringify(body)}`);
          }
        }
      }
      const queries: Record<string, string>[] = [{ tab: '9' }, { tab: 'x' }, { page: '0' }, { limit: '1000' }, { tab: '1', limit: '-1' }];
      for (const q of queries) {
        const r = await t.current.get(ORDERS, { token: u.token, query: q });
        expect([q, r.status, ERROR_KEYS.includes(r.body.data as never)]).toEqual([q, 400, true]);
      }
      expect(answered).toBeGreaterThan(150);
      // At most one application went through (a good value), and the books agree.
      expect((await orders(u)).count).toBeLessThanOrEqual(1);
      expect((await status(ipo.id, 'Cancelled')).status).toBe(200);
      expect(await info(u)).toMatchObject({ money: 500_000, total: 500_000 });
    });
  });

  describe('the operator CLI', () => {
    it('creates, opens, lists and allots an issue against the running server', async () => {
      const cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
      const made = await cli('ipo', 'create', '--symbol', 'TATASTEEL.NS', '--price', '150', '--min', '100', '--max', '300', '--start', today(), '--end', inDays(3));
      expect(made).toMatchObject({ code: 0 });
      const id = Number(/^ipo (\d+) created/.exec(made.stdout)![1]);
      expect(await cli('ipo', 'status', String(id), 'forthcoming')).toMatchObject({ code: 0, stdout: `ipo ${id} is Forthcoming\n` });
      const u = await user();
      await fund(u, 5_000_000);
      expect((await apply(u, { id }, 200)).status).toBe(200);
      expect((await cli('ipo', 'list', '--status', 'Forthcoming')).stdout).toMatch(new RegExp(`^${id}\\s+TATASTEEL.NS\\s+EQ\\s+Forthcoming\\s+150 INR\\s+100-300 by 100 .* 1 applications, 200 shares, 30000.00 held`, 'm'));
      expect(await cli('ipo', 'allot', String(id), '--shares', '1000')).toMatchObject({ code: 0, stdout: expect.stringContaining('200 of 1000 shares to 1 of 1 applications') });
      expect(await cli('ipo', 'allot', String(id), '--shares', '1000')).toMatchObject({ code: 1, stderr: 'refused (409): This IPO has already been allotted (ipoAlreadyAllotted)\n' });
      expect(await cli('ipo', 'allot', String(id))).toMatchObject({ code: 2 });
    }, 120_000);
  });
});

import { eq } from 'drizzle-orm';
import { calls } from '@invest/shared/contract';
import { users, watchlist } from '../src/db/schema';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

describe.each(backends)('watchlist on $name', (backend) => {
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' } });
  const db = () => t.current.database.db;

  async function newUser() {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const [row] = await db().select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return { token, id: row!.id };
  }
  const add = (token: string, symbol: string) => t.current.post('/stock/success/collection/add', { symbol }, { token });
  const remove = (token: string, symbol: string) => t.current.post('/stock/success/collection/remove', { symbol }, { token });
  const check = (token: string, symbol: string) => t.current.get('/stock/success/collection/check', { token, query: { symbol } });
  const list = (token: string, query: Record<string, string> = {}) => t.current.get('/stock/success/collection/list', { token, query });

  let alice: { token: string; id: number };
  let bob: { token: string; id: number };
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
  }, HOOK_TIMEOUT);

  it('adds (idempotently, by canonical symbol), checks and lists newest first with live details', async () => {
    expect((await add(alice.token, 'RELIANCE')).body).toEqual({ msg: 'ok', data: 'ok' });
    t.current.advance(1_000);
    expect((await add(alice.token, 'reliance.ns')).status).toBe(200);
    expect((await add(alice.token, 'AAPL')).status).toBe(200);
    t.current.advance(1_000);
    expect((await add(alice.token, 'USDINR')).status).toBe(200);

    const rows = await db().select().from(watchlist).where(eq(watchlist.userId, alice.id));
    expect(rows.map((r) => r.symbol).sort()).toEqual(['AAPL', 'RELIANCE.NS', 'USDINR']);
    expect((await check(alice.token, 'RELIANCE')).body).toEqual({ msg: 'ok', data: { collected: true } });
    expect((await check(alice.token, 'TCS.NS')).body).toEqual({ msg: 'ok', data: { collected: false } });

    const res = await list(alice.token);
    expect(res.status).toBe(200);
    const data = calls.collectionList.output.parse(res.body.data);
    expect(data.total).toBe(3);
    expect(data.list.map((e) => e.stock_code)).toEqual(['USDINR', 'AAPL', 'RELIANCE.NS']);
    for (const entry of res.body.data.list) calls.collectionList.output.shape.list.element.strict().parse(entry);
    const fx = data.list[0]!;
    expect(fx).toMatchObject({ stock_name: 'USD/INR', stock_detail: { market: 'FOREX', market_name: 'Forex', exchange_name: 'FX', precision: 4 } });
    const quote = (await t.current.get('/v2/yahoo', { token: alice.token, query: { symbol: 'USDINR' } })).body.data;
    expect(fx.stock_detail.close_prices).toBe(quote.prevClose);
    expect(Math.abs(fx.stock_detail.prasent - quote.price) / quote.price).toBeLessThan(0.01);

    const page2 = await list(alice.token, { page: '2', pageSize: '2' });
    expect(page2.body.data).toMatchObject({ total: 3, list: [{ stock_code: 'RELIANCE.NS' }] });
  });

  it("another user neither sees nor changes someone else's favourites", async () => {
    expect((await list(bob.token)).body.data).toEqual({ list: [], total: 0 });
    expect((await check(bob.token, 'RELIANCE.NS')).body.data).toEqual({ collected: false });
    // Bob removing "his" RELIANCE.NS is a no-op for him and leaves Alice's row alone.
    expect((await remove(bob.token, 'RELIANCE.NS')).status).toBe(200);
    expect((await check(alice.token, 'RELIANCE.NS')).body.data).toEqual({ collected: true });
    expect((await add(bob.token, 'RELIANCE.NS')).status).toBe(200);
    expect((await list(bob.token)).body.data.total).toBe(1);
    expect((await list(alice.token)).body.data.total).toBe(3);
    // A user id in the input is not an input at all.
    const smuggled = await t.current.post('/stock/success/collection/remove', { symbol: 'AAPL', user_id: alice.id }, { token: bob.token });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body).toEqual({ msg: 'no', data: 'unknownField' });
    expect((await check(alice.token, 'AAPL')).body.data).toEqual({ collected: true });
  });

  it('removes, and removing again is fine', async () => {
    expect((await remove(alice.token, 'AAPL')).body).toEqual({ msg: 'ok', data: 'ok' });
    expect((await remove(alice.token, 'aapl')).status).toBe(200);
    expect((await check(alice.token, 'AAPL')).body.data).toEqual({ collected: false });
    expect((await list(alice.token)).body.data.list.map((e: { stock_code: string }) => e.stock_code)).toEqual(['USDINR', 'RELIANCE.NS']);
  });

  it('keeps one row when the same symbol is added many times at once', async () => {
    const carol = await newUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => add(carol.token, 'INFY.NS')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await db().select().from(watchlist).where(eq(watchlist.userId, carol.id))).toHaveLength(1);
  });

  it.each([
    ['add', 'NOPE', 404, 'notFound'],
    ['remove', 'NOPE', 404, 'notFound'],
    ['check', 'NOPE', 404, 'notFound'],
    ['add', '', 400, 'requiredFields'],
    ['add', undefined, 400, 'requiredFields'],
    ['check', undefined, 400, 'requiredFields'],
    ['add', 'X'.repeat(40), 400, 'invalidInput'],
  ] as const)('%s %j answers %i %s', async (what, symbol, status, key) => {
    const res =
      what === 'check'
        ? await t.current.get('/stock/success/collection/check', { token: alice.token, query: symbol === undefined ? {} : { symbol } })
        : await t.current.post(`/stock/success/collection/${what}`, symbol === undefined ? {} : { symbol }, { token: alice.token });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ msg: 'no', data: key });
  });

  it.each([
    [{ page: '0' }, 'invalidInput'],
    [{ pageSize: '51' }, 'invalidInput'],
    [{ pageSize: '10000' }, 'invalidInput'],
    [{ limit: '10' }, 'unknownField'],
  ])('list %j answers 400 %s', async (query, key) => {
    const res = await list(alice.token, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: key });
  });

  it('needs a user token: 401 without, 403 for an operator', async () => {
    expect((await t.current.get('/stock/success/collection/list')).status).toBe(401);
    expect((await t.current.post('/stock/success/collection/add', { symbol: 'AAPL' })).status).toBe(401);
    const ops = await t.current.operatorToken();
    expect((await t.current.post('/stock/success/collection/add', { symbol: 'AAPL' }, { token: ops })).status).toBe(403);
  });
});

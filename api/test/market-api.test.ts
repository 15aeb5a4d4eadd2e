import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { calls, QUOTE_STREAM_MAX_SYMBOLS } from '@invest/shared/contract';
import { buildApp } from '../src/app';
import { authTokens, auditLog, priceHistory } from '../src/db/schema';
import { CsvImportError, referenceData, UnknownInstrumentError, type Candle } from '../src/market';
import { importHistoryCsv } from '../src/market/import-history';
import { STREAMS_PER_IP } from '../src/http/event-stream';
import { QuoteHub, type QuoteFeed, type Subscriber } from '../src/market/quotes-stream';
import { QuoteSchema, type Quote } from '../src/market/views';
import type { MarketService } from '../src/market/plugin';
import { TOKEN_CACHE_TTL_MS } from '../src/auth/token-cache';
import { sha256Hex } from '../src/auth/tokens';
import { backends, createTestApp, HOOK_TIMEOUT, useApp, type TestApp } from './harness';

const ref = referenceData();
const NIFTY = ref.bySymbol.get('^NSEI')!;

function expectCandles(rows: Candle[]) {
  expect(rows.length).toBeGreaterThan(0);
  rows.forEach((r, i) => {
    expect(r.low).toBeLessThanOrEqual(Math.min(r.open, r.close));
    expect(r.high).toBeGreaterThanOrEqual(Math.max(r.open, r.close));
    if (i > 0) {
      expect(r.timestamp).toBeGreaterThan(rows[i - 1]!.timestamp);
      expect(r.change).toBeCloseTo(r.close - rows[i - 1]!.close, 6);
    }
  });
}

async function userToken(t: TestApp) {
  const { phone, password } = await t.register();
  return t.login(phone, password);
}

async function opsToken(t: TestApp) {
  const op = t.built.seeded.operator!;
  const res = await t.post('/ops/login', { user: op.user, password: op.password });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

describe.each(backends)('market data API on $name', (backend) => {
  // The market service lives in the /api scope; a probe plugin registered there hands it to the tests.
  let market: MarketService;
  const probe = async (api: FastifyInstance) => {
    market = api.market;
  };
  // Every market open, so prices move whatever the day of the week the suite runs on.
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' }, deps: { apiPlugins: [probe] } });
  let token: string;
  beforeAll(async () => {
    token = await userToken(t.current);
  }, HOOK_TIMEOUT);

  describe('GET /stock/category/list', () => {
    it('lists the regions and their indices in the contract shape', async () => {
      const res = await t.current.get('/stock/category/list', { token });
      expect(res.status).toBe(200);
      const data = calls.categoryList.output.parse(res.body.data);
      expect(data.categories.map((c) => c.category_code)).toEqual(['IN', 'US']);
      expect(data.categories[0]!.stocks[0]).toEqual({ id: NIFTY.id, stock_name: NIFTY.name, stock_code: '^NSEI' });
    });

    it('needs a user token and takes no input', async () => {
      expect((await t.current.get('/stock/category/list')).status).toBe(401);
      const extra = await t.current.get('/stock/category/list', { token, query: { x: '1' } });
      expect(extra.status).toBe(400);
      expect(extra.body).toEqual({ msg: 'no', data: 'unknownField' });
    });
  });

  describe('GET /v2/yahoo', () => {
    it('answers a quote with 1-minute rows over the day by default, and its sparkline paths', async () => {
      const res = await t.current.get('/v2/yahoo', { token, query: { symbol: '^NSEI' } });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = calls.yahoo.output.strict().parse(res.body.data);
      expect(data).toMatchObject({ symbol: '^NSEI', name: 'NIFTY 50', market: 'IN', exchange_name: 'NSE', currency: 'INR', precision: 2 });
      expect(data.marketOpen).toBe(true);
      expect(data.simulated).toBe(true);
      expect(data.percent_change).toBe(data.changePercent);
      expect(data.change).toBeCloseTo(data.price - data.prevClose, 2);
      expectCandles(data.rows);
      const last = data.rows[data.rows.length - 1]!;
      expect(last.close).toBe(data.price);
      expect(last.timestamp).toBeLessThanOrEqual(data.asOf);
      expect(data.asOf - last.timestamp).toBeLessThan(60_000);
      expect(data.linePath).toMatch(/^M[\d.]+ [\d.]+/);
      expect(data.areaPath.startsWith(data.linePath)).toBe(true);
      expect(data.areaPath.endsWith('Z')).toBe(true);
    });

    it('view=spark answers a card: the same quote and sparkline paths (a few hundred points at most), no rows; other views are refused', async () => {
      const query = { symbol: '^NSEI', mold: '1d' };
      // Both answers of one price tick (prices move every 5 s: a tick may fall between two requests).
      const pair = async () => {
        const full = calls.yahoo.output.parse((await t.current.get('/v2/yahoo', { token, query })).body.data);
        const res = await t.current.get('/v2/yahoo', { token, query: { ...query, view: 'spark' } });
        expect(res.status).toBe(200);
        return { full, res, card: calls.yahoo.output.strict().parse(res.body.data) };
      };
      let { full, res, card } = await pair();
      if (card.asOf !== full.asOf) ({ full, res, card } = await pair());
      expect(card).toEqual({ ...full, rows: [] });
      // A year of daily rows (> 250) drawn on a 100-unit card: at most two points per unit, from x=0 to x=100.
      const points = card.linePath.slice(1).split('L');
      expect(full.rows.length).toBeGreaterThan(250);
      expect(points.length).toBeGreaterThan(100);
      expect(points.length).toBeLessThanOrEqual(202);
      expect(points[0]).toMatch(/^0 /);
      expect(points[points.length - 1]).toMatch(/^100 /);
      expect(JSON.stringify(res.body).length).toBeLessThan(JSON.stringify(full).length / 3);
      const bad = await t.current.get('/v2/yahoo', { token, query: { ...query, view: 'rows' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ msg: 'no', data: 'invalidInput' });
    });

    it.each([
      ['1d', 250, 370],
      ['1wk', 50, 54],
      ['1mo', 60, 62],
    ] as const)('serves %s candles over the spec range', async (mold, min, max) => {
      const res = await t.current.get('/v2/yahoo', { token, query: { symbol: 'AAPL', mold } });
      expect(res.status).toBe(200);
      const data = calls.yahoo.output.parse(res.body.data);
      expect(data.rows.length).toBeGreaterThanOrEqual(min);
      expect(data.rows.length).toBeLessThanOrEqual(max);
      expectCandles(data.rows);
      expect(data.rows[data.rows.length - 1]!.close).toBe(data.price);
    });

    it('sends a large answer gzipped to a client that accepts it, the same JSON either way', async () => {
      // The day-K chart: a year of rows at any hour (the 1-minute chart is a few rows just after midnight IST).
      const url = '/api/v2/yahoo?symbol=%5ENSEI&mold=1d';
      const authorization = `Bearer ${token}`;
      const plain = await t.current.built.app.inject({ method: 'GET', url, headers: { authorization } });
      const zipped = await t.current.built.app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': 'gzip, deflate, br' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('finds a symbol case-insensitively and an Indian code without its suffix; market must agree', async () => {
      const lower = await t.current.get('/v2/yahoo', { token, query: { symbol: 'reliance.ns', mold: '1d' } });
      expect(lower.body.data.symbol).toBe('RELIANCE.NS');
      const bare = await t.current.get('/v2/yahoo', { token, query: { symbol: 'RELIANCE', market: 'IN', mold: '1d' } });
      expect(bare.status).toBe(200);
      expect(bare.body.data.symbol).toBe('RELIANCE.NS');
      const wrongMarket = await t.current.get('/v2/yahoo', { token, query: { symbol: 'AAPL', market: 'IN' } });
      expect(wrongMarket.status).toBe(404);
      expect(wrongMarket.body).toEqual({ msg: 'no', data: 'notFound' });
    });

    it('moves with the clock: the next price tick gives a newer quote', async () => {
      const read = async () => (await t.current.get('/v2/yahoo', { token, query: { symbol: 'EURUSD' } })).body.data;
      // Two reads inside one price tick; the clock runs in real time, so a pair that straddled a tick reads again.
      let [first, again] = [await read(), await read()];
      if (again.asOf !== first.asOf) [first, again] = [again, await read()];
      expect(again.asOf).toBe(first.asOf);
      t.current.advance(60_000);
      const later = (await t.current.get('/v2/yahoo', { token, query: { symbol: 'EURUSD' } })).body.data;
      expect(later.asOf).toBeGreaterThanOrEqual(first.asOf + 60_000);
      expect(later.rows[later.rows.length - 1].close).toBe(later.price);
      expect(later.precision).toBe(4);
    });

    it.each([
      [{ symbol: 'NOPE' }, 404, 'notFound'],
      [{}, 400, 'requiredFields'],
      [{ symbol: '  ' }, 400, 'requiredFields'],
      [{ symbol: 'X'.repeat(33) }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', mold: '5m' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', market: 'MARS' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', range: '5y' }, 400, 'unknownField'],
    ])('answers %j with %i %s', async (query, status, key) => {
      const res = await t.current.get('/v2/yahoo', { token, query: query as Record<string, string> });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ msg: 'no', data: key });
    });

    it('needs a user token: 401 without, 403 for an operator', async () => {
      expect((await t.current.get('/v2/yahoo', { query: { symbol: '^NSEI' } })).status).toBe(401);
      const ops = await opsToken(t.current);
      const res = await t.current.get('/v2/yahoo', { token: ops, query: { symbol: '^NSEI' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ msg: 'no', data: 'forbidden' });
    });
  });

  describe('GET /v2/stock/list', () => {
    const list = (query: Record<string, string>) => t.current.get('/v2/stock/list', { token, query });

    it('pages through an index’s members; count is the total', async () => {
      const members = NIFTY.members!;
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(members.length / 10); page++) {
        const res = await list({ symbol: '^NSEI', page: String(page), limit: '10' });
        expect(res.status).toBe(200);
        const data = calls.stockList.output.parse(res.body.data);
        expect(data.count).toBe(members.length);
        for (const row of data.rows) expect(calls.stockList.output.shape.rows.element.strict().parse(row)).toBeTruthy();
        seen.push(...data.rows.map((r) => r.stock));
      }
      expect(seen).toEqual([...members]);
      const beyond = await list({ symbol: '^NSEI', page: '99', limit: '10' });
      expect(beyond.body.data).toEqual({ rows: [], count: members.length });
    });

    it('shows each row with its live price and previous close', async () => {
      const res = await list({ symbol: 'AAPL' });
      expect(res.body.data.count).toBe(1);
      const row = res.body.data.rows[0];
      const quote = (await t.current.get('/v2/yahoo', { token, query: { symbol: 'AAPL' } })).body.data;
      expect(row).toMatchObject({ stock: 'AAPL', market: 'US', market_name: 'United States', exchange_name: quote.exchange_name });
      expect(row.close_prices).toBe(quote.prevClose);
      expect(Math.abs(row.prasent - quote.price) / quote.price).toBeLessThan(0.01);
    });

    it('lists a market’s tradable instruments', async () => {
      const res = await list({ market: 'FOREX', limit: '100' });
      const forex = ref.instruments.filter((i) => i.market === 'FOREX');
      expect(res.body.data.count).toBe(forex.length);
      expect(res.body.data.rows.map((r: { stock: string }) => r.stock)).toEqual(forex.map((i) => i.symbol));
      const india = await list({ market: 'IN', limit: '100' });
      expect(india.body.data.rows.some((r: { stock: string }) => r.stock.startsWith('^'))).toBe(false);
      expect(india.body.data.rows.every((r: { market: string }) => r.market === 'IN')).toBe(true);
    });

    it('searches names and codes case-insensitively, also without .NS/.BO, best match first', async () => {
      const infy = await list({ keyword: 'infy' });
      expect(infy.body.data.rows[0].stock).toBe('INFY.NS');
      const upper = await list({ keyword: 'INFY.NS' });
      expect(upper.body.data.rows[0].stock).toBe('INFY.NS');
      const byName = await list({ keyword: 'bank', limit: '100' });
      expect(byName.body.data.count).toBeGreaterThan(2);
      for (const r of byName.body.data.rows) expect(`${r.name} ${r.stock}`.toLowerCase()).toContain('bank');
      const usOnly = await list({ keyword: 'a', market: 'US', limit: '100' });
      expect(usOnly.body.data.rows.every((r: { market: string }) => r.market === 'US')).toBe(true);
      expect((await list({ keyword: 'zzzz-nothing' })).body.data).toEqual({ rows: [], count: 0 });
    });

    it.each([
      [{ symbol: 'NOPE' }, 404, 'notFound'],
      [{ symbol: '^NSEI', page: '0' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', page: 'two' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', limit: '10000' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', limit: '0' }, 400, 'invalidInput'],
      [{ symbol: '^NSEI', limit: '2.5' }, 400, 'invalidInput'],
      [{}, 400, 'requiredFields'],
      [{ page: '1', limit: '10' }, 400, 'requiredFields'],
      [{ keyword: '   ' }, 400, 'requiredFields'],
      [{ symbol: '^NSEI', sort: 'price' }, 400, 'unknownField'],
      [{ market: 'EU' }, 400, 'invalidInput'],
    ])('answers %j with %i %s', async (query, status, key) => {
      const res = await list(query as Record<string, string>);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ msg: 'no', data: key });
    });
  });

  describe('token cache', () => {
    it('answers from the cache for a few seconds, and a logout in this process ends the token at once', async () => {
      const fresh = await userToken(t.current);
      expect((await t.current.get('/v2/yahoo', { token: fresh, query: { symbol: '^NSEI' } })).status).toBe(200);
      const out = await t.current.post('/stock/success/user/logout', undefined, { token: fresh });
      expect(out.status).toBe(200);
      const after = await t.current.get('/v2/yahoo', { token: fresh, query: { symbol: '^NSEI' } });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ msg: 'no', data: 'unauthorized' });
    });

    it('a password reset in this process ends cached tokens at once', async () => {
      const { phone, password } = await t.current.register();
      const cached = await t.current.login(phone, password);
      expect((await t.current.get('/stock/category/list', { token: cached })).status).toBe(200);
      expect((await t.current.post('/v2/user/forget', { user: phone, password, new_password: 'another1' })).status).toBe(200);
      expect((await t.current.get('/stock/category/list', { token: cached })).status).toBe(401);
    });

    it('a revocation made elsewhere (another replica) is honoured within the TTL', async () => {
      const fresh = await userToken(t.current);
      expect((await t.current.get('/stock/category/list', { token: fresh })).status).toBe(200);
      // What another replica's logout does: only the row changes, this process's cache does not hear of it.
      await t.current.database.db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, sha256Hex(fresh)));
      expect((await t.current.get('/stock/category/list', { token: fresh })).status).toBe(200);
      t.current.advance(TOKEN_CACHE_TTL_MS + 1_000);
      const later = await t.current.get('/stock/category/list', { token: fresh });
      expect(later.status).toBe(401);
    });
  });

  describe('quote stream', () => {
    let base: string;
    beforeAll(async () => {
      await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.current.built.app.server.address() as AddressInfo).port}/api/v2/quotes/stream`;
    }, HOOK_TIMEOUT);

    it('sends headers at once, then a quote event per symbol, then newer quotes as prices move', async () => {
      const stream = await openStream(`${base}?symbols=${encodeURIComponent('^NSEI,aapl,USDINR')}`);
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(stream.headers['cache-control']).toBe('no-cache, no-transform');
        expect(stream.headers['x-accel-buffering']).toBe('no');
        expect(stream.headers.connection).toBe('keep-alive');
        const first = await stream.quotes(3);
        expect(first.map((q) => q.symbol).sort()).toEqual(['AAPL', 'USDINR', '^NSEI']);
        for (const q of first) expect(QuoteSchema.strict().parse(q)).toEqual(q);
        expect(market.hub.size).toBe(1);
        // One 5-second price tick later the shared ticker (1 s) pushes the new quotes.
        t.current.advance(10_000);
        const next = await stream.quotes(1);
        const before = first.find((q) => q.symbol === next[0]!.symbol)!;
        expect(next[0]!.asOf).toBeGreaterThan(before.asOf);
      } finally {
        stream.close();
      }
      await waitFor(() => market.hub.size === 0);
    });

    it.each([
      ['', 'requiredFields'],
      ['?symbols=', 'requiredFields'],
      ['?symbols=%5ENSEI,NOPE', 'invalidInput'],
      [`?symbols=${Array.from({ length: QUOTE_STREAM_MAX_SYMBOLS + 1 }, (_, i) => ref.instruments[i]!.symbol).map(encodeURIComponent).join(',')}`, 'invalidInput'],
      ['?symbols=AAPL&extra=1', 'unknownField'],
    ])('refuses %s with 400 %s before any stream starts', async (query, key) => {
      const res = await fetch(`${base}${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ msg: 'no', data: key });
    });

    it(`allows ${STREAMS_PER_IP} open streams per client address`, async () => {
      const open = await Promise.all(Array.from({ length: STREAMS_PER_IP }, () => openStream(`${base}?symbols=AAPL`)));
      try {
        expect(open.every((s) => s.status === 200)).toBe(true);
        const refused = await fetch(`${base}?symbols=AAPL`);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({ msg: 'no', data: 'tooManyRequests' });
      } finally {
        open.forEach((s) => s.close());
      }
      await waitFor(() => market.hub.size === 0);
      const again = await openStream(`${base}?symbols=AAPL`);
      expect(again.status).toBe(200);
      again.close();
    });
  });

  describe('import-history', () => {
    const symbol = 'TCS.NS';
    // Twenty weekdays ending a week ago, at a level far from the reference price, so the test can tell.
    const days = weekdaysBefore(new Date(Date.now() - 7 * 86_400_000), 20);
    const csv = [
      'Date,Open,High,Low,Close,Adj Close,Volume',
      ...days.map((d, i) => `${d},${1000 + i},${1006 + i},${995 + i},${1002 + i},${1002 + i},${100_000 + i}`),
      // Yahoo's row for a day without trading: skipped, not an error.
      '2000-01-03,null,null,null,null,null,null',
    ].join('\n');

    it('stores the parsed rows (audited) and replaces an earlier import', async () => {
      const db = t.current.database.db;
      const result = await importHistoryCsv(db, { symbol: 'tcs.ns', csv, source: 'tcs.csv' });
      expect(result).toMatchObject({ symbol, rows: 20, from: days[0], to: days[19] });
      expect(result.skipped).toHaveLength(1);
      const rows = await db.select().from(priceHistory).where(eq(priceHistory.symbol, symbol));
      expect(rows).toHaveLength(20);
      expect(rows.find((r) => r.day === days[19])).toEqual({ symbol, day: days[19], open: 1019, high: 1025, low: 1014, close: 1021, volume: 100_019 });
      const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'market.import_history')).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ operatorId: null, target: symbol, detail: { via: 'cli', source: 'tcs.csv', rows: 20 } });

      const shorter = [csv.split('\n')[0], ...csv.split('\n').slice(11, 21)].join('\n');
      expect((await importHistoryCsv(db, { symbol, csv: shorter })).rows).toBe(10);
      expect(await db.select().from(priceHistory).where(eq(priceHistory.symbol, symbol))).toHaveLength(10);
      await importHistoryCsv(db, { symbol, csv });
    });

    it('refuses a bad file or an unknown symbol and changes nothing', async () => {
      const db = t.current.database.db;
      const before = await db.select().from(priceHistory).where(eq(priceHistory.symbol, symbol));
      const bad = `${csv}\n2024-13-40,1,2,0.5,1,1,10\n2024-01-02,5,4,3,5,5,1`;
      await expect(importHistoryCsv(db, { symbol, csv: bad })).rejects.toThrow(CsvImportError);
      await expect(importHistoryCsv(db, { symbol, csv: 'Date,Open\n' })).rejects.toThrow(CsvImportError);
      await expect(importHistoryCsv(db, { symbol: 'NOPE.NS', csv })).rejects.toThrow(UnknownInstrumentError);
      expect(await db.select().from(priceHistory).where(eq(priceHistory.symbol, symbol))).toEqual(before);
    });

    it('is loaded at start: the day chart shows the imported days and the simulation continues from the last close', async () => {
      // A second app on the same database stands for the restarted server.
      const { app } = await buildApp({ ...t.current.config, marketAlwaysOpen: false }, {
        database: t.current.database,
        logger: false,
        seed: false,
      });
      try {
        const res = await app.inject({ method: 'GET', url: `/api/v2/yahoo?symbol=${symbol}&mold=1d`, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(200);
        const rows = calls.yahoo.output.parse(res.json().data).rows;
        const isoDay = (ts: number) => new Date(ts + 5.5 * 3_600_000).toISOString().slice(0, 10);
        const imported = rows.filter((r) => days.includes(isoDay(r.timestamp)));
        expect(imported.map((r) => r.close)).toEqual(days.map((_, i) => 1002 + i));
        const lastImported = rows.indexOf(imported[imported.length - 1]!);
        const after = rows.slice(lastImported + 1);
        expect(after.length).toBeGreaterThanOrEqual(4);
        // Near 1021, not near the reference price (~3000): the engine took over from the imported close.
        for (const r of after) expect(Math.abs(Math.log(r.close / 1021))).toBeLessThan(0.25);
        expect(after[0]!.change).toBeCloseTo(after[0]!.close - 1021, 2);
      } finally {
        await app.close();
      }
    });
  });
});

describe('QuoteHub', () => {
  const quote = (symbol: string, price: number, asOf: number): Quote =>
    ({ symbol, price, asOf, marketOpen: true, prevClose: 1, open: 1, high: price, low: 1, volume: 1 }) as Quote;

  function fakeFeed() {
    const prices = new Map<string, Quote>();
    let ticker: ((q: Quote) => void) | null = null;
    let wanted: () => Iterable<string> = () => [];
    const feed: QuoteFeed = {
      current: (s) => prices.get(s) ?? quote(s, 1, 0),
      start(w, onQuote) {
        wanted = w;
        ticker = onQuote;
        return () => {
          ticker = null;
        };
      },
    };
    return {
      feed,
      set: (q: Quote) => prices.set(q.symbol, q),
      tick: () => {
        for (const s of wanted()) ticker?.(feed.current(s));
      },
      running: () => ticker !== null,
    };
  }

  function sink(symbols: string[]) {
    const chunks: string[] = [];
    let ended = false;
    const sub: Subscriber = { symbols, write: (c) => (chunks.push(c), true), end: () => (ended = true) };
    return { sub, chunks, ended: () => ended };
  }

  it('sends current quotes at once, each change once per subscriber, heartbeats, and stops when nobody listens', async () => {
    const f = fakeFeed();
    const hub = new QuoteHub(f.feed, 20);
    f.set(quote('A', 10, 1));
    const a = sink(['A', 'B']);
    const b = sink(['A']);
    const offA = hub.subscribe(a.sub);
    const offB = hub.subscribe(b.sub);
    expect(a.chunks.filter((c) => c.startsWith('event: quote'))).toHaveLength(2);
    expect(b.chunks).toHaveLength(1);
    expect(b.chunks[0]).toBe(`event: quote\ndata: ${JSON.stringify(quote('A', 10, 1))}\n\n`);
    f.tick();
    expect(b.chunks).toHaveLength(1); // nothing moved
    f.set(quote('A', 11, 2));
    f.tick();
    expect(a.chunks.filter((c) => c.includes('"price":11'))).toHaveLength(1);
    expect(b.chunks.filter((c) => c.includes('"price":11'))).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(b.chunks.some((c) => c === ': heartbeat\n\n')).toBe(true);
    offA();
    offA();
    expect(hub.watched()).toEqual(['A']);
    offB();
    expect(hub.size).toBe(0);
    expect(f.running()).toBe(false);
  });

  it('close() ends every subscriber and turns later ones away', () => {
    const f = fakeFeed();
    const hub = new QuoteHub(f.feed, 1_000);
    const a = sink(['A']);
    hub.subscribe(a.sub);
    hub.close();
    expect(a.ended()).toBe(true);
    expect(f.running()).toBe(false);
    const late = sink(['A']);
    hub.subscribe(late.sub);
    expect(late.ended()).toBe(true);
    expect(hub.size).toBe(0);
  });
});

describe.each(backends.slice(0, 1))('quote stream shutdown on $name', (backend) => {
  it(
    'app.close() ends open streams instead of waiting for them',
    async () => {
      const t = await createTestApp(backend);
      await t.built.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.built.app.server.address() as AddressInfo).port;
      const stream = await openStream(`http://127.0.0.1:${port}/api/v2/quotes/stream?symbols=AAPL`);
      await stream.quotes(1);
      const started = Date.now();
      await t.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      await stream.ended;
    },
    HOOK_TIMEOUT,
  );
});

/** Opens an SSE stream with node:http and parses `quote` events as they come. */
function openStream(url: string): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  quotes(n: number): Promise<Quote[]>;
  ended: Promise<void>;
  close(): void;
}> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      const queue: Quote[] = [];
      let waiter: (() => void) | null = null;
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const lines = block.split('\n');
          if (lines[0] === 'event: quote') queue.push(JSON.parse(lines[1]!.slice('data: '.length)));
        }
        waiter?.();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        ended,
        async quotes(n) {
          const deadline = Date.now() + 5_000;
          while (queue.length < n) {
            if (Date.now() > deadline) throw new Error(`only ${queue.length} of ${n} quote events arrived`);
            await new Promise<void>((r) => {
              waiter = r;
              setTimeout(r, 100);
            });
          }
          return queue.splice(0, n);
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}

async function waitFor(check: () => boolean, ms = 3_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `n` weekdays (YYYY-MM-DD) ending on or before `end`, oldest first. */
function weekdaysBefore(end: Date, n: number): string[] {
  const out: string[] = [];
  const d = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()));
  while (out.length < n) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) out.unshift(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out;
}

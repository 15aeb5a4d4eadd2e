import { calls } from '@invest/shared/contract';
import { referenceData } from '../src/market';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

const ref = referenceData();
const FOREX = ref.instruments.filter((i) => i.market === 'FOREX');
const FUTURES = ref.instruments.filter((i) => i.market === 'FUTURE');

describe.each(backends)('forex, futures and treasury lists on $name', (backend) => {
  const t = useApp(backend, { env: { MARKET_ALWAYS_OPEN: '1' } });
  let token: string;
  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    token = await t.current.login(phone, password);
  }, HOOK_TIMEOUT);

  const pairs = (query: Record<string, string> = {}) => t.current.get('/v2/currency/list', { token, query });

  describe('GET /v2/currency/list', () => {
    it('pages the pairs by 10 by default with the spec’s Currency pair fields; count is the total', async () => {
      const first = await pairs();
      expect(first.status).toBe(200);
      const data = calls.currencyList.output.parse(first.body.data);
      expect(data.count).toBe(FOREX.length);
      expect(data.rows).toHaveLength(Math.min(10, FOREX.length));
      const second = calls.currencyList.output.parse((await pairs({ page: '2' })).body.data);
      expect([...data.rows, ...second.rows].map((r) => r.stock)).toEqual(FOREX.map((i) => i.symbol));
      for (const r of data.rows) {
        expect(Object.keys(r)).toEqual(expect.arrayContaining(['stock', 'name', 'prasent', 'percent_change', 'price_change_percent']));
        expect(r.market).toBe('FOREX');
        expect(r.precision).toBe(4);
      }
      expect((await pairs({ page: '99' })).body.data).toEqual({ rows: [], count: FOREX.length });
    });

    it('prices come from the engine: the row agrees with the pair’s quote, the change to 4 decimals', async () => {
      const row = (await pairs({ code: 'USDINR' })).body.data.rows[0];
      const quote = (await t.current.get('/v2/yahoo', { token, query: { symbol: 'USDINR' } })).body.data;
      expect(row).toMatchObject({ stock: 'USDINR', name: 'USD/INR', exchange_name: quote.exchange_name, close_prices: quote.prevClose });
      expect(Math.abs(row.prasent - quote.price) / quote.price).toBeLessThan(0.01);
      expect(row.price_change_percent).toBeCloseTo(row.prasent - row.close_prices, 4);
      expect(Math.round(row.price_change_percent * 1e4) / 1e4).toBe(row.price_change_percent);
    });

    it('searches a pair’s code or name, case-insensitively; nothing found is an empty page', async () => {
      const inr = (await pairs({ code: 'inr' })).body.data;
      expect(inr.count).toBeGreaterThan(1);
      for (const r of inr.rows) expect(`${r.stock} ${r.name}`.toLowerCase()).toContain('inr');
      expect((await pairs({ code: 'EUR/USD' })).body.data.rows[0].stock).toBe('EURUSD');
      // A stock of the same name is not a pair.
      expect((await pairs({ code: 'RELIANCE' })).body.data).toEqual({ rows: [], count: 0 });
    });

    it.each([
      [{ page: '0' }, 400, 'invalidInput'],
      [{ limit: '1000' }, 400, 'invalidInput'],
      [{ code: 'x'.repeat(65) }, 400, 'invalidInput'],
      [{ market: 'FOREX' }, 400, 'unknownField'],
    ])('answers %j with %i %s', async (query, status, key) => {
      const res = await pairs(query as Record<string, string>);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ msg: 'no', data: key });
    });

    it('needs a user token', async () => {
      expect((await t.current.get('/v2/currency/list')).status).toBe(401);
    });
  });

  describe('GET /v2/stock/list with market and code (futures and treasury)', () => {
    const list = (query: Record<string, string>) => t.current.get('/v2/stock/list', { token, query });

    it('lists the market’s instruments, and `code` searches within it', async () => {
      const all = (await list({ market: 'FUTURE', limit: '100' })).body.data;
      expect(all.rows.map((r: { stock: string }) => r.stock)).toEqual(FUTURES.map((i) => i.symbol));
      const gold = (await list({ market: 'FUTURE', code: 'gc=f' })).body.data;
      expect(gold.rows[0].stock).toBe('GC=F');
      expect(gold.rows.every((r: { market: string }) => r.market === 'FUTURE')).toBe(true);
      const bonds = (await list({ market: 'CGI', code: 'US10Y' })).body.data;
      expect(bonds.rows.map((r: { stock: string }) => r.stock)).toEqual(['US10Y']);
      expect(bonds.rows[0].precision).toBe(4);
      expect((await list({ market: 'CGI', code: 'GC=F' })).body.data).toEqual({ rows: [], count: 0 });
    });
  });
});

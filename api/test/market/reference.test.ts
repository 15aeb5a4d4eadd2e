import raw from '../../src/market/data/instruments.json';
import { createMarketEngine, listedReference, loadReferenceData, referenceData } from '../../src/market';

const ref = referenceData();
const stocks = (market: string) => ref.instruments.filter((i) => i.kind === 'stock' && i.market === market);

describe('reference data', () => {
  it('has at least 50 Indian stocks with .NS / .BO codes, both exchanges present', () => {
    const inStocks = stocks('IN');
    expect(inStocks.length).toBeGreaterThanOrEqual(50);
    for (const s of inStocks) expect(s.symbol).toMatch(/\.(NS|BO)$/);
    expect(inStocks.filter((s) => s.symbol.endsWith('.NS')).length).toBeGreaterThan(inStocks.length / 2);
    expect(inStocks.some((s) => s.symbol.endsWith('.BO'))).toBe(true);
    for (const s of inStocks) expect(s.exchange).toBe(s.symbol.endsWith('.NS') ? 'NSE' : 'BSE');
  });

  it('has at least 30 US stocks on NASDAQ / NYSE', () => {
    const us = stocks('US');
    expect(us.length).toBeGreaterThanOrEqual(30);
    for (const s of us) expect(['NASDAQ', 'NYSE']).toContain(s.exchange);
    for (const s of us) expect(s.currency).toBe('USD');
  });

  it('has the named indices, forex pairs, futures and treasury bonds', () => {
    for (const s of ['^NSEI', '^BSESN', '^NSEBANK', '^GSPC', '^DJI', '^IXIC']) expect(ref.bySymbol.get(s)?.kind).toBe('index');
    expect(ref.bySymbol.get('^NSEI')?.name).toBe('NIFTY 50');
    expect(ref.instruments.filter((i) => i.market === 'FOREX' && i.kind === 'forex').length).toBeGreaterThanOrEqual(8);
    expect(ref.instruments.filter((i) => i.market === 'FUTURE' && i.kind === 'future').length).toBeGreaterThanOrEqual(6);
    expect(ref.instruments.filter((i) => i.market === 'CGI' && i.kind === 'bond').length).toBeGreaterThanOrEqual(6);
    for (const s of ['USDINR', 'EURUSD', 'GBPUSD', 'USDJPY', 'USDMXN']) expect(ref.bySymbol.get(s)?.market).toBe('FOREX');
  });

  it('has unique ids and symbols, sane prices, volatilities and precisions', () => {
    expect(new Set(ref.instruments.map((i) => i.id)).size).toBe(ref.instruments.length);
    expect(new Set(ref.instruments.map((i) => i.symbol)).size).toBe(ref.instruments.length);
    for (const i of ref.instruments) {
      expect(i.refPrice).toBeGreaterThan(0);
      expect(i.volatility).toBeGreaterThan(0);
      expect(i.volatility).toBeLessThan(1);
      expect(i.precision).toBe(i.kind === 'forex' || i.kind === 'bond' ? 4 : i.kind === 'bill' ? 7 : 2);
    }
    // A few levels we know roughly (late 2025): catches a misplaced digit.
    expect(ref.bySymbol.get('^NSEI')!.refPrice).toBeGreaterThan(20_000);
    expect(ref.bySymbol.get('^NSEI')!.refPrice).toBeLessThan(32_000);
    expect(ref.bySymbol.get('^GSPC')!.refPrice).toBeGreaterThan(5_000);
    expect(ref.bySymbol.get('USDINR')!.refPrice).toBeGreaterThan(80);
    expect(ref.bySymbol.get('^MXX')!.refPrice).toBeGreaterThan(50_000);
    expect(ref.bySymbol.get('^MXX')!.refPrice).toBeLessThan(75_000);
    // A bill's reference value is its yield in percent.
    for (const days of [28, 91, 182, 364]) expect(ref.bySymbol.get(`CETES${days}`)).toMatchObject({ kind: 'bill', market: 'CGI', currency: 'MXN', bill: { face: 10, days } });
  });

  it("lists a deployment's markets only, its home market's category first", () => {
    const mx = listedReference(ref, ['MX', 'US']);
    expect(mx.categories.map((c) => c.category_code)).toEqual(['MX', 'US']);
    expect(mx.bySymbol.has('RELIANCE.NS')).toBe(false);
    expect(mx.bySymbol.has('IN10Y')).toBe(false);
    expect(mx.bySymbol.has('CETES28')).toBe(true);
    // Forex and futures belong to no country: every deployment lists them.
    expect(mx.bySymbol.has('USDINR')).toBe(true);
    const inr = listedReference(ref, ['IN', 'US']);
    expect(inr.categories.map((c) => c.category_code)).toEqual(['IN', 'US']);
    expect(inr.bySymbol.has('AMXB.MX')).toBe(false);
    expect(inr.bySymbol.has('CETES28')).toBe(false);
  });

  it('lists only existing stocks as index members and existing indices in categories', () => {
    for (const idx of ref.instruments.filter((i) => i.kind === 'index')) {
      expect(idx.members?.length ?? 0).toBeGreaterThan(0);
      for (const m of idx.members ?? []) expect(ref.bySymbol.get(m)?.kind).toBe('stock');
    }
    expect(ref.categories.map((c) => c.category_code)).toEqual(expect.arrayContaining(['IN', 'US']));
    for (const c of ref.categories) {
      expect(c.stocks.length).toBeGreaterThan(0);
      for (const s of c.stocks) {
        const inst = ref.bySymbol.get(s.stock_code);
        expect(inst).toBeDefined();
        expect(inst!.id).toBe(s.id);
        expect(inst!.name).toBe(s.stock_name);
      }
    }
  });

  it('serves categories and index members through the engine', () => {
    const engine = createMarketEngine({ seed: 1, now: () => new Date('2026-01-05T06:00:00Z') });
    const india = engine.categories().find((c) => c.category_code === 'IN')!;
    expect(india.stocks.map((s) => s.stock_code)).toContain('^NSEI');
    expect(Object.keys(india).sort()).toEqual(['category_code', 'category_id', 'category_name', 'stocks']);
    const members = engine.members('^NSEBANK');
    expect(members.map((m) => m.symbol)).toContain('HDFCBANK.NS');
    expect(engine.members('RELIANCE.NS')).toEqual([]);
    expect(engine.instrument('reliance.ns')?.symbol).toBe('RELIANCE.NS');
    expect(engine.instruments({ market: 'FOREX' }).every((i) => i.kind === 'forex')).toBe(true);
  });

  describe('loader rejects bad files', () => {
    const clone = () => JSON.parse(JSON.stringify(raw)) as { instruments: Record<string, unknown>[]; categories: { stocks: Record<string, unknown>[] }[] };

    it('accepts the bundled file', () => {
      expect(() => loadReferenceData(clone())).not.toThrow();
    });
    it('duplicate id', () => {
      const f = clone();
      f.instruments[1]!.id = f.instruments[0]!.id;
      expect(() => loadReferenceData(f)).toThrow(/duplicate id/);
    });
    it('unknown index member', () => {
      const f = clone();
      (f.instruments[0]!.members as string[]).push('NOPE.NS');
      expect(() => loadReferenceData(f)).toThrow(/NOPE\.NS/);
    });
    it('category entry that is not an instrument', () => {
      const f = clone();
      f.categories[0]!.stocks[0]!.stock_code = '^NOPE';
      expect(() => loadReferenceData(f)).toThrow(/\^NOPE/);
    });
    it('schema violations (negative price, unknown session, extra field)', () => {
      const a = clone();
      a.instruments[3]!.refPrice = -1;
      expect(() => loadReferenceData(a)).toThrow();
      const b = clone();
      b.instruments[3]!.session = 'LSE';
      expect(() => loadReferenceData(b)).toThrow();
      const c = clone();
      c.instruments[3]!.price = 3;
      expect(() => loadReferenceData(c)).toThrow();
    });
  });
});

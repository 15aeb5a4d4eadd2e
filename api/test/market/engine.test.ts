import { createMarketEngine, DEFAULT_RANGE, INTERVALS, type Candle, UnknownInstrumentError } from '../../src/market';
import { engineAt, expectValidCandles, ist } from './helpers';

const WED_10 = ist('2026-11-18', '10:00:00');
const NSE_STOCKS = ['RELIANCE.NS', 'TCS.NS', 'HDFCBANK.NS', 'INFY.NS', 'SBIN.NS', 'ITC.NS', 'LT.NS', 'TATASTEEL.NS', 'WIPRO.NS', 'BEL.NS'];
const MIXED = ['^NSEI', '^BSESN', 'RELIANCE.NS', 'TATAPOWER.BO', 'IDEA.BO', '^GSPC', 'AAPL', 'NVDA', 'BRK-B', 'USDINR', 'USDJPY', 'EURUSD', 'GC=F', 'NIFTY-FUT', 'GOLD', 'IN10Y', 'US10Y'];

describe('market engine: determinism', () => {
  it('gives the same quote and history for the same seed and clock', () => {
    const a = engineAt(WED_10).engine;
    const b = engineAt(WED_10).engine;
    // Different call orders and cache states must not matter.
    for (const s of MIXED) a.history(s, '1mo');
    for (const s of MIXED) {
      expect(b.quote(s)).toEqual(a.quote(s));
      for (const i of INTERVALS) expect(b.history(s, i)).toEqual(a.history(s, i));
    }
  });

  it('gives different prices for a different seed', () => {
    const a = engineAt(WED_10).engine;
    const b = engineAt(WED_10, { seed: 'another-seed' }).engine;
    const differing = MIXED.filter((s) => a.quote(s).price !== b.quote(s).price);
    expect(differing.length).toBeGreaterThan(MIXED.length - 2);
    expect(a.history('^NSEI', '1d')).not.toEqual(b.history('^NSEI', '1d'));
  });

  it('pins the daily close on the anchor date to the reference price', () => {
    // 2025-11-28 is the reference data's anchor date.
    const { engine } = engineAt(ist('2025-11-28', '20:00:00'));
    for (const s of ['^NSEI', 'RELIANCE.NS', 'TCS.NS']) {
      const inst = engine.instrument(s)!;
      expect(engine.quote(s).price).toBe(inst.refPrice);
      expect(engine.history(s, '1d').at(-1)!.close).toBe(inst.refPrice);
    }
  });
});

describe('market engine: sessions and prices', () => {
  it('holds the price while closed: evening, night and Saturday quotes are equal', () => {
    const h = engineAt(ist('2026-11-20', '16:00:00'));
    const evening = h.engine.quote('RELIANCE.NS');
    h.set(ist('2026-11-20', '23:30:00'));
    const night = h.engine.quote('RELIANCE.NS');
    h.set(ist('2026-11-21', '12:00:00'));
    const saturday = h.engine.quote('RELIANCE.NS');
    expect(evening.marketOpen).toBe(false);
    expect(night).toEqual(evening);
    expect(saturday).toEqual(evening);
    expect(evening.asOf).toBe(ist('2026-11-20', '15:30:00').getTime());
    // ...and it is the close of the last 1m candle and the last daily candle.
    expect(h.engine.history('RELIANCE.NS', '1m').at(-1)!.close).toBe(evening.price);
    expect(h.engine.history('RELIANCE.NS', '1d').at(-1)!.close).toBe(evening.price);
  });

  it('moves the price during the session', () => {
    const h = engineAt(WED_10);
    const prices = new Set<number>();
    for (let k = 0; k < 24; k++) {
      h.set(new Date(WED_10.getTime() + k * 5000));
      prices.add(h.engine.quote('^NSEI').price);
    }
    expect(prices.size).toBeGreaterThan(10);
  });

  it('gaps at the open: the first price of the day is not the previous close', () => {
    const h = engineAt(ist('2026-11-18', '09:15:00'));
    let gaps = 0;
    for (const s of NSE_STOCKS) {
      const q = h.engine.quote(s);
      expect(q.marketOpen).toBe(true);
      expect(q.price).toBe(q.open);
      if (q.open !== q.prevClose) gaps++;
    }
    expect(gaps).toBeGreaterThanOrEqual(NSE_STOCKS.length - 1);
    // The previous close is yesterday's last price.
    h.set(ist('2026-11-17', '18:00:00'));
    const yesterday = h.engine.quote('RELIANCE.NS').price;
    h.set(ist('2026-11-18', '09:15:00'));
    expect(h.engine.quote('RELIANCE.NS').prevClose).toBe(yesterday);
  });

  it('keeps the day high/low/volume monotonic through the session', () => {
    const h = engineAt(ist('2026-11-18', '09:15:00'));
    let prev = h.engine.quote('TCS.NS');
    for (let k = 1; k < 400; k++) {
      h.set(new Date(ist('2026-11-18', '09:15:00').getTime() + k * 60_000 + (k % 12) * 5000));
      const q = h.engine.quote('TCS.NS');
      expect(q.high).toBeGreaterThanOrEqual(prev.high);
      expect(q.low).toBeLessThanOrEqual(prev.low);
      expect(q.volume).toBeGreaterThanOrEqual(prev.volume);
      expect(q.low).toBeLessThanOrEqual(q.price);
      expect(q.high).toBeGreaterThanOrEqual(q.price);
      prev = q;
    }
    expect(prev.marketOpen).toBe(false); // 09:15 + 399 min is after 15:30
  });

  it('rounds prices to the instrument precision (forex and bonds 4, others 2)', () => {
    const { engine } = engineAt(WED_10);
    const decimals = (x: number) => (String(x).split('.')[1] ?? '').length;
    for (const s of MIXED) {
      const q = engine.quote(s);
      const p = engine.instrument(s)!.precision;
      for (const x of [q.price, q.open, q.high, q.low, q.prevClose, q.change]) expect(decimals(x)).toBeLessThanOrEqual(p);
    }
    expect(engine.instrument('USDINR')!.precision).toBe(4);
    expect(engine.instrument('IN10Y')!.precision).toBe(4);
  });

  it('quotes every instrument with consistent fields', () => {
    const { engine } = engineAt(WED_10);
    for (const inst of engine.instruments()) {
      const q = engine.quote(inst.symbol);
      expect(q.symbol).toBe(inst.symbol);
      expect(q.name).toBe(inst.name);
      expect(q.price).toBeGreaterThan(0);
      expect(q.low).toBeLessThanOrEqual(Math.min(q.open, q.price));
      expect(q.high).toBeGreaterThanOrEqual(Math.max(q.open, q.price));
      expect(q.change).toBeCloseTo(q.price - q.prevClose, inst.precision);
      expect(q.changePercent).toBeCloseTo(((q.price - q.prevClose) / q.prevClose) * 100, 1);
      expect(q.simulated).toBe(true);
      // Within a sane band of the reference after a year (mean-reverting around a mild trend).
      expect(q.price / inst.refPrice).toBeGreaterThan(0.4);
      expect(q.price / inst.refPrice).toBeLessThan(2.5);
    }
  });

  it('throws UnknownInstrumentError for an unknown symbol and rejects 1m over a long range', () => {
    const { engine } = engineAt(WED_10);
    expect(() => engine.quote('NOPE')).toThrow(UnknownInstrumentError);
    expect(() => engine.history('NOPE', '1d')).toThrow(UnknownInstrumentError);
    expect(() => engine.history('AAPL', '1m', '1y')).toThrow(RangeError);
    expect(engine.quote('reliance.ns').symbol).toBe('RELIANCE.NS');
  });
});

describe('market engine: candles', () => {
  it('keeps low <= open, close <= high on every interval for many symbols', () => {
    for (const at of [WED_10, ist('2026-11-21', '12:00:00'), new Date('2026-07-15T15:00:00Z')]) {
      const { engine } = engineAt(at);
      for (const s of MIXED) for (const i of INTERVALS) expectValidCandles(engine.history(s, i), `${s} ${i} @${at.toISOString()}`);
    }
  });

  it('serves the spec chart periods: 1m over 1d, 1d and 1wk over 1y, 1mo over 5y', () => {
    expect(DEFAULT_RANGE).toEqual({ '1m': '1d', '1d': '1y', '1wk': '1y', '1mo': '5y' });
    const { engine } = engineAt(WED_10);
    const m = engine.history('^NSEI', '1m');
    expect(m).toHaveLength(46); // 09:15 ... 10:00 (the last one in progress)
    expect(m[0]!.timestamp).toBe(ist('2026-11-18', '09:15:00').getTime());
    expect(m.at(-1)!.timestamp).toBe(ist('2026-11-18', '10:00:00').getTime());
    const d = engine.history('^NSEI', '1d');
    expect(d.length).toBeGreaterThan(250);
    expect(d.length).toBeLessThan(265);
    expect(d.at(-1)!.timestamp).toBe(ist('2026-11-18', '09:15:00').getTime());
    const w = engine.history('^NSEI', '1wk');
    expect(w.length).toBeGreaterThanOrEqual(52);
    expect(w.length).toBeLessThanOrEqual(54);
    const mo = engine.history('^NSEI', '1mo');
    expect(mo.length).toBeGreaterThanOrEqual(60);
    expect(mo.length).toBeLessThanOrEqual(61);
    // After the close the 1m chart is the whole last session.
    const closed = engineAt(ist('2026-11-18', '20:00:00')).engine;
    expect(closed.history('^NSEI', '1m')).toHaveLength(375);
    // Before the open it is still the previous session.
    const early = engineAt(ist('2026-11-18', '08:00:00')).engine;
    expect(early.history('^NSEI', '1m')[0]!.timestamp).toBe(ist('2026-11-17', '09:15:00').getTime());
  });

  it('agrees with the live price: last 1m, 1d, 1wk and 1mo closes equal the quote during the session', () => {
    for (const at of [WED_10, ist('2026-11-18', '14:07:43'), new Date('2026-11-18T15:31:12Z')]) {
      const { engine } = engineAt(at);
      for (const s of MIXED) {
        const q = engine.quote(s);
        const m = engine.history(s, '1m').at(-1)!;
        const d = engine.history(s, '1d').at(-1)!;
        expect(m.close).toBe(q.price);
        expect(d.close).toBe(q.price);
        expect(engine.history(s, '1wk').at(-1)!.close).toBe(q.price);
        expect(engine.history(s, '1mo').at(-1)!.close).toBe(q.price);
        expect([d.open, d.high, d.low, d.volume]).toEqual([q.open, q.high, q.low, q.volume]);
      }
    }
  });

  it('builds daily candles from the same minute path as the 1m candles', () => {
    const { engine } = engineAt(ist('2026-11-17', '18:00:00'));
    const minutes = engine.history('INFY.NS', '1m');
    const yesterdayDaily = engineAt(ist('2026-11-18', '12:00:00')).engine.history('INFY.NS', '1d').at(-2)!;
    const agg = {
      open: minutes[0]!.open,
      high: Math.max(...minutes.map((r) => r.high)),
      low: Math.min(...minutes.map((r) => r.low)),
      close: minutes.at(-1)!.close,
      volume: minutes.reduce((a, r) => a + r.volume, 0),
    };
    expect(yesterdayDaily).toMatchObject(agg);
  });

  it('ends the live day exactly on the completed daily bar', () => {
    // Live figures in the last tick of the session (day path in memory) vs. the completed bar of a fresh engine.
    const live = engineAt(ist('2026-11-18', '15:29:55')).engine;
    const done = engineAt(ist('2026-11-18', '20:00:00')).engine;
    for (const s of [...NSE_STOCKS, '^NSEI', '^NSEBANK']) {
      const a = live.quote(s);
      const b = done.quote(s);
      expect(a.marketOpen).toBe(true);
      expect(b.marketOpen).toBe(false);
      expect([a.open, a.high, a.low, a.volume, a.prevClose]).toEqual([b.open, b.high, b.low, b.volume, b.prevClose]);
      expect(done.history(s, '1d').at(-1)).toMatchObject({ open: b.open, high: b.high, low: b.low, close: b.price, volume: b.volume });
    }
  });

  it('builds weekly and monthly candles from the daily ones', () => {
    const { engine } = engineAt(WED_10);
    const daily = engine.history('AAPL', '1d');
    const weekly = engine.history('AAPL', '1wk');
    const lastWeek = weekly.at(-2)!;
    const days = daily.filter((d) => d.timestamp >= lastWeek.timestamp && d.timestamp < weekly.at(-1)!.timestamp);
    expect(days).toHaveLength(5);
    expect(lastWeek.open).toBe(days[0]!.open);
    expect(lastWeek.close).toBe(days.at(-1)!.close);
    expect(lastWeek.high).toBe(Math.max(...days.map((d) => d.high)));
    expect(lastWeek.low).toBe(Math.min(...days.map((d) => d.low)));
  });
});

describe('market engine: alwaysOpen', () => {
  it('keeps every market open and moving on a Saturday', () => {
    const sat = ist('2026-11-21', '12:00:00');
    const h = engineAt(sat, { alwaysOpen: true });
    expect(h.engine.isOpen('RELIANCE.NS')).toBe(true);
    const a = h.engine.quote('RELIANCE.NS');
    expect(a.marketOpen).toBe(true);
    h.set(new Date(sat.getTime() + 3600_000));
    const b = h.engine.quote('RELIANCE.NS');
    expect(b.price).not.toBe(a.price);
    expect(h.engine.history('RELIANCE.NS', '1m').at(-1)!.close).toBe(b.price);
    expect(h.engine.history('RELIANCE.NS', '1d').at(-1)!.close).toBe(b.price);
    for (const i of INTERVALS) expectValidCandles(h.engine.history('USDINR', i), `alwaysOpen USDINR ${i}`);
    // Without the switch the same instant is closed.
    expect(engineAt(sat).engine.quote('RELIANCE.NS').marketOpen).toBe(false);
  });
});

describe('market engine: chart, sparkline and subscription', () => {
  it('returns the spec chart data with line and area paths', () => {
    const { engine } = engineAt(WED_10);
    const c = engine.chart('^NSEI', '1m', { width: 200, height: 50 });
    const q = engine.quote('^NSEI');
    expect(c).toMatchObject({ symbol: '^NSEI', name: 'NIFTY 50', price: q.price, change: q.change, changePercent: q.changePercent, percent_change: q.changePercent });
    expect(c.rows).toEqual(engine.history('^NSEI', '1m'));
    expect(c.linePath).toMatch(/^M0 [\d.]+(L[\d.]+ [\d.]+){45}$/);
    expect(c.areaPath.startsWith(c.linePath)).toBe(true);
    expect(c.areaPath.endsWith('L200 50L0 50Z')).toBe(true);
  });

  it('scales a sparkline between the padding lines', () => {
    const { engine } = engineAt(WED_10);
    const rows = [{ close: 10 }, { close: 20 }, { close: 15 }] as Candle[];
    expect(engine.sparkline(rows, 100, 40)).toEqual({ linePath: 'M0 38L50 2L100 20', areaPath: 'M0 38L50 2L100 20L100 40L0 40Z' });
    expect(engine.sparkline([], 100, 40)).toEqual({ linePath: '', areaPath: '' });
    expect(engine.sparkline([{ close: 5 }, { close: 5 }], 10, 20).linePath).toBe('M0 10L10 10');
  });

  it('pushes new quotes to subscribers', () => {
    jest.useFakeTimers();
    try {
      const h = engineAt(WED_10);
      const got: number[] = [];
      const stop = h.engine.subscribe(['^NSEI'], (q) => got.push(q.asOf), { intervalMs: 1000 });
      expect(got).toEqual([WED_10.getTime()]);
      jest.advanceTimersByTime(1000); // same tick: nothing new
      expect(got).toHaveLength(1);
      h.set(new Date(WED_10.getTime() + 5000));
      jest.advanceTimersByTime(1000);
      expect(got).toEqual([WED_10.getTime(), WED_10.getTime() + 5000]);
      stop();
      h.set(new Date(WED_10.getTime() + 10_000));
      jest.advanceTimersByTime(5000);
      expect(got).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers a hot quote from cache quickly', () => {
    const engine = createMarketEngine({ seed: 'perf' });
    engine.quote('RELIANCE.NS');
    const start = performance.now();
    for (let i = 0; i < 200_000; i++) engine.quote('RELIANCE.NS');
    expect(performance.now() - start).toBeLessThan(1000); // ~20 ms measured; generous for slow CI
  });
});

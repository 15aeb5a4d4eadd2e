import { createMarketEngine, type Candle, type MarketEngineOptions } from '../../src/market';

/** A Date for a wall-clock time in India (IST has no DST). */
export const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);

/** An engine on a fixed, settable clock. */
export function engineAt(at: Date, opts: Partial<MarketEngineOptions> = {}) {
  const clock = { now: at };
  const engine = createMarketEngine({ seed: 'test-seed', ...opts, now: () => clock.now });
  return {
    engine,
    clock,
    set(d: Date) {
      clock.now = d;
    },
  };
}

export function expectValidCandles(rows: Candle[], label: string): void {
  expect(rows.length).toBeGreaterThan(0);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const where = `${label} row ${i} ${JSON.stringify(r)}`;
    if (!(r.low <= Math.min(r.open, r.close) && Math.max(r.open, r.close) <= r.high && r.low > 0)) {
      throw new Error(`OHLC invariant broken: ${where}`);
    }
    if (!(Number.isInteger(r.volume) && r.volume >= 0)) throw new Error(`bad volume: ${where}`);
    if (i > 0) {
      const prev = rows[i - 1]!;
      if (!(r.timestamp > prev.timestamp)) throw new Error(`timestamps not increasing: ${where}`);
      if (Math.abs(r.change - (r.close - prev.close)) > 1e-6) throw new Error(`change is not close - previous close: ${where}`);
    }
  }
}

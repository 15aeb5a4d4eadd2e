import type { Candle } from '@invest/shared';
import { applyQuoteToRows, buildChartModel, candleLabel, diffFrom, MA_PERIODS, MAX_VISIBLE_CANDLES, movingAverage, VOLUME_PANE_HEIGHT } from '../src/chart/chartData';

const candles = (n: number, start = Date.UTC(2025, 0, 1), step = 86_400_000): Candle[] =>
  Array.from({ length: n }, (_, i) => ({ timestamp: start + i * step, open: i, high: i + 2, low: i - 1, close: i + 1, volume: i * 10, change: 1 }));

it('uses the spec chart constants', () => {
  expect(VOLUME_PANE_HEIGHT).toBe(80);
  expect([...MA_PERIODS]).toEqual([5, 10, 20]);
});

it('averages closes once enough exist', () => {
  expect(movingAverage([1, 2, 3, 4, 5, 6], 5)).toEqual([null, null, null, null, 3, 4]);
});

it('K charts carry MA5/10/20 computed over all rows and show the latest candles', () => {
  const m = buildChartModel(candles(250), '1d');
  expect(m.bars).toHaveLength(MAX_VISIBLE_CANDLES);
  expect(m.averages.map((a) => a.period)).toEqual([5, 10, 20]);
  // The first visible candle already has a 20-day average, because older rows feed it.
  expect(m.averages[2]!.points[0]!.value).not.toBeNull();
  const last = m.bars[m.bars.length - 1]!;
  expect(last).toMatchObject({ open: 249, high: 251, low: 248, close: 250 });
  expect(m.lastAverages[0]!.value).toBeCloseTo((246 + 247 + 248 + 249 + 250) / 5);
  expect(m.volumes.every((v) => v.up)).toBe(true);
});

it('the real-time chart is an area of closes without averages', () => {
  const m = buildChartModel(candles(30, Date.UTC(2025, 0, 1, 4), 60_000), '1m');
  expect(m.bars).toHaveLength(30);
  expect(m.bars[0]!.time).toBe(Date.UTC(2025, 0, 1, 4) / 1000);
  expect(m.averages).toEqual([]);
});

it('labels times on the exchange clock, not the reader clock', () => {
  // 03:45 UTC is the NSE open, 09:15 in Kolkata; 14:30 UTC is the NYSE open, 09:30 in New York (winter).
  expect(candleLabel(Date.UTC(2025, 0, 6, 3, 45), '1m', 'Asia/Kolkata')).toBe('09:15');
  expect(candleLabel(Date.UTC(2025, 0, 6, 14, 30), '1m', 'America/New_York')).toBe('09:30');
  // A month candle stamped at the NSE open of 1 Dec is December there.
  expect(candleLabel(Date.UTC(2025, 11, 1, 3, 45), '1mo', 'Asia/Kolkata')).toBe('2025-12');
  expect(buildChartModel(candles(1), '1d', 'Asia/Kolkata').timeZone).toBe('Asia/Kolkata');
});

it('a pushed quote moves the last candle, or opens the next minute', () => {
  const rows = candles(3, Date.UTC(2025, 0, 1, 4), 60_000);
  const inMinute = applyQuoteToRows(rows, { price: 10, asOf: rows[2]!.timestamp + 30_000 }, '1m');
  expect(inMinute).toHaveLength(3);
  expect(inMinute[2]).toMatchObject({ close: 10, high: 10, low: 1 });
  const next = applyQuoteToRows(rows, { price: 2.5, asOf: rows[2]!.timestamp + 61_000 }, '1m');
  expect(next).toHaveLength(4);
  expect(next[3]).toMatchObject({ open: 3, close: 2.5, timestamp: rows[2]!.timestamp + 60_000 });
  // Older than the last candle: nothing changes.
  expect(applyQuoteToRows(rows, { price: 99, asOf: rows[0]!.timestamp }, '1m')).toBe(rows);
});

it('tells a moved or added last bar from a new picture', () => {
  const rows = candles(5, Date.UTC(2025, 0, 1, 4), 60_000);
  const drawn = buildChartModel(rows, '1m');
  expect(diffFrom(null, drawn)).toBe('all');
  expect(diffFrom(drawn, buildChartModel(rows, '1m'))).toBe('same');
  expect(diffFrom(drawn, buildChartModel(applyQuoteToRows(rows, { price: 9, asOf: rows[4]!.timestamp + 1 }, '1m'), '1m'))).toBe('tail');
  expect(diffFrom(drawn, buildChartModel(applyQuoteToRows(rows, { price: 9, asOf: rows[4]!.timestamp + 60_001 }, '1m'), '1m'))).toBe('tail');
  expect(diffFrom(drawn, buildChartModel(rows.map((r, i) => (i === 1 ? { ...r, close: 0 } : r)), '1m'))).toBe('all');
  expect(diffFrom(drawn, buildChartModel(rows.slice(1), '1m'))).toBe('all');
  expect(diffFrom(drawn, buildChartModel(rows, '1d'))).toBe('all');
});

import type { Candle, Interval, Quote } from '@invest/shared';

/** Spec §9: the volume pane is 80 px high; the K charts draw moving averages of 5, 10 and 20 closes. */
export const VOLUME_PANE_HEIGHT = 80;
export const MA_PERIODS = [5, 10, 20] as const;
/** Day candles over a year are too thin on a phone: the chart shows the latest ones (averages use all rows). */
export const MAX_VISIBLE_CANDLES = 100;

/** Simple moving average of closes; null until `period` closes exist. */
export function movingAverage(closes: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= period) sum -= closes[i - period]!;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** Date parts in the exchange's time zone (formatters are cached: a chart labels hundreds of points). */
function partsIn(ts: number, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  const out = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const p of f.formatToParts(ts)) if (p.type in out) out[p.type as keyof typeof out] = p.value;
  return out;
}

/** An axis label for a candle of this interval, in the exchange's time zone. */
export function candleLabel(ts: number, interval: Interval, timeZone = 'UTC'): string {
  const d = partsIn(ts, timeZone);
  if (interval === '1m') return `${d.hour}:${d.minute}`;
  if (interval === '1mo') return `${d.year}-${d.month}`;
  return `${d.year}-${d.month}-${d.day}`;
}

/** The short form under the chart (the tooltip shows the full label). */
export function axisLabel(label: string, interval: Interval): string {
  return interval === '1d' || interval === '1wk' ? label.slice(5) : label;
}

/**
 * What the chart draws. Points sit at x = their index (a numeric axis without gaps for nights and weekends);
 * `labels[x]` names them.
 */
export interface ChartModel {
  interval: Interval;
  labels: string[];
  candles: { x: number; y: [number, number, number, number] }[];
  closes: { x: number; y: number }[];
  volumes: { x: number; y: number; up: boolean }[];
  /** One line per MA period, aligned with `labels`. */
  averages: { period: number; points: { x: number; y: number | null }[] }[];
  /** Latest value of each average (the legend). */
  lastAverages: { period: number; value: number | null }[];
}

/** Everything the chart draws, from the API's rows: labels, OHLC, closes, coloured volumes and the averages. */
export function buildChartModel(rows: readonly Candle[], interval: Interval, timeZone = 'UTC'): ChartModel {
  const isK = interval !== '1m';
  const start = isK ? Math.max(0, rows.length - MAX_VISIBLE_CANDLES) : 0;
  const closesAll = rows.map((r) => r.close);
  const visible = rows.slice(start);
  const labels = visible.map((r) => candleLabel(r.timestamp, interval, timeZone));
  const averages = isK
    ? MA_PERIODS.map((period) => {
        const ma = movingAverage(closesAll, period).slice(start);
        return { period, points: labels.map((_, i) => ({ x: i, y: ma[i] === null || ma[i] === undefined ? null : round(ma[i]!) })) };
      })
    : [];
  return {
    interval,
    labels,
    candles: visible.map((r, i) => ({ x: i, y: [r.open, r.high, r.low, r.close] })),
    closes: visible.map((r, i) => ({ x: i, y: r.close })),
    volumes: visible.map((r, i) => ({ x: i, y: r.volume, up: r.close >= r.open })),
    averages,
    lastAverages: averages.map((a) => ({ period: a.period, value: a.points[a.points.length - 1]?.y ?? null })),
  };
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

const PERIOD_MS: Record<Interval, number> = { '1m': 60_000, '1d': 86_400_000, '1wk': 7 * 86_400_000, '1mo': 31 * 86_400_000 };

/**
 * A pushed quote moves the chart: it updates the last candle (close, high, low) when it falls inside it, and on the
 * 1-minute chart opens a new candle when a new minute has begun. Quotes older than the last candle change nothing.
 */
export function applyQuoteToRows(rows: readonly Candle[], quote: Pick<Quote, 'price' | 'asOf'>, interval: Interval): readonly Candle[] {
  const last = rows[rows.length - 1];
  if (!last || !Number.isFinite(quote.price) || quote.asOf < last.timestamp) return rows;
  const price = quote.price;
  if (interval === '1m') {
    const minute = Math.floor(quote.asOf / 60_000) * 60_000;
    if (minute > last.timestamp) {
      return [
        ...rows,
        { timestamp: minute, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price, volume: 0, change: price - last.close },
      ];
    }
  } else if (quote.asOf - last.timestamp >= PERIOD_MS[interval]) {
    return rows; // a new period the server has not drawn yet: the next load brings it
  }
  if (last.close === price) return rows;
  const updated: Candle = {
    ...last,
    close: price,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    change: last.change + (price - last.close),
  };
  return [...rows.slice(0, -1), updated];
}

import type { Candle, Interval, Quote } from '@invest/shared';

/** Spec §9: the volume pane is 80 px high; the K charts draw moving averages of 5, 10 and 20 closes. */
export const VOLUME_PANE_HEIGHT = 80;
export const MA_PERIODS = [5, 10, 20] as const;
/** Day candles over a year are too thin on a phone: the chart shows the latest ones (averages use all rows). */
export const MAX_VISIBLE_CANDLES = 100;
/** The chart's lines around its panes: the legend above (22 px) and the credit below (20 px). */
const CHART_CHROME_PX = 42;

/** The height a chart of this price-pane height takes, all of it: a screen keeps it for the chart while it loads. */
export const chartBlockHeight = (priceHeight: number) => priceHeight + VOLUME_PANE_HEIGHT + CHART_CHROME_PX;

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
/** Date parts in the exchange's time zone (formatters are cached: a chart labels many points). */
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

/** The label of a candle of this interval (crosshair, summary), in the exchange's time zone. */
export function candleLabel(ts: number, interval: Interval, timeZone = 'UTC'): string {
  const d = partsIn(ts, timeZone);
  if (interval === '1m') return `${d.hour}:${d.minute}`;
  if (interval === '1mo') return `${d.year}-${d.month}`;
  return `${d.year}-${d.month}-${d.day}`;
}

/** The short form under the chart (the crosshair shows the full label). */
export function axisLabel(label: string, interval: Interval): string {
  return interval === '1d' || interval === '1wk' ? label.slice(5) : label;
}

/** Seconds since the epoch: the time of a point as the chart library takes it. */
export type ChartTime = number;

export interface Bar {
  time: ChartTime;
  open: number;
  high: number;
  low: number;
  close: number;
}

/**
 * What the chart draws, from the API's rows: plain numbers, so a live price changes one bar and the chart redraws
 * only that one (see diffFrom). Labels are made by the chart when it shows them, never per point.
 */
export interface ChartModel {
  interval: Interval;
  /** The exchange's clock: times are labelled there. */
  timeZone: string;
  bars: Bar[];
  volumes: { time: ChartTime; value: number; up: boolean }[];
  /** One line per MA period, aligned with `bars` (null before the average exists). */
  averages: { period: number; points: { time: ChartTime; value: number | null }[] }[];
  /** Latest value of each average (the legend). */
  lastAverages: { period: number; value: number | null }[];
}

const toTime = (ms: number): ChartTime => Math.floor(ms / 1000);

/*
 * A live price replaces one row and keeps the others (applyQuoteToRows): each row's bar is made once and kept with
 * it, so a new model costs a new array, and the rows that did not change are the same bars (diffFrom skips them).
 */
const barsOfRows = new WeakMap<Candle, Bar>();
function barOf(r: Candle): Bar {
  let bar = barsOfRows.get(r);
  if (!bar) barsOfRows.set(r, (bar = { time: toTime(r.timestamp), open: r.open, high: r.high, low: r.low, close: r.close }));
  return bar;
}

/** Everything the chart draws: OHLC bars, coloured volumes and, on K charts, the averages over all rows. */
export function buildChartModel(rows: readonly Candle[], interval: Interval, timeZone = 'UTC'): ChartModel {
  const isK = interval !== '1m';
  const start = isK ? Math.max(0, rows.length - MAX_VISIBLE_CANDLES) : 0;
  const visible = rows.slice(start);
  const bars = visible.map(barOf);
  const closes = rows.map((r) => r.close);
  const averages = isK
    ? MA_PERIODS.map((period) => {
        const ma = movingAverage(closes, period).slice(start);
        return { period, points: bars.map((b, i) => ({ time: b.time, value: ma[i] === null || ma[i] === undefined ? null : round(ma[i]!) })) };
      })
    : [];
  return {
    interval,
    timeZone,
    bars,
    volumes: visible.map((r, i) => ({ time: bars[i]!.time, value: r.volume, up: r.close >= r.open })),
    averages,
    lastAverages: averages.map((a) => ({ period: a.period, value: a.points[a.points.length - 1]?.value ?? null })),
  };
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

const sameBar = (a: Bar, b: Bar) => a.time === b.time && a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close;

/**
 * How `next` differs from the model drawn before: 'same'; 'tail' when only its last bar changed or one bar was added
 * after it (a live price: redraw that bar alone); 'all' otherwise (another answer, another window: draw it afresh).
 */
export function diffFrom(drawn: ChartModel | null, next: ChartModel): 'same' | 'tail' | 'all' {
  if (!drawn || drawn.interval !== next.interval) return 'all';
  const [a, b] = [drawn.bars, next.bars];
  if (b.length !== a.length && b.length !== a.length + 1) return 'all';
  const kept = a.length - 1;
  for (let i = 0; i < kept; i++) if (a[i] !== b[i] && !sameBar(a[i]!, b[i]!)) return 'all';
  if (b.length === a.length && (a.length === 0 || sameBar(a[kept]!, b[kept]!))) return 'same';
  return a.length === 0 || a[kept]!.time === b[kept]!.time ? 'tail' : 'all';
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

import { VOLUME_PANE_HEIGHT, type ChartModel } from './chartData';

/**
 * The chart as plain vector shapes, laid out as the chart library lays it out (price pane, 1 px separator, the
 * 80 px volume pane, the time axis; the price scale on the right): what ChartSketch draws while the library's code
 * is on its way, and what a first frame draws on the server. Horizontal positions are in a 1000-unit box the SVG
 * stretches to the plot's width; vertical ones are in CSS pixels.
 */
export const SKETCH_WIDTH = 1000;
/** The library's time axis under the panes, and the margins it keeps in the price pane (set in StockChart). */
export const TIME_AXIS_PX = 25;
export const PRICE_MARGINS = { top: 0.1, bottom: 0.05 } as const;
const VOLUME_TOP_MARGIN = 0.2;
/** Grid lines and price labels are at least this far apart, as the library spaces them. */
const MIN_TICK_GAP_PX = 30;

export interface SketchLayout {
  /** The price pane's height; the volume pane starts 1 px under it. */
  pricePane: number;
  volumeTop: number;
  /** Where the time axis starts, under the volume pane. */
  timeAxisTop: number;
  /** The panes and the time axis: the box the chart library fills. */
  total: number;
}

export const sketchLayout = (height: number): SketchLayout => {
  const total = height + VOLUME_PANE_HEIGHT;
  const pricePane = total - VOLUME_PANE_HEIGHT - 1 - TIME_AXIS_PX;
  return { pricePane, volumeTop: pricePane + 1, timeAxisTop: pricePane + 1 + VOLUME_PANE_HEIGHT, total };
};

/** The lowest and highest price the pane shows: closes on the real-time area, highs and lows on candles. */
export function priceRange(model: ChartModel): { low: number; high: number } {
  const area = model.interval === '1m';
  let low = Infinity;
  let high = -Infinity;
  for (const b of model.bars) {
    low = Math.min(low, area ? b.close : b.low);
    high = Math.max(high, area ? b.close : b.high);
  }
  for (const a of model.averages) {
    for (const p of a.points) {
      if (p.value === null) continue;
      low = Math.min(low, p.value);
      high = Math.max(high, p.value);
    }
  }
  // A flat line sits in the middle of a one-tick range.
  if (high - low < 1e-9) return { low: low - 1, high: high + 1 };
  return { low, high };
}

/** Round-number price ticks over the range, at least MIN_TICK_GAP_PX apart on a pane `pixels` high. */
export function priceTicks(low: number, high: number, pixels: number): number[] {
  const span = high - low;
  const rough = (span * MIN_TICK_GAP_PX) / Math.max(pixels, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let k = Math.ceil(low / step); k * step <= high + step * 1e-9; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export interface SketchShapes {
  /** Price to y in the price pane. */
  y(price: number): number;
  /** The real-time line (an SVG path), and the area under it down to the pane's bottom. */
  line: string;
  area: string;
  /** Candle bodies and wicks, rising and falling ones apart (they differ in colour). */
  candles: { up: string; down: string; upWicks: string; downWicks: string };
  averages: string[];
  volumes: { up: string; down: string };
  ticks: number[];
  /** Up to four times under the plot: their place (0–1 across it) and the bar they name. */
  times: { at: number; index: number }[];
}

/** Every shape the sketch draws, from the model, for a price pane of `layout`. */
export function sketchShapes(model: ChartModel, layout: SketchLayout): SketchShapes {
  const n = model.bars.length;
  const { low, high } = priceRange(model);
  const usable = layout.pricePane * (1 - PRICE_MARGINS.top - PRICE_MARGINS.bottom);
  const y = (price: number) => r1(layout.pricePane * PRICE_MARGINS.top + ((high - price) / (high - low)) * usable);
  const slot = SKETCH_WIDTH / Math.max(n, 1);
  const x = (i: number) => r1(slot * (i + 0.5));
  const body = Math.max(slot * 0.6, 1);

  let line = '';
  model.bars.forEach((b, i) => (line += `${i ? 'L' : 'M'}${x(i)},${y(b.close)}`));
  const area = n ? `${line}L${x(n - 1)},${layout.pricePane}L${x(0)},${layout.pricePane}Z` : '';

  const candles = { up: '', down: '', upWicks: '', downWicks: '' };
  if (model.interval !== '1m') {
    model.bars.forEach((b, i) => {
      const up = b.close >= b.open;
      const top = y(Math.max(b.open, b.close));
      const h = Math.max(r1(y(Math.min(b.open, b.close)) - top), 1);
      const rect = `M${r1(x(i) - body / 2)},${top}h${r1(body)}v${h}h${-r1(body)}Z`;
      const wick = `M${x(i)},${y(b.high)}V${y(b.low)}`;
      if (up) {
        candles.up += rect;
        candles.upWicks += wick;
      } else {
        candles.down += rect;
        candles.downWicks += wick;
      }
    });
  }

  const averages = model.averages.map((a) => {
    let d = '';
    let open = false;
    a.points.forEach((p, i) => {
      if (p.value === null) return void (open = false);
      d += `${open ? 'L' : 'M'}${x(i)},${y(p.value)}`;
      open = true;
    });
    return d;
  });

  const volumes = { up: '', down: '' };
  const most = Math.max(1, ...model.volumes.map((v) => v.value));
  const bottom = layout.timeAxisTop;
  const tall = VOLUME_PANE_HEIGHT * (1 - VOLUME_TOP_MARGIN);
  model.volumes.forEach((v, i) => {
    const h = r1((v.value / most) * tall);
    if (h <= 0) return;
    volumes[v.up ? 'up' : 'down'] += `M${r1(x(i) - body / 2)},${r1(bottom - h)}h${r1(body)}v${h}h${-r1(body)}Z`;
  });

  const times = n < 2 ? [] : [0.12, 0.38, 0.62, 0.88].map((at) => ({ at, index: Math.min(n - 1, Math.floor(at * n)) }));
  // Ticks over the whole pane, margins included, as far as a label fits in it.
  const priceAt = (py: number) => high - ((py - layout.pricePane * PRICE_MARGINS.top) / usable) * (high - low);
  const ticks = priceTicks(priceAt(layout.pricePane), priceAt(0), layout.pricePane).filter((v) => y(v) >= 6 && y(v) <= layout.pricePane - 6);
  return { y, line, area, candles, averages, volumes, ticks, times };
}

/**
 * The price scale's width for labels of `chars` characters (the library sizes it to its widest label, at least
 * 58 px), so the sketch's plot ends where the chart's will.
 */
export const priceScaleWidth = (chars: number) => Math.max(58, Math.round(chars * 6 + 20));

import type { SvgPaths } from './types';

// Module-local alias of the Math global: under Jest (a vm context) every global look-up goes through an interceptor
// and the simulator's hot loops run ~20x slower; a local binding avoids that (no effect in plain Node).
const Math = globalThis.Math;

/** Number for an SVG path: at most 2 decimals, no trailing zeros, no -0. */
function num(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/**
 * Which rows a path of `width` units draws: all of them, or (when there are more than two per unit) the first, the
 * last and each unit's lowest and highest close in time order. A card is about 100 px wide, so a day of 1-minute
 * rows (~900) draws the same line from ~200 points, and the paths stay a few KB instead of ~14 KB.
 */
function pointsOf(count: number, closeAt: (i: number) => number, width: number): number[] {
  const buckets = Math.max(1, Math.ceil(width));
  if (count <= 2 * buckets) return Array.from({ length: count }, (_, i) => i);
  const picked = [0];
  for (let b = 0; b < buckets; b++) {
    const start = Math.floor((b * count) / buckets);
    const end = Math.floor(((b + 1) * count) / buckets);
    let lo = start;
    let hi = start;
    for (let i = start + 1; i < end; i++) {
      if (closeAt(i) < closeAt(lo)) lo = i;
      if (closeAt(i) > closeAt(hi)) hi = i;
    }
    for (const i of lo === hi ? [lo] : [Math.min(lo, hi), Math.max(lo, hi)]) if (i > picked[picked.length - 1]!) picked.push(i);
  }
  if (picked[picked.length - 1] !== count - 1) picked.push(count - 1);
  return picked;
}

/**
 * SVG paths for a small price card (the spec's linePath / areaPath): the closes of `rows` spread evenly across
 * `width`, scaled so the lowest close touches the bottom padding and the highest the top (see pointsOf for how
 * many are drawn). `areaPath` closes the line down to the bottom edge for a filled area. No rows: empty paths.
 * Flat prices: a line across the middle.
 */
export function sparkline(rows: readonly { close: number }[], width = 100, height = 40, padding = 2): SvgPaths {
  if (!(width > 0) || !(height > 0)) throw new RangeError('sparkline width and height must be positive');
  if (rows.length === 0) return { linePath: '', areaPath: '' };
  let min = Infinity;
  let max = -Infinity;
  for (const r of rows) {
    if (r.close < min) min = r.close;
    if (r.close > max) max = r.close;
  }
  const pad = Math.min(padding, height / 4);
  const span = max - min;
  const y = (c: number) => (span > 0 ? pad + ((max - c) / span) * (height - 2 * pad) : height / 2);
  const points: string[] = [];
  if (rows.length === 1) {
    const yy = num(y(rows[0]!.close));
    points.push(`0 ${yy}`, `${num(width)} ${yy}`);
  } else {
    const step = width / (rows.length - 1);
    for (const i of pointsOf(rows.length, (k) => rows[k]!.close, width)) points.push(`${num(i * step)} ${num(y(rows[i]!.close))}`);
  }
  const linePath = `M${points.join('L')}`;
  const areaPath = `${linePath}L${num(width)} ${num(height)}L0 ${num(height)}Z`;
  return { linePath, areaPath };
}

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
 * SVG paths for a small price card (the spec's linePath / areaPath): the closes of `rows` spread evenly across
 * `width`, scaled so the lowest close touches the bottom padding and the highest the top. `areaPath` closes the line
 * down to the bottom edge for a filled area. No rows: empty paths. Flat prices: a line across the middle.
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
    rows.forEach((r, i) => points.push(`${num(i * step)} ${num(y(r.close))}`));
  }
  const linePath = `M${points.join('L')}`;
  const areaPath = `${linePath}L${num(width)} ${num(height)}L0 ${num(height)}Z`;
  return { linePath, areaPath };
}

/**
 * Counter-based (stateless) pseudo-random numbers for the simulator.
 *
 * Nothing here keeps state: every draw is a pure function of (key, a, b, c), where the key comes from the engine
 * seed and the instrument symbol and a/b/c name the draw (trading day, stream, minute...). So any instant of any
 * instrument can be computed directly, in any order, without replaying from process start, and the same inputs give
 * the same numbers on every run. No Math.random anywhere.
 */

// Module-local alias of the Math global: under Jest (a vm context) every global look-up goes through an interceptor
// and the simulator's hot loops run ~20x slower; a local binding avoids that (no effect in plain Node).
const Math = globalThis.Math;

/** murmur3 body step: fold one 32-bit input into the running hash. */
function mixIn(h: number, k: number): number {
  k = Math.imul(k | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** murmur3 finaliser: full avalanche, result as an unsigned 32-bit integer. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a key and three integer coordinates (each must fit in int32) to an unsigned 32-bit integer. */
export function hash4(key: number, a: number, b: number, c: number): number {
  return fmix(mixIn(mixIn(mixIn(key, a), b), c) ^ 12);
}

/** First part of hash4 for a fixed (key, a, b): finish with hashFinish(base, c). hashFinish(hashBase(k, a, b), c) === hash4(k, a, b, c). */
export function hashBase(key: number, a: number, b: number): number {
  return mixIn(mixIn(key, a), b);
}

export function hashFinish(base: number, c: number): number {
  return fmix(mixIn(base, c) ^ 12);
}

/** Stable 32-bit key for any string (FNV-1a, then avalanche). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix(h);
}

/** Uniform in (0, 1), never exactly 0 or 1. */
export function uniform(h: number): number {
  return (h + 0.5) / 4294967296;
}

/** Inverse standard normal CDF (Acklam's rational approximation, |rel err| < 1.2e-9). */
export function inverseNormal(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const plow = 0.02425;
  if (p < plow) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  if (p > 1 - plow) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) / (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1);
}

const TABLE_BITS = 16;
const TABLE_SIZE = 1 << TABLE_BITS;
/** Normal quantiles at the midpoints of 65,536 equal-probability cells: a table lookup instead of log/sqrt/cos. */
const NORMAL = new Float64Array(TABLE_SIZE);
/** Exp(1) quantiles (-ln u) at the same midpoints. */
const EXPONENTIAL = new Float64Array(TABLE_SIZE);
for (let i = 0; i < TABLE_SIZE; i++) {
  const u = (i + 0.5) / TABLE_SIZE;
  NORMAL[i] = inverseNormal(u);
  EXPONENTIAL[i] = -Math.log(u);
}

/** Standard normal draw from a 32-bit hash (top 16 bits pick an equal-probability cell; |z| <= 4.17). */
export function normalOf(h: number): number {
  return NORMAL[h >>> TABLE_BITS]!;
}

/** Exp(1) draw from a 32-bit hash. */
export function exponentialOf(h: number): number {
  return EXPONENTIAL[h >>> TABLE_BITS]!;
}

/** Standard normal draw from the low 16 bits of a hash (independent of normalOf/exponentialOf of the same hash). */
export function normalOfLow(h: number): number {
  return NORMAL[h & (TABLE_SIZE - 1)]!;
}

/** Exp(1) draw from the low 16 bits of a hash. */
export function exponentialOfLow(h: number): number {
  return EXPONENTIAL[h & (TABLE_SIZE - 1)]!;
}

/** A table of f(z) over the 65,536 normal cells, indexed like normalOf / normalOfLow. */
export function normalTable(f: (z: number) => number): Float64Array {
  const t = new Float64Array(TABLE_SIZE);
  for (let i = 0; i < TABLE_SIZE; i++) t[i] = f(NORMAL[i]!);
  return t;
}

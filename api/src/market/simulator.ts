/**
 * Seeded, deterministic market simulator (implements MarketDataProvider).
 *
 * Model, per instrument:
 * - Daily closes: log price = anchor + drift * t + d(t), where d is a mean-reverting random walk (Ornstein-Uhlenbeck,
 *   reversion time about a year) pinned to 0 on the anchor trading day, so the daily close on the reference data's
 *   anchor date is the reference price and a 5-year chart stays within a realistic band around the trend. The walk
 *   runs forwards and backwards from the anchor, one hash-based normal draw per trading day.
 * - Each day's return is split into a jump at the open (when the market was closed before it) and the intraday move,
 *   as a Brownian bridge split, so the variances add up to the daily variance.
 * - Intraday: a 1-minute path that is a Brownian bridge from that day's open to its close; each minute gets a high and
 *   a low drawn from the distribution of a bridge's maximum/minimum, and a volume (U-shaped over the session).
 * - Inside the current minute the live price moves every 5 s along 12 ticks that start at the minute's open, touch its
 *   high and low and end at its close, so the last 1-minute candle, the day's candle and the quote always agree.
 * - Outside the session the last close holds.
 *
 * Every random number is a hash of (seed, symbol, trading day, stream, index): any instant can be computed directly,
 * and the same seed and clock always give the same prices. Candles of every interval are aggregations of the same
 * minute path. Imported daily history (HistoryStore) replaces the simulated days up to its last date; the simulation
 * continues from the last imported close.
 *
 * Caches: the trading day's minute path (per symbol), completed daily bars, and the last quote (valid for the rest of
 * its 5-second tick, or until the next open when closed), so a hot `quote` is a map look-up and a range check.
 */
import { type HistoryStore, MemoryHistoryStore } from './history-store';
import type { MarketDataProvider, QuoteListener, SubscribeOptions, Unsubscribe } from './provider';
import { referenceData, type ReferenceData } from './reference';
import * as rng from './rng';
import { getCalendar, isoToEpochDay, type SessionCalendar, type SessionWindow } from './sessions';
import {
  type Candle,
  type DailyBar,
  type Instrument,
  type Interval,
  type Quote,
  type Range,
  UnknownInstrumentError,
} from './types';

// Module-local alias of the Math global: under Jest (a vm context) every global look-up goes through an interceptor
// and the simulator's hot loops run ~20x slower; a local binding avoids that (no effect in plain Node).
const Math = globalThis.Math;
const INF = Number.POSITIVE_INFINITY;

// Local bindings: calls through a transpiled module namespace can go via property getters on the hot path.
const { exponentialOf, exponentialOfLow, hash4, hashBase, hashFinish, hashString, normalOf, normalTable } = rng;

export const MINUTE_MS = 60_000;
export const TICK_MS = 5_000;
const TICKS_PER_MINUTE = MINUTE_MS / TICK_MS; // 12

/** Random streams (the `b` coordinate of hash4). */
const S_CLOSE_FWD = 1;
const S_CLOSE_BWD = 2;
const S_GAP = 3;
const S_DAY_VOLUME = 4;
const S_STEP = 5;
const S_HIGH_LOW = 6;
const S_TICK_HIGH_AT = 9;
const S_TICK_LOW_AT = 10;
const S_TICK_NOISE = 11;
const S_INSTRUMENT = 12;

/** Raw (unrounded) bar. */
interface RawBar {
  t: number;
  /** Local trading date (days since 1970-01-01), for weekly/monthly grouping. */
  ed: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** What defines one trading day before its minute path is drawn. */
interface DaySpec {
  td: number;
  /** Log open / log close. */
  lo: number;
  lc: number;
  /** Open / close prices (exactly the imported values for imported days). */
  po: number;
  pc: number;
  /** Volume the day aims at. */
  volume: number;
  /** Per-minute standard deviation of the log path. */
  sigma: number;
  /** Imported row for this day, if any. */
  row?: DailyBar;
}

/** A trading day's full minute path, with running highs/lows/volumes for O(1) day-so-far figures. */
interface DayPath {
  spec: DaySpec;
  window: SessionWindow;
  n: number;
  /** Prices at minute boundaries: p[0] = open, p[n] = close. */
  p: Float64Array;
  h: Float64Array;
  l: Float64Array;
  v: Float64Array;
  /** Day so far after i whole minutes: preH[i] high, preL[i] low (from the open), preV[i] volume. */
  preH: Float64Array;
  preL: Float64Array;
  preV: Float64Array;
}

interface Imported {
  rows: readonly DailyBar[];
  eds: number[];
  tds: number[];
  lastTd: number;
  /** Last row on or before each trading day of the imported range, by td. */
  byTd: Map<number, number>;
}

interface PartialMinute {
  price: number;
  high: number;
  low: number;
  volume: number;
}

// Scratch buffers for drawing past days without allocating (the simulator is synchronous, so one set suffices).
let scratchSize = 0;
let sLp = new Float64Array(0);
let sLh = new Float64Array(0);
let sLl = new Float64Array(0);
let sV = new Float64Array(0);
function ensureScratch(n: number): void {
  if (n + 1 <= scratchSize) return;
  scratchSize = Math.max(n + 1, 1600);
  sLp = new Float64Array(scratchSize);
  sLh = new Float64Array(scratchSize);
  sLl = new Float64Array(scratchSize);
  sV = new Float64Array(scratchSize);
}

/** Normalised U-shaped intraday volume weights per session length. */
const volumeWeights = new Map<number, Float64Array>();
function weightsFor(n: number): Float64Array {
  let w = volumeWeights.get(n);
  if (!w) {
    w = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const x = (2 * (i + 0.5)) / n - 1;
      const u = 1 + 2.2 * x * x * x * x + 0.8 * x * x;
      w[i] = u;
      sum += u;
    }
    for (let i = 0; i < n; i++) w[i] = w[i]! / sum;
    volumeWeights.set(n, w);
  }
  return w;
}

/** Lognormal noise of minute volumes, mean 1. */
const MINUTE_VOLUME_SIGMA = 0.45;
const VOLUME_NOISE = normalTable((z) => Math.exp(MINUTE_VOLUME_SIGMA * z - 0.5 * MINUTE_VOLUME_SIGMA * MINUTE_VOLUME_SIGMA));

function roundTo(x: number, factor: number): number {
  const r = Math.round(x * factor) / factor;
  return r === 0 ? 0 : r; // no -0
}

class InstrumentModel {
  readonly inst: Instrument;
  readonly cal: SessionCalendar;
  readonly key: number;
  readonly factor: number;
  private readonly sigmaD: number;
  private readonly muD: number;
  private readonly theta: number;
  private readonly gapShare: number;
  private readonly avgVolume: number;
  private anchorTd: number;
  private anchorLog: number;
  private fwd: number[] = [0];
  private bwd: number[] = [0];
  readonly imported: Imported | undefined;
  private readonly paths = new Map<number, DayPath>();
  private readonly bars = new Map<number, RawBar>();
  quoteCache: { from: number; to: number; quote: Quote } | undefined;

  constructor(inst: Instrument, seedKey: number, anchorDate: string, alwaysOpen: boolean, rows: readonly DailyBar[] | undefined) {
    this.inst = inst;
    this.cal = getCalendar(inst.session, { alwaysOpen });
    this.key = hashString(`${seedKey}:${inst.symbol}`);
    this.factor = 10 ** inst.precision;
    const perYear = this.cal.tradingDaysPerYear;
    this.sigmaD = inst.volatility / Math.sqrt(perYear);
    // Individual stocks get their own trend around the market's, so they do not all march in step.
    const drift = inst.drift + (inst.kind === 'stock' ? 0.05 * normalOf(hash4(this.key, 0, S_INSTRUMENT, 0)) : 0);
    this.muD = drift / perYear;
    this.theta = 1 / perYear;
    this.gapShare = this.cal.def.gapShare;
    this.avgVolume = inst.avgVolume * Math.exp(0.5 * normalOf(hash4(this.key, 0, S_INSTRUMENT, 1)) - 0.125);
    this.anchorTd = this.cal.tdFloor(isoToEpochDay(anchorDate));
    this.anchorLog = Math.log(inst.refPrice);
    if (rows && rows.length > 0) {
      const eds = rows.map((r) => isoToEpochDay(r.date));
      const tds = eds.map((ed) => this.cal.tdFloor(ed));
      const byTd = new Map<number, number>();
      tds.forEach((td, i) => byTd.set(td, i));
      const lastTd = tds[tds.length - 1]!;
      this.imported = { rows, eds, tds, lastTd, byTd };
      this.anchorTd = lastTd;
      this.anchorLog = Math.log(rows[rows.length - 1]!.close);
    }
  }

  // ---- daily closes ------------------------------------------------------------------------------------------

  /** Deviation from trend of the log close on trading day td (simulated part). */
  private dev(td: number): number {
    const k = td - this.anchorTd;
    if (k >= 0) {
      const a = this.fwd;
      while (a.length <= k) {
        const i = a.length;
        a.push((1 - this.theta) * a[i - 1]! + this.sigmaD * normalOf(hash4(this.key, this.anchorTd + i, S_CLOSE_FWD, 0)));
      }
      return a[k]!;
    }
    const a = this.bwd;
    const m = -k;
    while (a.length <= m) {
      const i = a.length;
      a.push((1 - this.theta) * a[i - 1]! + this.sigmaD * normalOf(hash4(this.key, this.anchorTd - i, S_CLOSE_BWD, 0)));
    }
    return a[m]!;
  }

  /** Index into imported rows of the last row on or before trading day td (td within the imported range), or -1. */
  private importedRowAt(td: number): number {
    const imp = this.imported!;
    const direct = imp.byTd.get(td);
    if (direct !== undefined) return direct;
    let lo = 0;
    let hi = imp.tds.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (imp.tds[mid]! <= td) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  }

  /** Close price of trading day td. */
  closePrice(td: number): number {
    const imp = this.imported;
    if (imp && td <= imp.lastTd) {
      const i = this.importedRowAt(td);
      return i >= 0 ? imp.rows[i]!.close : imp.rows[0]!.open;
    }
    return Math.exp(this.logClose(td));
  }

  private logClose(td: number): number {
    const imp = this.imported;
    if (imp && td <= imp.lastTd) return Math.log(this.closePrice(td));
    return this.anchorLog + this.muD * (td - this.anchorTd) + this.dev(td);
  }

  daySpec(td: number, n: number): DaySpec {
    const imp = this.imported;
    if (imp && td <= imp.lastTd) {
      const i = imp.byTd.get(td);
      const row = i === undefined ? undefined : imp.rows[i];
      if (row) {
        return {
          td,
          lo: Math.log(row.open),
          lc: Math.log(row.close),
          po: row.open,
          pc: row.close,
          volume: row.volume,
          sigma: this.sigmaD * Math.sqrt(0.75 / n),
          row,
        };
      }
      const c = this.closePrice(td);
      const lc = Math.log(c);
      return { td, lo: lc, lc, po: c, pc: c, volume: 0, sigma: 0 };
    }
    const lcPrev = this.logClose(td - 1);
    const lc = this.logClose(td);
    const r = lc - lcPrev;
    const gap = this.cal.gapBefore(td);
    const gs = gap ? this.gapShare : 0;
    const g = gap ? gs * r + Math.sqrt(gs * (1 - gs)) * this.sigmaD * normalOf(hash4(this.key, td, S_GAP, 0)) : 0;
    const lo = lcPrev + g;
    const volume =
      this.avgVolume *
      Math.exp(0.3 * normalOf(hash4(this.key, td, S_DAY_VOLUME, 0)) - 0.045) *
      (0.7 + 0.3 * Math.min(4, Math.abs(r) / this.sigmaD));
    return {
      td,
      lo,
      lc,
      po: Math.exp(lo),
      pc: Math.exp(lc),
      volume,
      sigma: this.sigmaD * Math.sqrt((1 - gs) / n),
    };
  }

  // ---- minute paths ------------------------------------------------------------------------------------------

  /**
   * Draw the day's path: lp[0..n] log prices at minute boundaries (a Brownian bridge from spec.lo to spec.lc), and per
   * minute the log high lh[i], log low ll[i] (draws from the distribution of a bridge's maximum/minimum,
   * P(max > m) = exp(-2 (m - a)(m - b) / var)) and the volume v[i] (U-shaped over the session).
   * Both the live day path and the summaries of past days come from here, so they agree to the last bit.
   */
  private drawDay(spec: DaySpec, n: number, lp: Float64Array, lh: Float64Array, ll: Float64Array, v: Float64Array): void {
    const s = spec.sigma;
    const stepBase = hashBase(this.key, spec.td, S_STEP);
    const hlBase = hashBase(this.key, spec.td, S_HIGH_LOW);
    const weights = weightsFor(n);
    const dayVolume = spec.volume;
    // Random walk W (high 16 bits of each hash) and minute volumes (low 16 bits).
    let w = 0;
    lp[0] = 0;
    for (let i = 1; i <= n; i++) {
      const h = hashFinish(stepBase, i);
      w += normalOf(h);
      lp[i] = w;
      v[i - 1] = Math.round(dayVolume * weights[i - 1]! * VOLUME_NOISE[h & 0xffff]!);
    }
    // Bridge: subtract the straight line to W_n, scale, add the line from lo to lc; highs and lows on the way.
    const lo = spec.lo;
    const dl = spec.lc - lo;
    const twoVar = 2 * s * s;
    let a = lo;
    lp[0] = lo;
    for (let i = 0; i < n; i++) {
      const k = i + 1;
      const f = k / n;
      const b = k === n ? spec.lc : lo + f * dl + s * (lp[k]! - f * w);
      lp[k] = b;
      const h = hashFinish(hlBase, i);
      const d2 = (a - b) * (a - b);
      const sum = a + b;
      lh[i] = Math.max(0.5 * (sum + Math.sqrt(d2 + twoVar * exponentialOf(h))), a, b);
      ll[i] = Math.min(0.5 * (sum - Math.sqrt(d2 + twoVar * exponentialOfLow(h))), a, b);
      a = b;
    }
  }

  private minutesOf(w: SessionWindow): number {
    return Math.round((w.close - w.open) / MINUTE_MS);
  }

  /** The minute path of trading day td (memoised: the current and recent days of this symbol). */
  dayPath(td: number): DayPath {
    let dp = this.paths.get(td);
    if (dp) return dp;
    const window = this.cal.window(td);
    const n = this.minutesOf(window);
    const spec = this.daySpec(td, n);
    const lp = new Float64Array(n + 1);
    const lh = new Float64Array(n);
    const ll = new Float64Array(n);
    const v = new Float64Array(n);
    this.drawDay(spec, n, lp, lh, ll, v);
    const p = new Float64Array(n + 1);
    for (let i = 1; i < n; i++) p[i] = Math.exp(lp[i]!);
    p[0] = spec.po;
    p[n] = spec.pc;
    const h = new Float64Array(n);
    const l = new Float64Array(n);
    const preH = new Float64Array(n + 1);
    const preL = new Float64Array(n + 1);
    const preV = new Float64Array(n + 1);
    preH[0] = p[0]!;
    preL[0] = p[0]!;
    preV[0] = 0;
    let runH = -INF;
    let runL = INF;
    for (let i = 0; i < n; i++) {
      const pa = p[i]!;
      const pb = p[i + 1]!;
      h[i] = Math.max(Math.exp(lh[i]!), pa, pb);
      l[i] = Math.min(Math.exp(ll[i]!), pa, pb);
      runH = Math.max(runH, lh[i]!);
      runL = Math.min(runL, ll[i]!);
      // Same formula as completedBar's, so the day's high/low at the close equal the completed bar's.
      preH[i + 1] = Math.max(Math.exp(runH), p[0]!, pb);
      preL[i + 1] = Math.min(Math.exp(runL), p[0]!, pb);
      preV[i + 1] = preV[i]! + v[i]!;
    }
    dp = { spec, window, n, p, h, l, v, preH, preL, preV };
    if (this.paths.size >= 3) {
      // keep the few most recently created days
      const oldest = this.paths.keys().next().value;
      if (oldest !== undefined) this.paths.delete(oldest);
    }
    this.paths.set(td, dp);
    return dp;
  }

  /** Completed bar of trading day td (imported row, or the aggregate of its whole minute path). */
  completedBar(td: number): RawBar {
    let bar = this.bars.get(td);
    if (bar) return bar;
    const window = this.cal.window(td);
    const n = this.minutesOf(window);
    const spec = this.daySpec(td, n);
    if (spec.row) {
      const ed = isoToEpochDay(spec.row.date);
      bar = { t: this.cal.barTimestamp(ed), ed, o: spec.row.open, h: spec.row.high, l: spec.row.low, c: spec.row.close, v: spec.row.volume };
    } else {
      const cached = this.paths.get(td);
      let hi: number, lo: number, vol: number;
      if (cached) {
        hi = cached.preH[n]!;
        lo = cached.preL[n]!;
        vol = cached.preV[n]!;
      } else {
        ensureScratch(n);
        this.drawDay(spec, n, sLp, sLh, sLl, sV);
        let maxLh = -INF;
        let minLl = INF;
        vol = 0;
        for (let i = 0; i < n; i++) {
          maxLh = Math.max(maxLh, sLh[i]!);
          minLl = Math.min(minLl, sLl[i]!);
          vol += sV[i]!;
        }
        hi = Math.max(Math.exp(maxLh), spec.po, spec.pc);
        lo = Math.min(Math.exp(minLl), spec.po, spec.pc);
      }
      bar = { t: this.cal.barTimestamp(window.epochDay), ed: window.epochDay, o: spec.po, h: hi, l: lo, c: spec.pc, v: vol };
    }
    if (this.bars.size > 20_000) this.bars.clear();
    this.bars.set(td, bar);
    return bar;
  }

  /** Live ticks inside minute i: 12 points from the minute's open through its high and low to its close. */
  partialMinute(dp: DayPath, i: number, j: number): PartialMinute {
    const a = dp.p[i]!;
    const b = dp.p[i + 1]!;
    const H = dp.h[i]!;
    const L = dp.l[i]!;
    const key = this.key;
    const td = dp.spec.td;
    const jh = 1 + (hash4(key, td, S_TICK_HIGH_AT, i) % (TICKS_PER_MINUTE - 1));
    let jl = 1 + (hash4(key, td, S_TICK_LOW_AT, i) % (TICKS_PER_MINUTE - 2));
    if (jl >= jh) jl += 1;
    const j1 = Math.min(jh, jl);
    const j2 = Math.max(jh, jl);
    const v1 = jh < jl ? H : L;
    const v2 = jh < jl ? L : H;
    const noise = (H - L) * 0.12;
    let price = a;
    let high = a;
    let low = a;
    for (let k = 1; k <= j; k++) {
      let x: number;
      if (k === jh) x = H;
      else if (k === jl) x = L;
      else {
        let k0: number, x0: number, k1: number, x1: number;
        if (k < j1) [k0, x0, k1, x1] = [0, a, j1, v1];
        else if (k < j2) [k0, x0, k1, x1] = [j1, v1, j2, v2];
        else [k0, x0, k1, x1] = [j2, v2, TICKS_PER_MINUTE, b];
        x = x0 + ((k - k0) / (k1 - k0)) * (x1 - x0) + noise * normalOf(hash4(key, td, S_TICK_NOISE, i * 16 + k));
        x = Math.min(H, Math.max(L, x));
      }
      price = x;
      if (x > high) high = x;
      if (x < low) low = x;
    }
    return { price, high, low, volume: Math.floor((dp.v[i]! * (j + 1)) / TICKS_PER_MINUTE) };
  }
}

export interface SimulatorOptions {
  seed: string | number;
  /** Every session always open (MARKET_ALWAYS_OPEN=1). */
  alwaysOpen?: boolean;
  reference?: ReferenceData;
  store?: HistoryStore;
  /** Clock for `subscribe` (quotes and history take explicit instants). */
  now?: () => Date;
}

export class MarketSimulator implements MarketDataProvider {
  readonly id = 'simulator';
  readonly simulated = true;
  readonly seed: string;
  readonly alwaysOpen: boolean;
  readonly reference: ReferenceData;
  readonly store: HistoryStore;
  private readonly seedKey: number;
  private readonly now: () => Date;
  private readonly models = new Map<string, InstrumentModel>();

  constructor(opts: SimulatorOptions) {
    this.seed = String(opts.seed);
    this.seedKey = hashString(this.seed);
    this.alwaysOpen = opts.alwaysOpen === true;
    this.reference = opts.reference ?? referenceData();
    this.store = opts.store ?? new MemoryHistoryStore();
    this.now = opts.now ?? (() => new Date());
  }

  private model(symbol: string): InstrumentModel {
    let m = this.models.get(symbol);
    if (m) return m;
    const inst = this.reference.bySymbol.get(symbol) ?? this.reference.bySymbol.get(symbol.toUpperCase());
    if (!inst) throw new UnknownInstrumentError(symbol);
    m = this.models.get(inst.symbol);
    if (!m) {
      m = new InstrumentModel(inst, this.seedKey, this.reference.anchorDate, this.alwaysOpen, this.store.get(inst.symbol));
      this.models.set(inst.symbol, m);
    }
    if (symbol !== inst.symbol) this.models.set(symbol, m);
    return m;
  }

  historyChanged(symbol: string): void {
    const inst = this.reference.bySymbol.get(symbol.toUpperCase());
    for (const [k, m] of this.models) if (m.inst === inst || k === symbol) this.models.delete(k);
  }

  isOpen(symbol: string, at: number): boolean {
    return this.model(symbol).cal.isOpen(at);
  }

  quote(symbol: string, at: number): Quote {
    const m = this.model(symbol);
    const c = m.quoteCache;
    if (c && at >= c.from && at < c.to) return c.quote;
    const { quote, from, to } = this.computeQuote(m, at);
    m.quoteCache = { from, to, quote };
    return quote;
  }

  private computeQuote(m: InstrumentModel, at: number): { quote: Quote; from: number; to: number } {
    const state = m.cal.locate(at);
    const w = state.window;
    const td = w.td;
    let price: number, open: number, high: number, low: number, volume: number, asOf: number, from: number, to: number;
    if (state.isOpen) {
      const dp = m.dayPath(td);
      const elapsed = at - w.open;
      const i = Math.min(dp.n - 1, Math.floor(elapsed / MINUTE_MS));
      const j = Math.min(TICKS_PER_MINUTE - 1, Math.floor((elapsed - i * MINUTE_MS) / TICK_MS));
      const pm = m.partialMinute(dp, i, j);
      price = pm.price;
      open = dp.p[0]!;
      high = Math.max(dp.preH[i]!, pm.high);
      low = Math.min(dp.preL[i]!, pm.low);
      volume = dp.preV[i]! + pm.volume;
      asOf = w.open + i * MINUTE_MS + j * TICK_MS;
      from = asOf;
      to = Math.min(asOf + TICK_MS, w.close);
    } else {
      const bar = m.completedBar(td);
      price = bar.c;
      open = bar.o;
      high = bar.h;
      low = bar.l;
      volume = bar.v;
      asOf = w.close;
      from = w.close;
      to = m.cal.window(td + 1).open;
    }
    const f = m.factor;
    const p = roundTo(price, f);
    const prev = roundTo(m.closePrice(td - 1), f);
    const quote: Quote = Object.freeze({
      symbol: m.inst.symbol,
      name: m.inst.name,
      price: p,
      open: roundTo(open, f),
      high: roundTo(high, f),
      low: roundTo(low, f),
      prevClose: prev,
      change: roundTo(p - prev, f),
      changePercent: prev > 0 ? roundTo(((p - prev) / prev) * 100, 100) : 0,
      volume: Math.round(volume),
      marketOpen: state.isOpen,
      asOf,
      simulated: true,
    });
    return { quote, from, to };
  }

  history(symbol: string, interval: Interval, range: Range, at: number): Candle[] {
    const m = this.model(symbol);
    if (interval === '1m') {
      if (range !== '1d') throw new RangeError(`interval 1m is only served over range 1d (got ${range})`);
      return this.minuteCandles(m, at);
    }
    const state = m.cal.locate(at);
    const endEd = state.window.epochDay;
    let startEd: number;
    if (range === '1d') startEd = endEd;
    else {
      const d = new Date(endEd * 86_400_000);
      const years = range === '1y' ? 1 : 5;
      startEd = Math.floor(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + 1) / 86_400_000);
    }
    if (interval === '1wk') startEd -= ((startEd + 3) % 7 + 7) % 7; // back to Monday
    if (interval === '1mo') {
      const d = new Date(startEd * 86_400_000);
      startEd = Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 86_400_000);
    }
    const { bars, prevClose } = this.dailyBars(m, state.window, state.isOpen, at, startEd);
    let rows = bars;
    if (interval === '1wk') rows = groupBars(bars, (ed) => Math.floor((ed + 3) / 7));
    else if (interval === '1mo') {
      rows = groupBars(bars, (ed) => {
        const d = new Date(ed * 86_400_000);
        return d.getUTCFullYear() * 12 + d.getUTCMonth();
      });
    }
    if (range === '1d' && rows.length > 1) rows = rows.slice(-1);
    return toCandles(rows, prevClose, m.factor);
  }

  /** Daily raw bars with local date >= startEd up to the current/last session (partial when open). */
  private dailyBars(m: InstrumentModel, w: SessionWindow, isOpen: boolean, at: number, startEd: number): { bars: RawBar[]; prevClose: number } {
    const bars: RawBar[] = [];
    const tdEnd = w.td;
    const imp = m.imported;
    let prevClose: number;
    let simStart = m.cal.tdFloor(startEd - 1) + 1; // first trading day on or after startEd
    if (imp) {
      let before: number | undefined;
      for (let i = 0; i < imp.rows.length; i++) {
        const ed = imp.eds[i]!;
        const td = imp.tds[i]!;
        if (td > tdEnd || ed > w.epochDay) break;
        const r = imp.rows[i]!;
        if (ed < startEd) {
          before = r.close;
          continue;
        }
        bars.push({ t: m.cal.barTimestamp(ed), ed, o: r.open, h: r.high, l: r.low, c: r.close, v: r.volume });
      }
      simStart = Math.max(simStart, imp.lastTd + 1);
      prevClose = bars.length > 0 ? (before ?? bars[0]!.o) : m.closePrice(simStart - 1);
    } else {
      prevClose = m.closePrice(simStart - 1);
    }
    for (let td = simStart; td <= tdEnd; td++) {
      if (td === tdEnd && isOpen) {
        const dp = m.dayPath(td);
        const elapsed = at - w.open;
        const i = Math.min(dp.n - 1, Math.floor(elapsed / MINUTE_MS));
        const j = Math.min(TICKS_PER_MINUTE - 1, Math.floor((elapsed - i * MINUTE_MS) / TICK_MS));
        const pm = m.partialMinute(dp, i, j);
        bars.push({
          t: m.cal.barTimestamp(w.epochDay),
          ed: w.epochDay,
          o: dp.p[0]!,
          h: Math.max(dp.preH[i]!, pm.high),
          l: Math.min(dp.preL[i]!, pm.low),
          c: pm.price,
          v: dp.preV[i]! + pm.volume,
        });
      } else {
        bars.push(m.completedBar(td));
      }
    }
    return { bars, prevClose };
  }

  /** 1-minute candles of the current session so far (the last one partial), or of the last session when closed. */
  private minuteCandles(m: InstrumentModel, at: number): Candle[] {
    const state = m.cal.locate(at);
    const w = state.window;
    const dp = m.dayPath(w.td);
    const rows: RawBar[] = [];
    let last = dp.n;
    let partial: PartialMinute | undefined;
    if (state.isOpen) {
      const elapsed = at - w.open;
      last = Math.min(dp.n - 1, Math.floor(elapsed / MINUTE_MS));
      const j = Math.min(TICKS_PER_MINUTE - 1, Math.floor((elapsed - last * MINUTE_MS) / TICK_MS));
      partial = m.partialMinute(dp, last, j);
    }
    for (let i = 0; i < last; i++) {
      rows.push({ t: w.open + i * MINUTE_MS, ed: w.epochDay, o: dp.p[i]!, h: dp.h[i]!, l: dp.l[i]!, c: dp.p[i + 1]!, v: dp.v[i]! });
    }
    if (partial) {
      rows.push({ t: w.open + last * MINUTE_MS, ed: w.epochDay, o: dp.p[last]!, h: partial.high, l: partial.low, c: partial.price, v: partial.volume });
    }
    return toCandles(rows, m.closePrice(w.td - 1), m.factor);
  }

  subscribe(symbols: readonly string[], listener: QuoteListener, opts: SubscribeOptions = {}): Unsubscribe {
    const list = symbols.map((s) => this.model(s).inst.symbol);
    const last = new Map<string, Quote>();
    const every = Math.max(50, opts.intervalMs ?? 1000);
    const poll = () => {
      const at = this.now().getTime();
      for (const s of list) {
        const q = this.quote(s, at);
        if (last.get(s) !== q) {
          last.set(s, q);
          listener(q);
        }
      }
    };
    const timer = setInterval(poll, every);
    if (typeof timer === 'object' && 'unref' in timer) timer.unref();
    poll();
    return () => clearInterval(timer);
  }
}

function groupBars(bars: RawBar[], keyOf: (ed: number) => number): RawBar[] {
  const out: RawBar[] = [];
  let cur: RawBar | undefined;
  let curKey = NaN;
  for (const b of bars) {
    const k = keyOf(b.ed);
    if (cur && k === curKey) {
      if (b.h > cur.h) cur.h = b.h;
      if (b.l < cur.l) cur.l = b.l;
      cur.c = b.c;
      cur.v += b.v;
    } else {
      cur = { ...b };
      curKey = k;
      out.push(cur);
    }
  }
  return out;
}

function toCandles(rows: RawBar[], prevClose: number, factor: number): Candle[] {
  const out: Candle[] = new Array(rows.length);
  let prev = roundTo(prevClose, factor);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const close = roundTo(r.c, factor);
    out[i] = {
      timestamp: r.t,
      open: roundTo(r.o, factor),
      high: roundTo(r.h, factor),
      low: roundTo(r.l, factor),
      close,
      volume: Math.round(r.v),
      change: roundTo(close - prev, factor),
    };
    prev = close;
  }
  return out;
}

export function createSimulator(opts: SimulatorOptions): MarketSimulator {
  return new MarketSimulator(opts);
}

/**
 * Exchange sessions: when each market is open, in the exchange's own time zone (Intl time-zone data, so daylight
 * saving is handled; no extra dependencies).
 *
 * Every session is a window on a *trading date* (a local calendar date, Monday to Friday), given in minutes after that
 * date's local midnight. A negative open means the window starts the evening before (FX and CME Globex: the Monday
 * session opens on Sunday evening New York time).
 *
 * Exchange holidays are ignored on purpose: every weekday is a trading day. (A holiday calendar per exchange can be
 * added later as a set of closed trading dates; nothing else would change.)
 *
 * `alwaysOpen` (the app sets it from MARKET_ALWAYS_OPEN=1, for demos and weekend testing) replaces every session with
 * one that never closes: seven trading dates a week, each from local midnight to the next midnight.
 */

// Module-local alias of the Math global: under Jest (a vm context) every global look-up goes through an interceptor
// and the simulator's hot loops run ~20x slower; a local binding avoids that (no effect in plain Node).
const Math = globalThis.Math;

export const SESSION_IDS = ['NSE', 'BSE', 'NYSE', 'NASDAQ', 'FX', 'CME', 'MCX', 'NDS', 'UST'] as const;
export type SessionId = (typeof SESSION_IDS)[number];

export interface SessionDef {
  id: SessionId;
  name: string;
  timeZone: string;
  /** Minutes after local midnight of the trading date; negative = the previous evening. */
  open: number;
  /** Minutes after local midnight of the trading date. */
  close: number;
  /** Share of a trading day's variance that arrives as the jump at the open, when the market was closed before it. */
  gapShare: number;
}

const hm = (h: number, m = 0) => h * 60 + m;

export const SESSIONS: Readonly<Record<SessionId, SessionDef>> = {
  NSE: { id: 'NSE', name: 'NSE equities 09:15-15:30 IST', timeZone: 'Asia/Kolkata', open: hm(9, 15), close: hm(15, 30), gapShare: 0.25 },
  BSE: { id: 'BSE', name: 'BSE equities 09:15-15:30 IST', timeZone: 'Asia/Kolkata', open: hm(9, 15), close: hm(15, 30), gapShare: 0.25 },
  NYSE: { id: 'NYSE', name: 'NYSE 09:30-16:00 ET', timeZone: 'America/New_York', open: hm(9, 30), close: hm(16), gapShare: 0.25 },
  NASDAQ: { id: 'NASDAQ', name: 'Nasdaq 09:30-16:00 ET', timeZone: 'America/New_York', open: hm(9, 30), close: hm(16), gapShare: 0.25 },
  // Forex 24x5: Sunday 17:00 to Friday 17:00 New York. Trading date D runs from 17:00 on D-1 to 17:00 on D, so the
  // weekdays join up and only the Monday session opens after a closed period (the weekend).
  FX: { id: 'FX', name: 'Forex 24x5 (Sun 17:00 - Fri 17:00 New York)', timeZone: 'America/New_York', open: hm(17) - 1440, close: hm(17), gapShare: 0.15 },
  // CME Globex (COMEX/NYMEX metals and energy, equity index futures): Sunday-Friday 18:00-17:00 ET, one-hour daily break.
  CME: { id: 'CME', name: 'CME Globex 18:00-17:00 ET (Sun-Fri)', timeZone: 'America/New_York', open: hm(18) - 1440, close: hm(17), gapShare: 0.1 },
  // MCX commodities: 09:00-23:30 IST (the exchange runs to 23:55 in US winter; one close time keeps it simple).
  MCX: { id: 'MCX', name: 'MCX 09:00-23:30 IST', timeZone: 'Asia/Kolkata', open: hm(9), close: hm(23, 30), gapShare: 0.15 },
  // Government securities on RBI's NDS-OM: 09:00-17:00 IST.
  NDS: { id: 'NDS', name: 'NDS-OM G-Sec 09:00-17:00 IST', timeZone: 'Asia/Kolkata', open: hm(9), close: hm(17), gapShare: 0.3 },
  // US Treasuries trade almost round the clock; we use the core New York hours 08:00-17:00 ET.
  UST: { id: 'UST', name: 'US Treasuries 08:00-17:00 ET', timeZone: 'America/New_York', open: hm(8), close: hm(17), gapShare: 0.3 },
};

export function isSessionId(s: string): s is SessionId {
  return (SESSION_IDS as readonly string[]).includes(s);
}

/** True when the environment asks for markets that never close (MARKET_ALWAYS_OPEN=1 / true / yes). */
export function alwaysOpenFromEnv(env: Record<string, string | undefined> = process.env): boolean {
  const v = env.MARKET_ALWAYS_OPEN?.trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes' || v === 'on';
}

export interface SessionOptions {
  alwaysOpen?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Time-zone arithmetic on top of Intl.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const OFFSET_BUCKET_MS = 15 * 60_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * Offset of `timeZone` from UTC at instant `t`, in ms (IST = +19_800_000). Memoised per 15-minute bucket: every
 * zone changes its offset only on a quarter hour of UTC.
 */
export function zoneOffset(timeZone: string, t: number): number {
  let zc = offsetCache.get(timeZone);
  if (!zc) {
    zc = new Map();
    offsetCache.set(timeZone, zc);
  }
  const bucket = Math.floor(t / OFFSET_BUCKET_MS);
  let off = zc.get(bucket);
  if (off === undefined) {
    off = intlOffset(timeZone, bucket * OFFSET_BUCKET_MS);
    if (zc.size > 200_000) zc.clear();
    zc.set(bucket, off);
  }
  return off;
}

function intlOffset(timeZone: string, t: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(t));
  let y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  for (const p of parts) {
    switch (p.type) {
      case 'year': y = Number(p.value); break;
      case 'month': mo = Number(p.value); break;
      case 'day': d = Number(p.value); break;
      case 'hour': h = Number(p.value); break;
      case 'minute': mi = Number(p.value); break;
      case 'second': s = Number(p.value); break;
      default: break;
    }
  }
  const asUtc = Date.UTC(y, mo - 1, d, h === 24 ? 0 : h, mi, s);
  return asUtc - (t - (((t % 1000) + 1000) % 1000));
}

/** The UTC instant of local wall time `minute` minutes after midnight of local date `epochDay` in `timeZone`. */
export function zonedTimeToUtc(timeZone: string, epochDay: number, minute: number): number {
  const local = epochDay * DAY_MS + minute * MINUTE_MS;
  const off1 = zoneOffset(timeZone, local);
  let t = local - off1;
  const off2 = zoneOffset(timeZone, t);
  if (off2 !== off1) t = local - off2;
  return t;
}

/** Local calendar date of instant `t` in `timeZone`, as days since 1970-01-01. */
export function localEpochDay(timeZone: string, t: number): number {
  return Math.floor((t + zoneOffset(timeZone, t)) / DAY_MS);
}

export function epochDayToIso(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of an ISO date 'YYYY-MM-DD' (no validation beyond Date.UTC). */
export function isoToEpochDay(iso: string): number {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  const d = Number(iso.slice(8, 10));
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayMon0(epochDay: number): number {
  return (((epochDay + 3) % 7) + 7) % 7;
}

// ---------------------------------------------------------------------------------------------------------------
// Calendars: trading-day numbering and session windows.

export interface SessionWindow {
  /** Trading-day index: consecutive integers over trading dates (weekdays, or every day when always open). */
  td: number;
  /** Local trading date, days since 1970-01-01. */
  epochDay: number;
  /** Local trading date 'YYYY-MM-DD'. */
  date: string;
  /** UTC ms of the open (inclusive) and close (exclusive). */
  open: number;
  close: number;
}

export interface SessionState {
  /** The session in progress, or else the last one that has closed. */
  window: SessionWindow;
  isOpen: boolean;
}

export class SessionCalendar {
  readonly def: SessionDef;
  readonly alwaysOpen: boolean;
  readonly timeZone: string;
  /** Trading dates per week: 5 (Mon-Fri) or 7 (always open). */
  readonly daysPerWeek: 5 | 7;
  readonly tradingDaysPerYear: number;
  private readonly openMin: number;
  private readonly closeMin: number;
  private readonly windows = new Map<number, SessionWindow>();

  constructor(def: SessionDef, alwaysOpen: boolean) {
    this.def = def;
    this.alwaysOpen = alwaysOpen;
    this.timeZone = def.timeZone;
    this.daysPerWeek = alwaysOpen ? 7 : 5;
    this.tradingDaysPerYear = alwaysOpen ? 365 : 252;
    this.openMin = alwaysOpen ? 0 : def.open;
    this.closeMin = alwaysOpen ? 1440 : def.close;
  }

  /** Trading-day index of a local date, or undefined when that date is not a trading date (weekend). */
  tdOfEpochDay(epochDay: number): number | undefined {
    if (this.daysPerWeek === 7) return epochDay;
    const wd = weekdayMon0(epochDay);
    if (wd > 4) return undefined;
    return Math.floor((epochDay + 3) / 7) * 5 + wd;
  }

  /** Trading-day index of the last trading date on or before `epochDay`. */
  tdFloor(epochDay: number): number {
    if (this.daysPerWeek === 7) return epochDay;
    const wd = weekdayMon0(epochDay);
    return Math.floor((epochDay + 3) / 7) * 5 + Math.min(wd, 4);
  }

  /** Local date (days since 1970-01-01) of trading day `td`. */
  epochDayOf(td: number): number {
    if (this.daysPerWeek === 7) return td;
    const week = Math.floor(td / 5);
    return week * 7 + (td - week * 5) - 3;
  }

  /** Session window of trading day `td` (memoised). */
  window(td: number): SessionWindow {
    let w = this.windows.get(td);
    if (!w) {
      const epochDay = this.epochDayOf(td);
      w = {
        td,
        epochDay,
        date: epochDayToIso(epochDay),
        open: zonedTimeToUtc(this.timeZone, epochDay, this.openMin),
        close: zonedTimeToUtc(this.timeZone, epochDay, this.closeMin),
      };
      if (this.windows.size > 100_000) this.windows.clear();
      this.windows.set(td, w);
    }
    return w;
  }

  /** UTC ms at which a bar for local date `epochDay` is stamped: its open, or local midnight for sessions that open the evening before. */
  barTimestamp(epochDay: number): number {
    if (this.openMin >= 0) {
      const td = this.tdOfEpochDay(epochDay);
      if (td !== undefined) return this.window(td).open;
    }
    return zonedTimeToUtc(this.timeZone, epochDay, Math.max(0, this.openMin));
  }

  /** The session containing `t`, or else the latest session that opened before `t` (which has then closed). */
  locate(t: number): SessionState {
    // A trading date D opens no earlier than ~21h before UTC midnight of D, so D <= UTC date + 2.
    let td = this.tdFloor(Math.floor(t / DAY_MS) + 2);
    let w = this.window(td);
    while (w.open > t) w = this.window(--td);
    return { window: w, isOpen: t < w.close };
  }

  isOpen(t: number): boolean {
    return this.locate(t).isOpen;
  }

  /** Close of the most recent session that has ended at or before `t`. */
  lastClose(t: number): number {
    const s = this.locate(t);
    return s.isOpen ? this.window(s.window.td - 1).close : s.window.close;
  }

  /** Open of the next session that starts after `t` (when a session is in progress: the one after it). */
  nextOpen(t: number): number {
    return this.window(this.locate(t).window.td + 1).open;
  }

  /** True when the market was closed for a while before trading day `td` opened (so its open can gap). */
  gapBefore(td: number): boolean {
    return this.window(td).open > this.window(td - 1).close;
  }

  /** Local date of instant `t` in this session's time zone (days since 1970-01-01). */
  localEpochDay(t: number): number {
    return localEpochDay(this.timeZone, t);
  }
}

const calendars = new Map<string, SessionCalendar>();

/** The (shared, memoised) calendar of a session. */
export function getCalendar(id: SessionId, opts: SessionOptions = {}): SessionCalendar {
  const alwaysOpen = opts.alwaysOpen === true;
  const key = `${id}|${alwaysOpen ? 1 : 0}`;
  let cal = calendars.get(key);
  if (!cal) {
    const def = SESSIONS[id];
    if (!def) throw new Error(`Unknown session: ${id}`);
    cal = new SessionCalendar(def, alwaysOpen);
    calendars.set(key, cal);
  }
  return cal;
}

/** Is session `id` open at `date`? */
export function isOpen(id: SessionId, date: Date, opts?: SessionOptions): boolean {
  return getCalendar(id, opts).isOpen(date.getTime());
}

/** The most recent close at or before `date` (while open: the previous session's close). */
export function lastClose(id: SessionId, date: Date, opts?: SessionOptions): Date {
  return new Date(getCalendar(id, opts).lastClose(date.getTime()));
}

/** The next open after `date` (while open: the next session's open). */
export function nextOpen(id: SessionId, date: Date, opts?: SessionOptions): Date {
  return new Date(getCalendar(id, opts).nextOpen(date.getTime()));
}

/** The session in progress at `date`, or else the last one: its trading date, open and close. */
export function currentSession(
  id: SessionId,
  date: Date,
  opts?: SessionOptions,
): { tradingDate: string; open: Date; close: Date; isOpen: boolean } {
  const s = getCalendar(id, opts).locate(date.getTime());
  return { tradingDate: s.window.date, open: new Date(s.window.open), close: new Date(s.window.close), isOpen: s.isOpen };
}

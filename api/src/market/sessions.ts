/**
 * Exchange sessions: when each market is open, in the exchange's own time zone (Intl time-zone data, so daylight
 * saving is handled; no extra dependencies).
 *
 * Every session is a window on a *trading date* (a local calendar date, Monday to Friday), given in minutes after that
 * date's local midnight. A negative open means the window starts the evening before (FX and CME Globex: the Monday
 * session opens on Sunday evening New York time).
 *
 * A session may list its exchange's holidays as rules (a fixed date, the nth Monday of a month, a day counted from
 * Easter), so any year's calendar follows without a yearly list to keep; a weekday holiday is no trading date. The
 * sessions without rules treat every weekday as a trading day.
 *
 * `alwaysOpen` (the app sets it from MARKET_ALWAYS_OPEN=1, for demos and weekend testing) replaces every session with
 * one that never closes: seven trading dates a week, each from local midnight to the next midnight.
 */

// Module-local alias of the Math global: under Jest (a vm context) every global look-up goes through an interceptor
// and the simulator's hot loops run ~20x slower; a local binding avoids that (no effect in plain Node).
const Math = globalThis.Math;

export const SESSION_IDS = ['NSE', 'BSE', 'NYSE', 'NASDAQ', 'BMV', 'FX', 'CME', 'MCX', 'NDS', 'UST', 'BANXICO'] as const;
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
  /** The exchange's holidays; none: every weekday trades. */
  holidays?: HolidayRules;
}

/** Holidays as rules, so every year follows. A holiday on a weekend closes nothing (no shift to a weekday). */
export interface HolidayRules {
  /** Month and day, 'MM-DD'. */
  fixed?: readonly string[];
  /** The nth Monday of a month: [month 1-12, n 1-5]. */
  nthMonday?: readonly (readonly [number, number])[];
  /** Days from Easter Sunday (-3: Holy Thursday, -2: Good Friday). */
  easter?: readonly number[];
}

/**
 * The holidays of the Mexican stock exchange (BMV) and of its money market: New Year, Constitution Day (first Monday
 * of February), Benito Juárez (third Monday of March), Holy Thursday and Good Friday, Labour Day, Independence Day,
 * the Day of the Dead, Revolution Day (third Monday of November), Our Lady of Guadalupe and Christmas.
 */
const MEXICO_HOLIDAYS: HolidayRules = {
  fixed: ['01-01', '05-01', '09-16', '11-02', '12-12', '12-25'],
  nthMonday: [[2, 1], [3, 3], [11, 3]],
  easter: [-3, -2],
};

const hm = (h: number, m = 0) => h * 60 + m;

export const SESSIONS: Readonly<Record<SessionId, SessionDef>> = {
  NSE: { id: 'NSE', name: 'NSE equities 09:15-15:30 IST', timeZone: 'Asia/Kolkata', open: hm(9, 15), close: hm(15, 30), gapShare: 0.25 },
  BSE: { id: 'BSE', name: 'BSE equities 09:15-15:30 IST', timeZone: 'Asia/Kolkata', open: hm(9, 15), close: hm(15, 30), gapShare: 0.25 },
  NYSE: { id: 'NYSE', name: 'NYSE 09:30-16:00 ET', timeZone: 'America/New_York', open: hm(9, 30), close: hm(16), gapShare: 0.25 },
  NASDAQ: { id: 'NASDAQ', name: 'Nasdaq 09:30-16:00 ET', timeZone: 'America/New_York', open: hm(9, 30), close: hm(16), gapShare: 0.25 },
  BMV: { id: 'BMV', name: 'BMV equities 08:30-15:00 Mexico City', timeZone: 'America/Mexico_City', open: hm(8, 30), close: hm(15), gapShare: 0.25, holidays: MEXICO_HOLIDAYS },
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
  // Mexican government securities (CETES) on the money market: 07:00-14:00 Mexico City, the exchange's holidays.
  BANXICO: { id: 'BANXICO', name: 'Mexican money market 07:00-14:00 Mexico City', timeZone: 'America/Mexico_City', open: hm(7), close: hm(14), gapShare: 0.3, holidays: MEXICO_HOLIDAYS },
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

/** Easter Sunday of `year` (Gregorian; the anonymous computus), as days since 1970-01-01. */
function easterEpochDay(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The weekday holidays of `year` under `rules`, as days since 1970-01-01. */
export function holidaysOf(rules: HolidayRules, year: number): number[] {
  const days = new Set<number>();
  for (const md of rules.fixed ?? []) days.add(Math.floor(Date.UTC(year, Number(md.slice(0, 2)) - 1, Number(md.slice(3, 5))) / DAY_MS));
  for (const [month, n] of rules.nthMonday ?? []) {
    const first = Math.floor(Date.UTC(year, month - 1, 1) / DAY_MS);
    days.add(first + ((7 - weekdayMon0(first)) % 7) + 7 * (n - 1));
  }
  const easter = easterEpochDay(year);
  for (const offset of rules.easter ?? []) days.add(easter + offset);
  return [...days].filter((d) => weekdayMon0(d) < 5).sort((x, y) => x - y);
}

/** The years whose holidays a calendar knows: far wider than any chart's range. */
const HOLIDAY_YEARS = { from: 1990, to: 2100 } as const;

export class SessionCalendar {
  readonly def: SessionDef;
  readonly alwaysOpen: boolean;
  readonly timeZone: string;
  /** Trading dates per week without holidays: 5 (Mon-Fri) or 7 (always open). */
  readonly daysPerWeek: 5 | 7;
  readonly tradingDaysPerYear: number;
  private readonly openMin: number;
  private readonly closeMin: number;
  private readonly windows = new Map<number, SessionWindow>();
  /** The weekday holidays, ascending (empty when the session has none or is always open). */
  private readonly holidays: readonly number[];
  private readonly holidaySet: ReadonlySet<number>;

  constructor(def: SessionDef, alwaysOpen: boolean) {
    this.def = def;
    this.alwaysOpen = alwaysOpen;
    this.timeZone = def.timeZone;
    this.daysPerWeek = alwaysOpen ? 7 : 5;
    this.tradingDaysPerYear = alwaysOpen ? 365 : 252;
    this.openMin = alwaysOpen ? 0 : def.open;
    this.closeMin = alwaysOpen ? 1440 : def.close;
    const rules = alwaysOpen ? undefined : def.holidays;
    const holidays: number[] = [];
    if (rules) for (let y = HOLIDAY_YEARS.from; y <= HOLIDAY_YEARS.to; y++) holidays.push(...holidaysOf(rules, y));
    this.holidays = holidays;
    this.holidaySet = new Set(holidays);
  }

  /** Whether a local date is one of the exchange's holidays. */
  isHoliday(epochDay: number): boolean {
    return this.holidaySet.has(epochDay);
  }

  /** How many weekday holidays fall on or before `epochDay` (binary search). */
  private holidaysThrough(epochDay: number): number {
    const h = this.holidays;
    let lo = 0;
    let hi = h.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (h[mid]! <= epochDay) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Weekday index of the last weekday on or before `epochDay`: consecutive over Mondays to Fridays. */
  private weekdayFloor(epochDay: number): number {
    const wd = weekdayMon0(epochDay);
    return Math.floor((epochDay + 3) / 7) * 5 + Math.min(wd, 4);
  }

  /** Local date of weekday index `wi`. */
  private weekdayDate(wi: number): number {
    const week = Math.floor(wi / 5);
    return week * 7 + (wi - week * 5) - 3;
  }

  /** Trading-day index of a local date, or undefined when that date is not a trading date (weekend, holiday). */
  tdOfEpochDay(epochDay: number): number | undefined {
    if (this.daysPerWeek === 7) return epochDay;
    if (weekdayMon0(epochDay) > 4 || this.isHoliday(epochDay)) return undefined;
    return this.tdFloor(epochDay);
  }

  /** Trading-day index of the last trading date on or before `epochDay`. */
  tdFloor(epochDay: number): number {
    if (this.daysPerWeek === 7) return epochDay;
    return this.weekdayFloor(epochDay) - this.holidaysThrough(epochDay);
  }

  /** Local date (days since 1970-01-01) of trading day `td`. */
  epochDayOf(td: number): number {
    if (this.daysPerWeek === 7) return td;
    // td's date has the weekday index wi = td + (holidays through that date). That count only grows with wi, so
    // stepping up from wi = td reaches the smallest such wi, which is never a holiday (the weekday before it would be).
    let wi = td;
    for (;;) {
      const day = this.weekdayDate(wi);
      const next = td + this.holidaysThrough(day);
      if (next === wi) return day;
      wi = next;
    }
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

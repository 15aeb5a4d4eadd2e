import { alwaysOpenFromEnv, currentSession, epochDayToIso, getCalendar, holidaysOf, isoToEpochDay, isOpen, lastClose, nextOpen, SESSIONS, weekdayMon0, zoneOffset } from '../../src/market/sessions';
import { ist } from './helpers';

const utc = (s: string) => new Date(`${s}Z`);

describe('sessions', () => {
  describe('NSE / BSE 09:15-15:30 Asia/Kolkata', () => {
    it('is open at 10:00 IST on a weekday and closed at 16:00', () => {
      expect(isOpen('NSE', ist('2026-11-18', '10:00:00'))).toBe(true);
      expect(isOpen('BSE', ist('2026-11-18', '10:00:00'))).toBe(true);
      expect(isOpen('NSE', ist('2026-11-18', '16:00:00'))).toBe(false);
      expect(isOpen('NSE', ist('2026-11-18', '08:00:00'))).toBe(false);
    });
    it('opens at 09:15 sharp and closes at 15:30 sharp', () => {
      expect(isOpen('NSE', ist('2026-11-18', '09:14:59'))).toBe(false);
      expect(isOpen('NSE', ist('2026-11-18', '09:15:00'))).toBe(true);
      expect(isOpen('NSE', ist('2026-11-18', '15:29:59'))).toBe(true);
      expect(isOpen('NSE', ist('2026-11-18', '15:30:00'))).toBe(false);
    });
    it('is closed all Saturday and Sunday', () => {
      for (const t of ['09:15:00', '10:00:00', '12:00:00', '15:00:00']) {
        expect(isOpen('NSE', ist('2026-11-21', t))).toBe(false);
        expect(isOpen('NSE', ist('2026-11-22', t))).toBe(false);
      }
    });
    it('knows the last close and the next open', () => {
      // Saturday: last close Friday 15:30, next open Monday 09:15.
      expect(lastClose('NSE', ist('2026-11-21', '11:00:00')).toISOString()).toBe(ist('2026-11-20', '15:30:00').toISOString());
      expect(nextOpen('NSE', ist('2026-11-21', '11:00:00')).toISOString()).toBe(ist('2026-11-23', '09:15:00').toISOString());
      // While open: the previous session's close and the next session's open.
      expect(lastClose('NSE', ist('2026-11-18', '10:00:00')).toISOString()).toBe(ist('2026-11-17', '15:30:00').toISOString());
      expect(nextOpen('NSE', ist('2026-11-18', '10:00:00')).toISOString()).toBe(ist('2026-11-19', '09:15:00').toISOString());
      const s = currentSession('NSE', ist('2026-11-23', '08:00:00'));
      expect(s).toMatchObject({ tradingDate: '2026-11-20', isOpen: false });
    });
  });

  describe('NYSE / Nasdaq 09:30-16:00 America/New_York, with daylight saving', () => {
    it('opens at 13:30 UTC in summer (EDT) and 14:30 UTC in winter (EST)', () => {
      expect(isOpen('NYSE', utc('2026-07-15T13:29:59'))).toBe(false);
      expect(isOpen('NYSE', utc('2026-07-15T13:30:00'))).toBe(true);
      expect(isOpen('NYSE', utc('2026-07-15T19:59:59'))).toBe(true);
      expect(isOpen('NYSE', utc('2026-07-15T20:00:00'))).toBe(false);
      expect(isOpen('NASDAQ', utc('2026-01-14T13:30:00'))).toBe(false);
      expect(isOpen('NASDAQ', utc('2026-01-14T14:30:00'))).toBe(true);
      expect(isOpen('NASDAQ', utc('2026-01-14T20:59:59'))).toBe(true);
      expect(isOpen('NASDAQ', utc('2026-01-14T21:00:00'))).toBe(false);
    });
    it('switches on the DST weekends (2026-03-08 and 2026-11-01)', () => {
      expect(currentSession('NYSE', utc('2026-03-06T15:00:00')).open.toISOString()).toBe('2026-03-06T14:30:00.000Z');
      expect(currentSession('NYSE', utc('2026-03-09T15:00:00')).open.toISOString()).toBe('2026-03-09T13:30:00.000Z');
      expect(currentSession('NYSE', utc('2026-10-30T15:00:00')).open.toISOString()).toBe('2026-10-30T13:30:00.000Z');
      expect(currentSession('NYSE', utc('2026-11-02T15:00:00')).open.toISOString()).toBe('2026-11-02T14:30:00.000Z');
      expect(zoneOffset('America/New_York', Date.parse('2026-07-01T00:00:00Z'))).toBe(-4 * 3600_000);
      expect(zoneOffset('America/New_York', Date.parse('2026-12-01T00:00:00Z'))).toBe(-5 * 3600_000);
      expect(zoneOffset('Asia/Kolkata', Date.parse('2026-07-01T00:00:00Z'))).toBe(5.5 * 3600_000);
    });
  });

  describe('BMV 08:30-15:00 America/Mexico_City, with the exchange holidays', () => {
    // Mexico City keeps UTC-6 all year since 2022.
    const mx = (date: string, time: string) => new Date(Date.parse(`${date}T${time}Z`) + 6 * 3600_000);
    it('opens at 08:30 and closes at 15:00 Mexico City time', () => {
      expect(isOpen('BMV', mx('2026-11-18', '08:29:59'))).toBe(false);
      expect(isOpen('BMV', mx('2026-11-18', '08:30:00'))).toBe(true);
      expect(isOpen('BMV', mx('2026-11-18', '14:59:59'))).toBe(true);
      expect(isOpen('BMV', mx('2026-11-18', '15:00:00'))).toBe(false);
    });
    it("lists each year's holidays from the rules: fixed dates, Mondays and Easter", () => {
      const of = (year: number) => holidaysOf(SESSIONS.BMV.holidays!, year).map(epochDayToIso);
      expect(of(2026)).toEqual(['2026-01-01', '2026-02-02', '2026-03-16', '2026-04-02', '2026-04-03', '2026-05-01', '2026-09-16', '2026-11-02', '2026-11-16', '2026-12-25']);
      // 2025: Easter on 20 April; 12 December on a Friday; 2 November on a Sunday closes nothing.
      expect(of(2025)).toEqual(['2025-01-01', '2025-02-03', '2025-03-17', '2025-04-17', '2025-04-18', '2025-05-01', '2025-09-16', '2025-11-17', '2025-12-12', '2025-12-25']);
    });
    it('stays closed all day on a holiday and reopens the next trading day', () => {
      for (const t of ['08:30:00', '10:00:00', '14:00:00']) expect(isOpen('BMV', mx('2026-11-16', t))).toBe(false);
      expect(currentSession('BMV', mx('2026-11-16', '10:00:00'))).toMatchObject({ tradingDate: '2026-11-13', isOpen: false });
      expect(nextOpen('BMV', mx('2026-11-16', '10:00:00')).toISOString()).toBe(mx('2026-11-17', '08:30:00').toISOString());
      // Holy Thursday and Good Friday: Wednesday's close, then Monday's open.
      expect(lastClose('BMV', mx('2026-04-03', '12:00:00')).toISOString()).toBe(mx('2026-04-01', '15:00:00').toISOString());
      expect(nextOpen('BMV', mx('2026-04-02', '12:00:00')).toISOString()).toBe(mx('2026-04-06', '08:30:00').toISOString());
    });
    it('numbers trading days without gaps, holidays left out, and back again', () => {
      const cal = getCalendar('BMV');
      let previous: number | undefined;
      for (let day = isoToEpochDay('2025-12-01'); day <= isoToEpochDay('2027-01-31'); day++) {
        const td = cal.tdOfEpochDay(day);
        if (td === undefined) {
          expect(cal.isHoliday(day) || weekdayMon0(day) > 4).toBe(true);
          continue;
        }
        if (previous !== undefined) expect(td).toBe(previous + 1);
        expect(cal.epochDayOf(td)).toBe(day);
        previous = td;
      }
      expect(cal.tdFloor(isoToEpochDay('2026-04-03'))).toBe(cal.tdOfEpochDay(isoToEpochDay('2026-04-01')));
    });
    it('has no holidays when every market is always open', () => {
      expect(isOpen('BMV', mx('2026-11-16', '03:00:00'), { alwaysOpen: true })).toBe(true);
    });
  });

  describe('forex 24x5 and futures', () => {
    it('opens Sunday 17:00 New York and closes Friday 17:00 New York', () => {
      // 2026-11-22 is a Sunday (EST, UTC-5).
      expect(isOpen('FX', utc('2026-11-22T21:59:00'))).toBe(false);
      expect(isOpen('FX', utc('2026-11-22T22:00:00'))).toBe(true);
      expect(isOpen('FX', utc('2026-11-18T08:00:00'))).toBe(true); // Wednesday night in New York
      expect(isOpen('FX', utc('2026-11-18T22:00:00'))).toBe(true); // across the 17:00 day roll
      expect(isOpen('FX', utc('2026-11-20T21:59:00'))).toBe(true); // Friday 16:59
      expect(isOpen('FX', utc('2026-11-20T22:00:00'))).toBe(false); // Friday 17:00
      expect(isOpen('FX', utc('2026-11-21T12:00:00'))).toBe(false); // Saturday
      // The Monday session is the one that opened on Sunday evening.
      expect(currentSession('FX', utc('2026-11-23T03:00:00')).tradingDate).toBe('2026-11-23');
    });
    it('closes CME Globex for its daily 17:00-18:00 ET break', () => {
      expect(isOpen('CME', utc('2026-11-18T22:30:00'))).toBe(false);
      expect(isOpen('CME', utc('2026-11-18T23:00:00'))).toBe(true);
      expect(isOpen('MCX', ist('2026-11-18', '22:00:00'))).toBe(true);
      expect(isOpen('MCX', ist('2026-11-18', '23:45:00'))).toBe(false);
    });
  });

  describe('alwaysOpen', () => {
    it('opens every session at any time, weekends included', () => {
      for (const id of ['NSE', 'NYSE', 'FX', 'CME', 'UST'] as const) {
        expect(isOpen(id, ist('2026-11-21', '03:00:00'), { alwaysOpen: true })).toBe(true);
        expect(isOpen(id, ist('2026-11-22', '23:59:59'), { alwaysOpen: true })).toBe(true);
      }
      expect(getCalendar('NSE', { alwaysOpen: true }).tradingDaysPerYear).toBe(365);
    });
    it('is read from MARKET_ALWAYS_OPEN', () => {
      expect(alwaysOpenFromEnv({ MARKET_ALWAYS_OPEN: '1' })).toBe(true);
      expect(alwaysOpenFromEnv({ MARKET_ALWAYS_OPEN: 'true' })).toBe(true);
      expect(alwaysOpenFromEnv({ MARKET_ALWAYS_OPEN: '0' })).toBe(false);
      expect(alwaysOpenFromEnv({})).toBe(false);
    });
  });

  it('numbers trading days consecutively over weekdays', () => {
    const cal = getCalendar('NSE');
    const fri = cal.locate(ist('2026-11-20', '12:00:00').getTime()).window;
    const mon = cal.locate(ist('2026-11-23', '12:00:00').getTime()).window;
    expect(mon.td - fri.td).toBe(1);
    expect(cal.window(fri.td + 1).date).toBe('2026-11-23');
    expect(cal.epochDayOf(cal.tdOfEpochDay(fri.epochDay)!)).toBe(fri.epochDay);
    expect(cal.tdOfEpochDay(fri.epochDay + 1)).toBeUndefined(); // Saturday
  });
});

/**
 * An offer's daily windows: `HH:MM` to `HH:MM` in its market's time zone, every day of the week. Whether one is open
 * at an instant, and when the next one opens.
 */
import { minuteOfDay, OFFER_TIME_ZONES, type OfferMarket, type OfferWindow } from '@invest/shared/contract';
import { localEpochDay, zonedTimeToUtc } from '../../market/sessions';

export interface WindowState {
  openNow: boolean;
  /** UTC ms of the next window's opening; null while one is open (or when it has none). */
  nextOpen: number | null;
}

/** The windows as UTC instants on the local dates around `now` (yesterday to tomorrow covers every case). */
function instants(market: OfferMarket, windows: readonly OfferWindow[], now: number): { open: number; close: number }[] {
  const zone = OFFER_TIME_ZONES[market];
  const today = localEpochDay(zone, now);
  const out: { open: number; close: number }[] = [];
  for (let day = today - 1; day <= today + 1; day += 1) {
    for (const w of windows) {
      const open = minuteOfDay(w.open);
      const close = minuteOfDay(w.close);
      // A stored window is checked when it is created; one that is not a window never opens.
      if (open === null || close === null || open >= close) continue;
      out.push({ open: zonedTimeToUtc(zone, day, open), close: zonedTimeToUtc(zone, day, close) });
    }
  }
  return out;
}

export function windowState(market: OfferMarket, windows: readonly OfferWindow[], now: number): WindowState {
  const all = instants(market, windows, now);
  if (all.some((w) => w.open <= now && now < w.close)) return { openNow: true, nextOpen: null };
  const later = all.filter((w) => w.open > now).map((w) => w.open);
  return { openNow: false, nextOpen: later.length ? Math.min(...later) : null };
}

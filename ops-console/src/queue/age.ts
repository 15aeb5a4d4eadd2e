import { useEffect, useState } from 'react';
import { numberLocale } from '@invest/shared';

/** The time now, moving on every `intervalMs`: what an item's age is measured against. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long an item has waited, in the page's language and its largest whole unit ("3 hr. ago", "12 min. ago"). */
export function ageOf(iso: string, now: number): string {
  const waited = Math.max(0, now - Date.parse(iso));
  const format = new Intl.RelativeTimeFormat(numberLocale(), { style: 'short', numeric: 'always' });
  for (const [unit, ms] of STEPS) if (waited >= ms) return format.format(-Math.floor(waited / ms), unit);
  return format.format(-Math.floor(waited / 1000), 'second');
}

import { DAY, HOUR, MINUTE, MONTH, WEEK, YEAR } from '@darkroom/core';

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** The moment in full, for a tooltip beside a relative time: "Jan 15, 2025, 1:00:00 PM GMT+1". */
const exactFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'long' });

// Largest first: a moment is told in the largest unit it spans at least once.
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * How long ago (or how far ahead) `ms` is from `now`, in words: "3 hours ago", "yesterday",
 * "in 2 weeks"; under a minute either way is "just now".
 */
export function relativeTime(ms: number, now: number = Date.now()): string {
  if (!Number.isFinite(ms)) return '—';
  const elapsed = ms - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) {
      return relativeFormat.format(Math.round(elapsed / size), unit);
    }
  }
  return 'just now';
}

/** The exact moment in the viewer's time zone, with the zone named. */
export function exactTime(ms: number): string {
  return Number.isFinite(ms) ? exactFormat.format(new Date(ms)) : '—';
}

import { exactTime, relativeTime } from './relative-time.utils.ts';

/**
 * A moment told relative to now ("3 hours ago", "in 2 weeks"), with the exact date and time in
 * its tooltip and machine-readable in `dateTime`. Screen readers hear the exact moment too.
 */
export function Moment({ at, now }: { at: number; now: number }) {
  const exact = exactTime(at);
  return (
    <time dateTime={new Date(at).toISOString()} title={exact}>
      {relativeTime(at, now)}
      <span className="sr-only"> ({exact})</span>
    </time>
  );
}

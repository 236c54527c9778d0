// Time buckets of the analytics API, in UTC: an hour, a day or a calendar month.
export const GRANULARITIES = ['hour', 'day', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The start of the bucket holding `date`. */
export function floorTo(date: Date, granularity: Granularity): Date {
  const floored = new Date(date);
  switch (granularity) {
    case 'month':
      floored.setUTCDate(1);
      floored.setUTCHours(0, 0, 0, 0);
      return floored;
    case 'day':
      floored.setUTCHours(0, 0, 0, 0);
      return floored;
    case 'hour':
      floored.setUTCMinutes(0, 0, 0);
      return floored;
  }
}

/** The start of the first bucket at or after `date`. */
export function ceilTo(date: Date, granularity: Granularity): Date {
  const floored = floorTo(date, granularity);
  return floored.getTime() === date.getTime() ? floored : addBuckets(floored, granularity, 1);
}

/** `date` moved by `count` buckets (calendar months for 'month'). */
export function addBuckets(date: Date, granularity: Granularity, count: number): Date {
  const moved = new Date(date);
  if (granularity === 'month') moved.setUTCMonth(moved.getUTCMonth() + count);
  else if (granularity === 'day') moved.setUTCDate(moved.getUTCDate() + count);
  else moved.setUTCHours(moved.getUTCHours() + count);
  return moved;
}

/** The whole buckets covering [start, end): from start's bucket to the one holding end - 1 ms. */
export function bucketRange(start: Date, end: Date, granularity: Granularity): Date[] {
  const buckets: Date[] = [];
  for (let at = floorTo(start, granularity); at < end; at = addBuckets(at, granularity, 1)) {
    buckets.push(at);
  }
  return buckets;
}

// What analytics knows of a period: sums over the usage events in it, each counted once per
// request the event stands for. The server's rollup tables hold exactly these columns; every
// metric of the catalogue (metrics.ts) is computed from them.

/** The summed columns, in the order the rollup tables declare them. */
export const USAGE_SUM_NAMES = [
  'requests',
  'bytes_out',
  'cache_hits',
  'cache_misses',
  'successes',
  'errors_4xx',
  'errors_5xx',
  'cdn_errors_4xx',
  'cdn_errors_5xx',
  'render_errors_4xx',
  'render_errors_5xx',
  'renders',
  'standard_renders',
  'premium_renders',
  'render_ms',
  'render_bytes',
  'origin_fetches',
  'origin_bytes',
  'origin_ms',
  'videos_encoded',
  'video_encoded_ms',
  'videos_delivered',
  'video_delivered_ms',
] as const;

export type UsageSumName = (typeof USAGE_SUM_NAMES)[number];

/**
 * The sums of a period, plus its distinct origin images, which cannot be summed across periods
 * (an image served on two days is one origin image of the month).
 */
export type UsageSums = Record<UsageSumName, number> & { origin_images: number };

/** The sums of a period without traffic. */
export function emptyUsageSums(): UsageSums {
  const sums = { origin_images: 0 } as UsageSums;
  for (const name of USAGE_SUM_NAMES) sums[name] = 0;
  return sums;
}

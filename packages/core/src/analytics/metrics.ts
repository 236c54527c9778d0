// The analytics metrics of spec platform section 3, computed from the sums of a period
// (usage-sums.ts). Layers, since a usage event only says whether the render cache answered:
// - the CDN layer answers from the cache or refuses before any origin or render work
//   (cache 'hit' or 'none'),
// - the render layer is every request the cache missed: origin fetch, then render
//   (cache 'miss'), whether it succeeded or failed on the origin or in the render.
import { creditsFor, type CreditBreakdown } from '../billing/credits.ts';
import type { UsageSums } from './usage-sums.ts';

export type MetricValueType = 'count' | 'binary_size' | 'ms' | 'percentage';

/** Ways a metric can be split; 'source' needs no user agent or referrer. */
export const BREAKDOWNS = ['device', 'os', 'browser', 'referrer', 'source'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export interface MetricDefinition {
  /** snake_case, as in `GET /api/v4/analytics/{name}`. */
  name: string;
  label: string;
  valueType: MetricValueType;
  /** Charts draw a trailing average of MOVING_AVERAGE_POINTS points alongside. */
  movingAverage: boolean;
  /** Charts draw the same metric 30 days earlier alongside. */
  previousMonth: boolean;
  breakdowns: readonly Breakdown[];
  /** Computing it counts the distinct origin images of the period (analytics/usage-sums.ts). */
  needsOriginImages: boolean;
  /** The metric over a period, or null where it is undefined (an average of no requests). */
  value(sums: UsageSums): number | null;
}

/** Points the moving average spans: a week at daily granularity. */
export const MOVING_AVERAGE_POINTS = 7;

const ALL_BREAKDOWNS = BREAKDOWNS;
// Distinct origin images are counted per origin path, which keeps no user agent or referrer.
const SOURCE_ONLY: readonly Breakdown[] = ['source'];

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function credits(sums: UsageSums): CreditBreakdown {
  return creditsFor({
    standardRenders: sums.standard_renders,
    premiumRenders: sums.premium_renders,
    videoEncodedMs: sums.video_encoded_ms,
    bytesOut: sums.bytes_out,
    originImages: sums.origin_images,
  });
}

type Optional = 'movingAverage' | 'previousMonth' | 'breakdowns' | 'needsOriginImages';
type Definition = Omit<MetricDefinition, Optional> &
  Partial<Pick<MetricDefinition, 'movingAverage' | 'previousMonth'>> & {
    /** Counts distinct origin images, which are kept per origin path only. */
    originImages?: true;
  };

function metric({ originImages, ...definition }: Definition): MetricDefinition {
  return {
    movingAverage: false,
    previousMonth: false,
    breakdowns: originImages ? SOURCE_ONLY : ALL_BREAKDOWNS,
    needsOriginImages: originImages === true,
    ...definition,
  };
}

const count = (name: string, label: string, pick: (sums: UsageSums) => number) =>
  metric({ name, label, valueType: 'count', value: pick });

/** Every metric, in the order the dashboard lists them. */
export const METRICS: readonly MetricDefinition[] = [
  metric({
    name: 'total_credits',
    label: 'Total credits used',
    valueType: 'count',
    movingAverage: true,
    previousMonth: true,
    originImages: true,
    value: (sums) => credits(sums).total,
  }),
  metric({
    name: 'standard_render_credits',
    label: 'Standard render credits',
    valueType: 'count',
    value: (sums) => credits(sums).standardRender,
  }),
  metric({
    name: 'advanced_render_credits',
    label: 'Advanced render credits',
    valueType: 'count',
    value: (sums) => credits(sums).advancedRender,
  }),
  metric({
    name: 'premium_render_credits',
    label: 'Premium render credits',
    valueType: 'count',
    value: (sums) => credits(sums).premiumRender,
  }),
  metric({
    name: 'media_delivery_credits',
    label: 'Media delivery credits',
    valueType: 'count',
    value: (sums) => credits(sums).mediaDelivery,
  }),
  metric({
    name: 'management_credits',
    label: 'Management credits',
    valueType: 'count',
    originImages: true,
    value: (sums) => credits(sums).management,
  }),
  metric({
    name: 'origin_images',
    label: 'Origin images',
    valueType: 'count',
    previousMonth: true,
    originImages: true,
    value: (sums) => sums.origin_images,
  }),
  metric({
    name: 'renders',
    label: 'Renders',
    valueType: 'count',
    movingAverage: true,
    previousMonth: true,
    value: (sums) => sums.renders,
  }),
  count('videos_encoded', 'Videos encoded', (sums) => sums.videos_encoded),
  metric({
    name: 'minutes_encoded',
    label: 'Minutes encoded',
    valueType: 'count',
    value: (sums) => sums.video_encoded_ms / 60_000,
  }),
  count('videos_delivered', 'Videos delivered', (sums) => sums.videos_delivered),
  metric({
    name: 'minutes_delivered',
    label: 'Minutes delivered',
    valueType: 'count',
    value: (sums) => sums.video_delivered_ms / 60_000,
  }),
  metric({
    name: 'bandwidth',
    label: 'Bandwidth',
    valueType: 'binary_size',
    movingAverage: true,
    previousMonth: true,
    value: (sums) => sums.bytes_out,
  }),
  metric({
    name: 'requests',
    label: 'Requests',
    valueType: 'count',
    movingAverage: true,
    previousMonth: true,
    value: (sums) => sums.requests,
  }),
  metric({
    name: 'average_response_time',
    label: 'Average response time',
    valueType: 'ms',
    movingAverage: true,
    previousMonth: true,
    // Time the server waited on the origin and the render. Cache hits and refusals wait on
    // neither and count as 0 ms: what they cost is the network's, which the server cannot see.
    value: (sums) => ratio(sums.origin_ms + sums.render_ms, sums.requests),
  }),
  metric({
    name: 'delivery_success',
    label: 'Delivery success',
    valueType: 'percentage',
    movingAverage: true,
    // Answers below 400: redirects and 304 Not Modified are successful deliveries.
    value: (sums) => {
      const share = ratio(sums.successes, sums.requests);
      return share === null ? null : share * 100;
    },
  }),
  count('mild_errors', 'Mild errors (4xx)', (sums) => sums.errors_4xx),
  count('severe_errors', 'Severe errors (5xx)', (sums) => sums.errors_5xx),
  count('cdn_mild_errors', 'CDN mild errors (4xx)', (sums) => sums.cdn_errors_4xx),
  count('cdn_severe_errors', 'CDN severe errors (5xx)', (sums) => sums.cdn_errors_5xx),
  count('render_mild_errors', 'Render mild errors (4xx)', (sums) => sums.render_errors_4xx),
  count('render_severe_errors', 'Render severe errors (5xx)', (sums) => sums.render_errors_5xx),
  metric({
    name: 'cdn_misses',
    label: 'CDN misses',
    valueType: 'count',
    movingAverage: true,
    value: (sums) => sums.cache_misses,
  }),
  metric({
    name: 'fetch_bandwidth',
    label: 'Fetch bandwidth',
    valueType: 'binary_size',
    value: (sums) => sums.origin_bytes,
  }),
  count('fetch_requests', 'Fetch requests', (sums) => sums.origin_fetches),
  metric({
    name: 'fetch_time',
    label: 'Fetch time',
    valueType: 'ms',
    value: (sums) => ratio(sums.origin_ms, sums.origin_fetches),
  }),
  metric({
    name: 'render_bandwidth',
    label: 'Render bandwidth',
    valueType: 'binary_size',
    value: (sums) => sums.render_bytes,
  }),
  // Requests that reached the render layer, failures included; `renders` counts only the
  // transformations actually made.
  count('render_requests', 'Render requests', (sums) => sums.cache_misses),
  metric({
    name: 'render_time',
    label: 'Render time',
    valueType: 'ms',
    value: (sums) => ratio(sums.render_ms, sums.renders),
  }),
];

const BY_NAME = new Map(METRICS.map((definition) => [definition.name, definition]));

/** The metric of that name, or undefined. */
export function metricNamed(name: string): MetricDefinition | undefined {
  return BY_NAME.get(name);
}

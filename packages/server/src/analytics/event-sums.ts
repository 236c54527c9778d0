// How usage events become the sums of @darkroom/core's analytics (usage-sums.ts), in SQL: the
// rollup writes them into the aggregate tables and the analytics queries compute the same sums
// over events not rolled up yet, so both halves of an answer count alike.
import { USAGE_SUM_NAMES, type UsageSumName } from '@darkroom/core';
import { sql, type RawBuilder } from 'kysely';

/** Events as `e` (usage_events) beside their user-agent labels as `l` (user_agent_labels). */
export const LABELLED_EVENTS = sql`usage_events e left join user_agent_labels l on l.user_agent = e.user_agent`;

// Each event row stands for `requests` identical requests (delivery/metering.ts).
const weighted = (value: string) => `${value} * e.requests`;
const countWhere = (condition: string) => `sum(e.requests) filter (where ${condition})`;
const sumWhere = (value: string, condition: string) =>
  `sum(${weighted(value)}) filter (where ${condition})`;

// A render-layer request is one the cache missed (metrics.ts in core explains the layers).
const RENDER_LAYER = `e.cache = 'miss'`;
const CDN_LAYER = `e.cache <> 'miss'`;
const MILD = 'e.status between 400 and 499';
const SEVERE = 'e.status >= 500';
const RENDERED = 'e.render_ms is not null';
const FETCHED = 'e.origin_ms is not null or e.origin_bytes is not null';

const EVENT_SUM_SQL: Record<UsageSumName, string> = {
  requests: 'sum(e.requests)',
  bytes_out: `sum(${weighted('e.bytes_out')})`,
  cache_hits: countWhere(`e.cache = 'hit'`),
  cache_misses: countWhere(RENDER_LAYER),
  successes: countWhere('e.status < 400'),
  errors_4xx: countWhere(MILD),
  errors_5xx: countWhere(SEVERE),
  cdn_errors_4xx: countWhere(`${CDN_LAYER} and ${MILD}`),
  cdn_errors_5xx: countWhere(`${CDN_LAYER} and ${SEVERE}`),
  render_errors_4xx: countWhere(`${RENDER_LAYER} and ${MILD}`),
  render_errors_5xx: countWhere(`${RENDER_LAYER} and ${SEVERE}`),
  renders: countWhere(RENDERED),
  standard_renders: countWhere(`${RENDERED} and e.operation = 'standard'`),
  premium_renders: countWhere(`${RENDERED} and e.operation = 'premium'`),
  render_ms: sumWhere('e.render_ms', RENDERED),
  render_bytes: sumWhere('e.bytes_out', RENDERED),
  origin_fetches: countWhere(FETCHED),
  origin_bytes: sumWhere('e.origin_bytes', 'e.origin_bytes is not null'),
  origin_ms: sumWhere('e.origin_ms', 'e.origin_ms is not null'),
  videos_encoded: countWhere('e.video_encoded_ms is not null'),
  video_encoded_ms: sumWhere('e.video_encoded_ms', 'e.video_encoded_ms is not null'),
  videos_delivered: countWhere('e.video_delivered_ms is not null'),
  video_delivered_ms: sumWhere('e.video_delivered_ms', 'e.video_delivered_ms is not null'),
};

/** The select list of every sum over events `e`, each named after its rollup column. */
export function eventSumsSelect(): RawBuilder<unknown> {
  return sql.raw(
    USAGE_SUM_NAMES.map((name) => `coalesce(${EVENT_SUM_SQL[name]}, 0) as ${name}`).join(', '),
  );
}

/** The select list adding up rollup rows `r` (or any rows with the sum columns). */
export function rowSumsSelect(alias: string): RawBuilder<unknown> {
  return sql.raw(
    USAGE_SUM_NAMES.map((name) => `coalesce(sum(${alias}.${name}), 0)::float8 as ${name}`).join(
      ', ',
    ),
  );
}

/** The sum columns, comma-separated, for insert and union lists. */
export const SUM_COLUMN_LIST = sql.raw(USAGE_SUM_NAMES.join(', '));

/**
 * The host of a Referer header, lowercased; '(direct)' when there is none or it is not an
 * absolute URL. Split rather than matched with a regular expression: a third of the cost over
 * millions of rows. (An IPv6 literal host keeps only its bracket; referrers seldom have one.)
 */
export const REFERRER_HOST = sql`coalesce(nullif(lower(split_part(split_part(split_part(split_part(split_part(split_part(e.referrer, '://', 2), '/', 1), '?', 1), '#', 1), '@', -1), ':', 1)), ''), '(direct)')`;

export const UNKNOWN = sql`'Unknown'`;

// Metered delivery requests and the aggregates analytics reads (analytics/).
import type { ColumnType, Generated, Insertable } from 'kysely';
import type { Int8, NullableTimestamp } from './columns.ts';

/** Delivery requests, for analytics and billing (migration 0008). */
export interface UsageEventsTable {
  id: Generated<string | number>;
  source_id: string;
  account_id: string;
  path: string;
  status: number;
  bytes_out: Int8;
  render_ms: number | null;
  cache: 'hit' | 'miss' | 'none';
  origin_bytes: ColumnType<string | number | null, number | null, number | null>;
  origin_ms: number | null;
  user_agent: string | null;
  referrer: string | null;
  operation: 'standard' | 'premium';
  /** Identical requests this row stands for (one batch's worth, see delivery/metering.ts). */
  requests: Generated<number>;
  /** When the first of them arrived. */
  occurred_at: ColumnType<Date, Date, Date>;
  /** Milliseconds of video this request encoded (migration 0012). */
  video_encoded_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** Milliseconds of video this request delivered, e.g. one HLS segment (migration 0012). */
  video_delivered_ms: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Sums over usage events of one account, source, hour or day and breakdown value (migration 0012). */
export interface UsageRollupsTable {
  account_id: string;
  source_id: string;
  bucket: Date;
  dimension: 'all' | 'device' | 'os' | 'browser' | 'referrer' | 'asset';
  dimension_value: string;
  requests: Int8;
  bytes_out: Int8;
  cache_hits: Int8;
  cache_misses: Int8;
  successes: Int8;
  errors_4xx: Int8;
  errors_5xx: Int8;
  cdn_errors_4xx: Int8;
  cdn_errors_5xx: Int8;
  render_errors_4xx: Int8;
  render_errors_5xx: Int8;
  renders: Int8;
  standard_renders: Int8;
  premium_renders: Int8;
  render_ms: Int8;
  render_bytes: Int8;
  origin_fetches: Int8;
  origin_bytes: Int8;
  origin_ms: Int8;
  videos_encoded: Int8;
  video_encoded_ms: Int8;
  videos_delivered: Int8;
  video_delivered_ms: Int8;
}

/** How far the rollups have read usage_events (migration 0012). */
export interface UsageRollupStateTable {
  name: string;
  last_event_id: Int8;
  rolled_up_at: NullableTimestamp;
}

/** Device, OS and browser of each user agent seen, classified once (migration 0012). */
export interface UserAgentLabelsTable {
  user_agent: string;
  device: string;
  os: string;
  browser: string;
}

/** The usage batches already written, by the name the meter gave each (migration 0026). */
export interface UsageBatchesTable {
  id: string;
  written_at: ColumnType<Date, Date, Date>;
}

export type NewUsageEvent = Insertable<UsageEventsTable>;

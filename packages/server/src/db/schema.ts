import type { CapabilityName } from '@darkroom/core';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// Timestamps are written as Date (or left to their SQL default) and read back as Date.
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export interface AccountsTable {
  id: string;
  company: string;
  webproxy_access: Generated<boolean>;
  /** The one account that holds Darkroom's own administrators. */
  internal: Generated<boolean>;
  /** Premium capabilities granted to every source of the account (migration 0010). */
  capabilities: ColumnType<CapabilityName[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  account_id: string;
  name: string;
  email: string;
  password_hash: string;
  admin: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** sha256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  admin: Generated<boolean>;
  impersonator_user_id: string | null;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: NullableTimestamp;
}

export interface ImpersonationAuditTable {
  id: string;
  session_id: string;
  admin_user_id: string;
  impersonated_user_id: string;
  method: string;
  path: string;
  status: number;
  created_at: CreatedAt;
}

export type EventProperties = Record<string, string | number | boolean | null>;

export interface EventsTable {
  id: string;
  account_id: string;
  user_id: string;
  name: string;
  properties: ColumnType<EventProperties, string, string>;
  created_at: CreatedAt;
}

/** A fallback image of a source (spec platform section 3, image_error and image_missing). */
// The resource shapes live in core, shared with the dashboard; the table stores them as JSON.
export type { FallbackImage, SourceSettings } from '@darkroom/core';
import type { AssetColor, FallbackImage, MediaKind, SourceSettings } from '@darkroom/core';

/** Credential fields of a source: secret ones hold `v1:...` ciphertext (crypto/secrets.ts). */
export type StoredCredentials = Record<string, string | null>;

type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export interface SourcesTable {
  id: string;
  account_id: string;
  name: string;
  enabled: Generated<boolean>;
  deployment_status: ColumnType<
    'deploying' | 'deployed' | 'failed',
    'deploying' | 'deployed' | 'failed' | undefined,
    'deploying' | 'deployed' | 'failed'
  >;
  deployment_error: ColumnType<string | null, string | null | undefined, string | null>;
  global_version: Generated<number>;
  secure_url_enabled: Generated<boolean>;
  /** Encrypted. */
  secure_url_token: string;
  image_error: NullableJson<FallbackImage>;
  image_missing: NullableJson<FallbackImage>;
  type: string;
  storage_provider: string | null;
  settings: Json<SourceSettings>;
  credentials: Json<StoredCredentials>;
  is_demo: Generated<boolean>;
  /** Off: animations render as their first frame (migration 0014). */
  enable_multiframe: Generated<boolean>;
  /** Premium capabilities this source grants itself (migration 0010). */
  capabilities: ColumnType<CapabilityName[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deployed_at: NullableTimestamp;
}

export interface SourceDomainsTable {
  domain: string;
  kind: 'subdomain' | 'custom';
  source_id: string;
}

export type JobPayload = Record<string, unknown>;

export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<JobPayload>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  failed_at: NullableTimestamp;
  created_at: CreatedAt;
}

// A bigint column: node-postgres reads it as a string, PGlite as a number; readers Number() it.
type Int8 = ColumnType<string | number, number, number>;

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

type Editable<T> = ColumnType<T, T | undefined, T>;
type EditableJson<T> = ColumnType<T, string | undefined, string>;

export interface AltTextPrediction {
  /** BCP 47 tag. */
  language: string;
  text: string;
  /** Written from a template with translated words, not composed as English is. */
  templated: boolean;
}

/** The asset index (migration 0009). */
export interface AssetsTable {
  /** The source id followed by origin_path. */
  id: string;
  source_id: string;
  account_id: string;
  /** The object's path at the origin, starting with '/'. */
  origin_path: string;
  content_type: string | null;
  file_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  media_kind: MediaKind;
  media_width: number | null;
  media_height: number | null;
  dpi_width: number | null;
  dpi_height: number | null;
  image_mode: string | null;
  color_profile_name: string | null;
  colors: EditableJson<AssetColor[]>;
  has_frames: Editable<boolean>;
  frame_count: number | null;
  /** What ffprobe read of a video (migration 0014); null for images and animations. */
  video_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  video_codec: ColumnType<string | null, string | null | undefined, string | null>;
  video_frame_rate: ColumnType<number | null, number | null | undefined, number | null>;
  has_colors: Editable<boolean>;
  is_renderable: Editable<boolean>;
  face_count: number | null;
  has_faces: Editable<boolean>;
  labels: EditableJson<{ name: string; confidence: number }[]>;
  alt_text: string | null;
  /** When the faces, labels and alt text were worked out for the current origin bytes. */
  analysed_at: NullableTimestamp;
  /** Alt text composed from the analysis, one per language chosen (migration 0011). */
  alt_text_predictions: EditableJson<AltTextPrediction[]>;
  name: string | null;
  description: string | null;
  categories: EditableJson<string[]>;
  labels_user_defined: EditableJson<string[]>;
  hidden: Editable<boolean>;
  uploaded_by: string | null;
  origin_etag: string | null;
  origin_modified_at: NullableTimestamp;
  index_error: string | null;
  last_seen_run: string | null;
  date_created: CreatedAt;
  date_modified: ColumnType<Date, Date | undefined, Date>;
}

/** One source's indexing run and its position (migration 0009). */
export interface AssetIndexRunsTable {
  source_id: string;
  run_id: string;
  status: 'running' | 'finished' | 'failed';
  /** What started it: 'deploy', 'schedule', 'manual' or 'upload'. */
  reason: string;
  cursor: NullableJson<Record<string, unknown>>;
  objects_seen: Generated<number>;
  assets_indexed: Generated<number>;
  last_error: string | null;
  started_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: NullableTimestamp;
}

export interface AssetAltTextSettingsTable {
  account_id: string;
  languages: EditableJson<string[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The plan catalogue, as payment-provider-style prices (migration 0013). */
export interface BillingPricesTable {
  id: string;
  lookup_key: string;
  product_id: string;
  product_name: string;
  product_metadata: Json<Record<string, string>>;
  active: Generated<boolean>;
  billing_scheme: Generated<'per_unit' | 'tiered'>;
  currency: string;
  /** Minor units. */
  unit_amount: number;
  nickname: string | null;
  recurring: NullableJson<{
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    usage_type: 'licensed' | 'metered';
    aggregate_usage: 'sum' | 'last_during_period' | 'last_ever' | 'max' | null;
  }>;
  tax_behavior: Generated<'exclusive' | 'inclusive' | 'unspecified'>;
  tiers_mode: 'graduated' | 'volume' | null;
  metadata: Json<Record<string, string>>;
  position: Generated<number>;
}

/** An account's plan and its current billing period (migration 0013). */
export interface BillingSubscriptionsTable {
  id: string;
  account_id: string;
  price_id: string;
  status: 'active' | 'canceled' | 'past_due' | 'unpaid';
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: Generated<boolean>;
  canceled_at: NullableTimestamp;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One invoice of the local ledger (migration 0013). */
export interface BillingInvoicesTable {
  id: string;
  account_id: string;
  subscription_id: string;
  /** Account and period start: unique, so no period is billed twice. */
  idempotency_key: string;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  currency: string;
  amount_due: number;
  lines: Json<{ description: string; amount: number; quantity: number }[]>;
  usage: Json<{ bandwidthBytes: number; originImages: number }>;
  price_id: string;
  plan_nickname: string | null;
  description: string | null;
  period_start: Date;
  period_end: Date;
  due_date: Date | null;
  finalized_at: Date | null;
  paid_at: NullableTimestamp;
  access_token: string;
  created_at: CreatedAt;
}

/** Payment-provider webhook events already handled (migration 0013). */
export interface BillingWebhookEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

/** Generative image-to-video requests (migration 0015, video-generations/). */
export interface VideoGenerationsTable {
  id: string;
  account_id: string;
  source_id: string;
  origin_path: string;
  prompt: string;
  seconds: number;
  orientation: 'landscape' | 'portrait';
  status: Generated<VideoGenerationStatus>;
  progress: Generated<number>;
  provider_id: string | null;
  error: string | null;
  failed_attempts: Generated<number>;
  video_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  content_token: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type VideoGenerationStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

export interface DatabaseSchema {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  impersonation_audit: ImpersonationAuditTable;
  events: EventsTable;
  sources: SourcesTable;
  source_domains: SourceDomainsTable;
  jobs: JobsTable;
  usage_events: UsageEventsTable;
  usage_rollups_hourly: UsageRollupsTable;
  usage_rollups_daily: UsageRollupsTable;
  usage_rollup_state: UsageRollupStateTable;
  user_agent_labels: UserAgentLabelsTable;
  assets: AssetsTable;
  asset_index_runs: AssetIndexRunsTable;
  asset_alt_text_settings: AssetAltTextSettingsTable;
  billing_prices: BillingPricesTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_invoices: BillingInvoicesTable;
  billing_webhook_events: BillingWebhookEventsTable;
  video_generations: VideoGenerationsTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewUser = Insertable<UsersTable>;
export type SourceRow = Selectable<SourcesTable>;
export type JobRow = Selectable<JobsTable>;
export type NewUsageEvent = Insertable<UsageEventsTable>;
export type AssetRow = Selectable<AssetsTable>;
export type NewAsset = Insertable<AssetsTable>;
export type AssetIndexRunRow = Selectable<AssetIndexRunsTable>;
export type BillingPriceRow = Selectable<BillingPricesTable>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type BillingInvoiceRow = Selectable<BillingInvoicesTable>;
export type VideoGenerationRow = Selectable<VideoGenerationsTable>;

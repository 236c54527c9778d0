// Sources and the domains they are delivered on.
import type { CapabilityName, FallbackImage, SourceSettings } from '@darkroom/core';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json, NullableJson, NullableTimestamp, Timestamp } from './columns.ts';

/** A fallback image of a source (spec platform section 3, image_error and image_missing). */
// The resource shapes live in core, shared with the dashboard; the table stores them as JSON.
export type { FallbackImage, SourceSettings } from '@darkroom/core';

/** Credential fields of a source: secret ones hold `v1:...` ciphertext (crypto/secrets.ts). */
export type StoredCredentials = Record<string, string | null>;

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

export type SourceRow = Selectable<SourcesTable>;

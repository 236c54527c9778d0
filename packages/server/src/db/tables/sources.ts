// Sources and the domains they are delivered on.
import type { CapabilityName, FallbackImage, SourceSettings } from '@darkroom/core';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json, NullableJson, NullableTimestamp, Timestamp } from './columns.ts';

/** A fallback image of a source (spec platform section 3, image_error and image_missing). */
// The resource shapes live in core, shared with the dashboard; the table stores them as JSON.
export type { FallbackImage, SourceSettings } from '@darkroom/core';

/** Credential fields of a source: secret ones hold `v1:...` ciphertext (crypto/secrets.ts). */
export type StoredCredentials = Record<string, string | null>;

/**
 * How a web folder or web proxy source authenticates to its origin (storage/origin-auth.ts):
 * secret fields hold `v1:...` ciphertext; a scheme that is off has nulls.
 */
export interface StoredOriginAuth {
  basic_username: string | null;
  basic_password: string | null;
  header_name: string | null;
  header_value: string | null;
  signing_key: string | null;
}

/**
 * The write keys of a storage source (storage/upload-credentials.ts): secret fields hold
 * `v1:...` ciphertext; an S3-protocol source has the key pair, an Azure one the SAS.
 */
export interface StoredUploadCredentials {
  access_key: string | null;
  secret_key: string | null;
  sas_string: string | null;
}

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
  /** Delivery answers 404 for the paths of hidden assets (migration 0027). */
  stop_delivering_hidden: Generated<boolean>;
  /** Origin request authentication of web folders and web proxies, or null (migration 0028). */
  origin_auth: ColumnType<StoredOriginAuth | null, string | null | undefined, string | null>;
  /** Write keys the asset manager uploads with, or null: the source is read-only (migration 0032). */
  upload_credentials: ColumnType<
    StoredUploadCredentials | null,
    string | null | undefined,
    string | null
  >;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deployed_at: NullableTimestamp;
  /** When delivery first answered an image of it, or null (migration 0031). */
  first_served_at: NullableTimestamp;
}

export interface SourceDomainsTable {
  domain: string;
  kind: 'subdomain' | 'custom';
  source_id: string;
}

export type SourceRow = Selectable<SourcesTable>;

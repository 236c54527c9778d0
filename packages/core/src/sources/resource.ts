import type { CapabilityName } from '../capabilities/names.ts';
import type { ResourceObject } from '../jsonapi/document.ts';
import type { CacheTtlBehavior, DeploymentStatus, SourceType, StorageProvider } from './types.ts';

/** Spec platform section 9: the demo source every signed-in account can open (zero-filled id). */
export const DEMO_SOURCE_ID = '000000000000000000000000';

/** An error or missing-image fallback: served instead of a failed image, optionally with the query. */
export interface FallbackImage {
  url: string;
  append_qs: boolean;
}

/** The production settings of a source other than its credentials (spec platform section 3). */
export interface SourceSettings {
  cache_ttl_behavior: CacheTtlBehavior;
  cache_ttl_value: number;
  cache_ttl_error: number;
  crossdomain_cors_enabled: boolean;
  crossdomain_xml_enabled: boolean;
  custom_domains: string[];
  default_params: Record<string, string>;
  /** The first entry is the source's subdomain. */
  darkroom_subdomains: string[];
}

/** `production` of a source resource: type, provider, settings and the provider's credential fields. */
export type SourceProductionAttributes = SourceSettings & {
  type: SourceType;
  storage_provider?: StorageProvider;
  /** Credential fields; secret ones only ever leave the server masked ("••••" + last 4). */
  [field: string]: unknown;
};

/** Attributes of a `sources` resource as the API returns them (spec platform section 3). */
export interface SourceAttributes {
  name: string;
  enabled: boolean;
  deployment_status: DeploymentStatus;
  deployment_error: string | null;
  date_created: number;
  date_deployed: number | null;
  date_modified: number;
  /**
   * When the source first answered an image (epoch ms), or null: the server's side of the
   * dashboard's first-image-served flag (spec platform section 3).
   */
  date_first_served: number | null;
  global_version: number;
  is_cors_validated: boolean;
  enable_multiframe: boolean;
  secure_url_enabled: boolean;
  /**
   * Whether the asset manager can upload into this source: managed storage, or a storage source
   * with upload credentials (`/sources/{id}/upload-credentials`).
   */
  uploads_enabled: boolean;
  /** Masked; the token itself is fetched on request. */
  secure_url_token: string | null;
  image_error: FallbackImage | null;
  image_missing: FallbackImage | null;
  capabilities: {
    background_removal: string | null;
    multiframe: string | null;
    video: string | null;
  };
  /** The premium capabilities the source can use: its own and its account's (spec section 6). */
  premium_capabilities: CapabilityName[];
  management_capabilities: {
    custom_ai_features: {
      'alt-text': { enabled: boolean; model_name: string | null; parameters: { language: string } };
    };
  };
  production: SourceProductionAttributes;
  demo: boolean;
}

export type SourceResource = ResourceObject<'sources', SourceAttributes>;

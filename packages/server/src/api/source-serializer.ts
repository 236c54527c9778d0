import {
  type CapabilityName,
  type SourceResource,
  type SourceType,
  type StorageProvider,
} from '@darkroom/core';
import { maskSecret, SecretDecryptionError, type SecretBox } from '../crypto/secrets.ts';
import type { SourceRow } from '../db/schema.ts';
import { secretFieldNames } from '../store/source-configuration.ts';

export type { SourceResource } from '@darkroom/core';

function masked(secrets: SecretBox, encrypted: string | null): string | null {
  if (encrypted === null) return null;
  try {
    return maskSecret(secrets.decrypt(encrypted));
  } catch (error) {
    // A value written under another key still shows that a secret is set.
    if (error instanceof SecretDecryptionError) return maskSecret('');
    throw error;
  }
}

// Like serializers.ts, this copies named fields only; every secret field the core credential
// definitions list for the source's provider leaves masked, so no secret reaches a response.
// `accountCapabilities` are the grants of the source's account (store/capabilities.ts): the
// capabilities shown are the effective ones, the source's own and its account's; a caller that
// leaves them out shows the source's own grants only.
export function sourceResource(
  row: SourceRow,
  secrets: SecretBox,
  /** What the source may use (store/capabilities.ts usableCapabilities). */
  premium: readonly CapabilityName[],
): SourceResource {
  const secretFields = new Set(secretFieldNames(row.type, row.storage_provider));
  const credentials = Object.fromEntries(
    Object.entries(row.credentials).map(([key, value]) => [
      key,
      secretFields.has(key) ? masked(secrets, value) : value,
    ]),
  );
  const settings = row.settings;
  return {
    type: 'sources',
    id: row.id,
    attributes: {
      name: row.name,
      enabled: row.enabled,
      deployment_status: row.deployment_status,
      deployment_error: row.deployment_error,
      date_created: row.created_at.getTime(),
      date_deployed: row.deployed_at?.getTime() ?? null,
      date_modified: row.updated_at.getTime(),
      date_first_served: row.first_served_at?.getTime() ?? null,
      global_version: row.global_version,
      is_cors_validated: false,
      enable_multiframe: row.enable_multiframe,
      secure_url_enabled: row.secure_url_enabled,
      uploads_enabled: row.type === 'darkroom_storage' || row.upload_credentials !== null,
      secure_url_token: masked(secrets, row.secure_url_token),
      image_error: row.image_error,
      image_missing: row.image_missing,
      // The spec's shape (platform section 3): a string when on, null when off.
      capabilities: {
        background_removal: premium.includes('background_removal') ? 'enabled' : null,
        multiframe: row.enable_multiframe ? 'enabled' : null,
        video: null,
      },
      premium_capabilities: [...premium],
      management_capabilities: {
        custom_ai_features: {
          'alt-text': { enabled: false, model_name: null, parameters: { language: 'en' } },
        },
      },
      production: {
        ...credentials,
        // Rows are written only after core's schema accepted the type and provider.
        type: row.type as SourceType,
        ...(row.type === 's3_compatible' && row.storage_provider !== null
          ? { storage_provider: row.storage_provider as StorageProvider }
          : {}),
        cache_ttl_behavior: settings.cache_ttl_behavior,
        cache_ttl_value: settings.cache_ttl_value,
        cache_ttl_error: settings.cache_ttl_error,
        crossdomain_cors_enabled: settings.crossdomain_cors_enabled,
        crossdomain_xml_enabled: settings.crossdomain_xml_enabled,
        custom_domains: settings.custom_domains,
        default_params: settings.default_params,
        darkroom_subdomains: settings.darkroom_subdomains,
      },
      demo: row.is_demo,
    },
    relationships: { account: { data: { type: 'accounts', id: row.account_id } } },
  };
}

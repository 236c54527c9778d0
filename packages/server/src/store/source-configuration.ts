import {
  isSourceType,
  isStorageProvider,
  secretFieldsFor,
  type SourceConfiguration,
} from '@darkroom/core';
import type { SecretBox } from '../crypto/secrets.ts';
import type { FallbackImage, SourceRow, SourceSettings, StoredCredentials } from '../db/schema.ts';

// `production` in the API is one object; in the database it is the settings (jsonb), three
// columns of their own, the type and provider, and the credentials with secret fields encrypted.

export const SETTINGS_KEYS = [
  'cache_ttl_behavior',
  'cache_ttl_value',
  'cache_ttl_error',
  'crossdomain_cors_enabled',
  'crossdomain_xml_enabled',
  'custom_domains',
  'default_params',
  'darkroom_subdomains',
] as const satisfies readonly (keyof SourceSettings)[];

/** Settings stored in columns of their own, accepted both in production and as attributes. */
export const COLUMN_SETTING_KEYS = ['secure_url_enabled', 'image_error', 'image_missing'] as const;

const NOT_CREDENTIALS = new Set<string>([
  ...SETTINGS_KEYS,
  ...COLUMN_SETTING_KEYS,
  'type',
  'storage_provider',
]);

/** Whether a production key belongs to the settings rather than the link-storage configuration. */
export function isSettingKey(key: string): boolean {
  return NOT_CREDENTIALS.has(key) && key !== 'type' && key !== 'storage_provider';
}

export interface SplitProduction {
  type: string;
  storageProvider: string | null;
  settings: SourceSettings;
  secureUrlEnabled: boolean;
  imageError: FallbackImage | null;
  imageMissing: FallbackImage | null;
  /** Plain text. */
  credentials: Record<string, string | null>;
}

/** Splits a validated production object into what is stored where. */
export function splitProduction(production: Readonly<Record<string, unknown>>): SplitProduction {
  const settings = Object.fromEntries(
    SETTINGS_KEYS.map((key) => [key, production[key]]),
  ) as unknown as SourceSettings;
  return {
    type: String(production.type),
    storageProvider:
      production.type === 's3_compatible' ? String(production.storage_provider) : null,
    settings,
    secureUrlEnabled: production.secure_url_enabled === true,
    imageError: (production.image_error as FallbackImage | null | undefined) ?? null,
    imageMissing: (production.image_missing as FallbackImage | null | undefined) ?? null,
    credentials: credentialsOf(production),
  };
}

/** The link-storage fields of a configuration or production object, without type and provider. */
export function credentialsOf(
  configuration: Readonly<Record<string, unknown>>,
): Record<string, string | null> {
  const credentials: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(configuration)) {
    if (NOT_CREDENTIALS.has(key)) continue;
    credentials[key] = value === null || value === undefined ? null : String(value);
  }
  return credentials;
}

/** The secret field names of a stored type and provider. */
export function secretFieldNames(type: string, storageProvider: string | null): string[] {
  if (!isSourceType(type)) return [];
  return secretFieldsFor(type, isStorageProvider(storageProvider) ? storageProvider : undefined);
}

export function encryptCredentials(
  secrets: SecretBox,
  type: string,
  storageProvider: string | null,
  credentials: Readonly<Record<string, string | null>>,
): StoredCredentials {
  const secret = new Set(secretFieldNames(type, storageProvider));
  return Object.fromEntries(
    Object.entries(credentials).map(([key, value]) => [
      key,
      value !== null && secret.has(key) ? secrets.encrypt(value) : value,
    ]),
  );
}

export function decryptCredentials(
  secrets: SecretBox,
  row: Pick<SourceRow, 'type' | 'storage_provider' | 'credentials'>,
): Record<string, string | null> {
  const secret = new Set(secretFieldNames(row.type, row.storage_provider));
  return Object.fromEntries(
    Object.entries(row.credentials).map(([key, value]) => [
      key,
      value !== null && secret.has(key) ? secrets.decrypt(value) : value,
    ]),
  );
}

/** A stored source's link-storage configuration with its secrets in plain text, for an adapter. */
export function configurationOf(
  secrets: SecretBox,
  row: Pick<SourceRow, 'type' | 'storage_provider' | 'credentials'>,
): SourceConfiguration {
  return {
    type: row.type,
    ...(row.type === 's3_compatible' ? { storage_provider: row.storage_provider } : {}),
    ...decryptCredentials(secrets, row),
  } as unknown as SourceConfiguration;
}

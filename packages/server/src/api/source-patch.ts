import { nameSchema } from '@darkroom/core';
import { z } from 'zod';
import type { FallbackImage, SourceSettings } from '../db/schema.ts';
import { issueErrors } from './field-errors.ts';
import type { SourceSchemas } from './source-schemas.ts';
import {
  COLUMN_SETTING_KEYS,
  credentialsOf,
  isSettingKey,
  secretFieldNames,
  SETTINGS_KEYS,
} from '../store/source-configuration.ts';

export interface SourcePatch {
  name?: string;
  enabled?: boolean;
  secureUrlEnabled?: boolean;
  enableMultiframe?: boolean;
  imageError?: FallbackImage | null;
  imageMissing?: FallbackImage | null;
  /** The whole settings after the change. */
  settings?: SourceSettings;
  /** The whole credentials after the change, in plain text. */
  credentials?: Record<string, string | null>;
}

export interface StoredConfiguration {
  type: string;
  storageProvider: string | null;
  /** Plain text. */
  credentials: Record<string, string | null>;
}

type Issue = z.core.$ZodIssue;

const PATCHABLE = new Set([
  'name',
  'enabled',
  'enable_multiframe',
  'production',
  ...COLUMN_SETTING_KEYS,
]);

const enabledSchema = z.boolean({ error: 'Turn this setting on or off.' });

const prefixed = (prefix: PropertyKey[], issues: readonly Issue[]): Issue[] =>
  issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }));

const issue = (path: PropertyKey[], message: string): Issue =>
  ({ code: 'custom', path, message, input: undefined }) as Issue;

// A masked value sent back unchanged (or an emptied secret input) means "keep the stored secret":
// credentials are replace-only, since forms only ever see them masked (spec platform section 3,
// 'Storage credential fields by type').
const keepsStoredSecret = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && (value.trim() === '' || value.startsWith('••••')));

function sameCredentials(
  a: Readonly<Record<string, string | null>>,
  b: Readonly<Record<string, string | null>>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
}

/**
 * The attributes parseSourcePatch reads, for the API reference: each checked with the schema it
 * is checked with below. `production` takes the settings, and the storage fields of the source's
 * own type besides (replace-only), which the stored configuration decides.
 */
export function sourcePatchAttributesSchema(schemas: SourceSchemas) {
  const settings = schemas.settingsPatch.shape;
  return z.strictObject({
    name: nameSchema.optional(),
    enabled: enabledSchema.optional(),
    enable_multiframe: enabledSchema.optional(),
    production: schemas.settingsPatch
      .catchall(z.unknown())
      .describe(
        "Settings to change, and the storage fields of the source's type to replace (a masked value, such as the one the source shows, keeps the stored secret). The type and provider cannot change.",
      )
      .optional(),
    ...Object.fromEntries(COLUMN_SETTING_KEYS.map((key) => [key, settings[key]])),
  });
}

/**
 * Validates `PATCH /sources/{id}` attributes against the stored source: settings with core's
 * productionSettingsPatchSchema, credentials merged into the stored configuration and checked
 * whole with sourceConfigurationSchema, so only the provider's fields are accepted. The storage
 * type and provider cannot change. Throws a 422 listing every invalid field.
 */
export function parseSourcePatch(
  schemas: SourceSchemas,
  attributes: Record<string, unknown>,
  storedSettings: SourceSettings,
  stored: StoredConfiguration,
): SourcePatch {
  const issues: Issue[] = [];
  const patch: SourcePatch = {};

  for (const key of Object.keys(attributes)) {
    if (!PATCHABLE.has(key)) issues.push(issue([key], 'This attribute cannot be changed.'));
  }
  if (attributes.name !== undefined) {
    const name = nameSchema.safeParse(attributes.name);
    if (name.success) patch.name = name.data;
    else issues.push(...prefixed(['name'], name.error.issues));
  }
  if (attributes.enabled !== undefined) {
    const enabled = enabledSchema.safeParse(attributes.enabled);
    if (enabled.success) patch.enabled = enabled.data;
    else issues.push(...prefixed(['enabled'], enabled.error.issues));
  }
  if (attributes.enable_multiframe !== undefined) {
    const multiframe = enabledSchema.safeParse(attributes.enable_multiframe);
    if (multiframe.success) patch.enableMultiframe = multiframe.data;
    else issues.push(...prefixed(['enable_multiframe'], multiframe.error.issues));
  }

  const production = attributes.production;
  if (
    production !== undefined &&
    (typeof production !== 'object' || production === null || Array.isArray(production))
  ) {
    issues.push(issue(['production'], 'Production must be an object of settings.'));
  }
  const given = (
    typeof production === 'object' && production !== null && !Array.isArray(production)
      ? production
      : {}
  ) as Record<string, unknown>;

  // Settings: from production, and the column settings also as top-level attributes.
  const settingsInput: Record<string, unknown> = {};
  const settingsPath = new Map<string, PropertyKey[]>();
  for (const [key, value] of Object.entries(given)) {
    if (!isSettingKey(key)) continue;
    settingsInput[key] = value;
    settingsPath.set(key, ['production']);
  }
  for (const key of COLUMN_SETTING_KEYS) {
    if (attributes[key] === undefined) continue;
    settingsInput[key] = attributes[key];
    settingsPath.set(key, []);
  }
  const settings = schemas.settingsPatch.safeParse(settingsInput);
  if (!settings.success) {
    for (const settingIssue of settings.error.issues) {
      const prefix = settingsPath.get(String(settingIssue.path[0])) ?? ['production'];
      issues.push({ ...settingIssue, path: [...prefix, ...settingIssue.path] });
    }
  } else {
    const data = settings.data as Record<string, unknown>;
    if (SETTINGS_KEYS.some((key) => data[key] !== undefined)) {
      const merged = { ...storedSettings } as Record<string, unknown>;
      for (const key of SETTINGS_KEYS) if (data[key] !== undefined) merged[key] = data[key];
      patch.settings = merged as unknown as SourceSettings;
    }
    if (data.secure_url_enabled !== undefined) {
      patch.secureUrlEnabled = data.secure_url_enabled as boolean;
    }
    if (data.image_error !== undefined) patch.imageError = data.image_error as FallbackImage | null;
    if (data.image_missing !== undefined) {
      patch.imageMissing = data.image_missing as FallbackImage | null;
    }
  }

  // Credentials: replace-only, the type and provider fixed.
  const credentialKeys = Object.keys(given).filter((key) => !isSettingKey(key));
  if (credentialKeys.length > 0) {
    const unchangedType = given.type === undefined || given.type === stored.type;
    const unchangedProvider =
      given.storage_provider === undefined || given.storage_provider === stored.storageProvider;
    if (!unchangedType) {
      issues.push(
        issue(
          ['production', 'type'],
          'The storage type of a source cannot be changed. Create a new source instead.',
        ),
      );
    } else if (!unchangedProvider) {
      issues.push(
        issue(
          ['production', 'storage_provider'],
          'The storage provider of a source cannot be changed. Create a new source instead.',
        ),
      );
    } else {
      const secret = new Set(secretFieldNames(stored.type, stored.storageProvider));
      const merged: Record<string, unknown> = {
        type: stored.type,
        ...(stored.type === 's3_compatible' ? { storage_provider: stored.storageProvider } : {}),
        ...stored.credentials,
      };
      for (const key of credentialKeys) {
        if (key === 'type' || key === 'storage_provider') continue;
        if (secret.has(key) && keepsStoredSecret(given[key])) continue;
        merged[key] = given[key];
      }
      const configuration = schemas.configuration.safeParse(merged);
      if (configuration.success) {
        const credentials = credentialsOf(configuration.data);
        // Only a real change is a new configuration to check again.
        if (!sameCredentials(credentials, stored.credentials)) {
          patch.credentials = credentials;
        }
      } else issues.push(...prefixed(['production'], configuration.error.issues));
    }
  }

  if (issues.length > 0) throw issueErrors(issues);
  return patch;
}

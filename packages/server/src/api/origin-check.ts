import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bucketMissingMessage,
  credentialFailureMessage,
  INVALID_SOURCE_CONFIG_MESSAGE,
  SOURCE_MESSAGES,
  type SourceConfiguration,
} from '@darkroom/core';
import type { Config } from '../config.ts';
import {
  createStorageAdapter,
  DEFAULT_STORAGE_LIMITS,
  StorageError,
  type StorageAdapter,
  type StorageOptions,
} from '../storage/index.ts';
import type { ErrorCode } from './errors.ts';

/** The settings the storage adapters are built from. */
type StorageConfig =
  | 'dataDir'
  | 's3EndpointOverride'
  | 'azureEndpointOverride'
  | 'allowPrivateOrigins'
  | 'originMaxBytes';

// The one place the server reaches the storage adapters (src/storage), so tests can swap in a
// fake through buildApp's `storageAdapterFactory`.

export interface StorageContext {
  sourceId: string;
}

/** Builds the adapter of a source configuration (its secrets in plain text). */
export type StorageAdapterFactory = (
  configuration: SourceConfiguration,
  options: StorageOptions,
  context?: StorageContext,
) => StorageAdapter | Promise<StorageAdapter>;

/** The demo source's images, shipped with the server (spec platform section 9). */
export const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo-images/', import.meta.url));

/** Folder of the managed storage files of every source. */
export function managedStorageDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'managed');
}

export function storageOptions(config: Pick<Config, StorageConfig>): StorageOptions {
  return {
    ...DEFAULT_STORAGE_LIMITS,
    s3EndpointOverride: config.s3EndpointOverride,
    azureEndpointOverride: config.azureEndpointOverride,
    allowPrivateOrigins: config.allowPrivateOrigins,
    maxBytes: config.originMaxBytes,
    managedStorageDir: managedStorageDir(config),
  };
}

export { putManagedFile, StorageError } from '../storage/index.ts';

/** The real adapters of src/storage. */
export const defaultStorageAdapterFactory: StorageAdapterFactory = (
  configuration,
  options,
  context,
) => createStorageAdapter(configuration, options, context ?? {});

/**
 * Storage options under which the managed adapter (which reads `{managedStorageDir}/{sourceId}/`)
 * finds the demo source's images: a folder in the data directory holding one link, named after
 * the demo source's id, to the images shipped in packages/server/demo-images.
 */
export function demoStorageOptions(
  config: Pick<Config, StorageConfig>,
  demoSourceId: string,
): StorageOptions {
  const root = path.join(config.dataDir, 'demo-storage');
  const link = path.join(root, demoSourceId);
  mkdirSync(root, { recursive: true });
  let current: string | null = null;
  try {
    current = readlinkSync(link);
  } catch {
    current = null;
  }
  if (current !== DEMO_IMAGES_DIR) {
    // A checkout that moved leaves a link to the old place behind.
    rmSync(link, { force: true });
    symlinkSync(DEMO_IMAGES_DIR, link, 'dir');
  }
  return { ...storageOptions(config), managedStorageDir: root };
}

/** A failed storage check in API terms: spec platform section 8's code, sentence and field. */
export interface OriginCheckFailure {
  code: ErrorCode;
  /** The configuration field at fault; null for the whole configuration. */
  field: string | null;
  detail: string;
}

const ACCESS_KEY_FIELD: Record<string, string> = {
  s3: 'aws_access_key',
  gcs: 'gcs_access_key',
  s3_compatible: 'access_key_id',
};
const SECRET_KEY_FIELD: Record<string, string> = {
  s3: 'aws_secret_key',
  gcs: 'gcs_secret_key',
  s3_compatible: 'secret_key',
};
const BUCKET_FIELD: Record<string, string> = {
  s3: 'aws_bucket',
  gcs: 'gcs_bucket',
  s3_compatible: 'bucket_name',
  azure: 'azure_bucket',
};

function credentialFailure(type: string): OriginCheckFailure {
  return {
    code: 'invalid_source_config',
    field: null,
    detail:
      type === 'webfolder' || type === 'webproxy' || type === 'darkroom_storage'
        ? INVALID_SOURCE_CONFIG_MESSAGE
        : credentialFailureMessage(type),
  };
}

/** Maps a StorageError from verify() to the error the API answers (spec platform section 8). */
export function originCheckFailure(error: unknown, type: string): OriginCheckFailure {
  if (!(error instanceof StorageError)) return credentialFailure(type);
  const field = (fallback: string | undefined) => error.field ?? fallback ?? null;
  if (type === 'webfolder') {
    return {
      code: 'invalid_url',
      field: 'webfolder_prefix',
      detail:
        error.kind === 'blocked_address'
          ? SOURCE_MESSAGES.imageServiceDomain
          : SOURCE_MESSAGES.webfolderBaseUrl,
    };
  }
  switch (error.kind) {
    case 'invalid_access_key':
      return {
        code: 'invalid_access_key',
        field: field(ACCESS_KEY_FIELD[type]),
        detail: SOURCE_MESSAGES.invalidAccessKey,
      };
    case 'invalid_secret_key':
      return {
        code: 'invalid_secret_key',
        field: field(SECRET_KEY_FIELD[type]),
        detail: SOURCE_MESSAGES.invalidSecretKey,
      };
    case 'bucket_not_found':
      return {
        code: 'bucket_not_found',
        field: field(BUCKET_FIELD[type]),
        detail: bucketMissingMessage(type),
      };
    case 'invalid_bucket_name':
      return {
        code: 'invalid_bucket_name',
        field: field(BUCKET_FIELD[type]),
        detail:
          type === 'azure'
            ? SOURCE_MESSAGES.invalidAzureBucketName
            : SOURCE_MESSAGES.invalidBucketName,
      };
    case 'invalid_region':
      return {
        code: 'invalid_region',
        field: field('region'),
        detail: SOURCE_MESSAGES.invalidRegion,
      };
    case 'invalid_endpoint':
      return {
        code: 'invalid_endpoint_url',
        field: field('endpoint_url'),
        detail: SOURCE_MESSAGES.invalidEndpointUrl,
      };
    case 'invalid_host':
      return type === 'azure'
        ? {
            code: 'invalid_host_name',
            field: field('azure_account'),
            detail: SOURCE_MESSAGES.invalidAzureHostName,
          }
        : type === 's3_compatible'
          ? {
              code: 'invalid_endpoint_url',
              field: field('endpoint_url'),
              detail: SOURCE_MESSAGES.invalidEndpointUrl,
            }
          : credentialFailure(type);
    case 'invalid_sas':
      return {
        code: 'invalid_sas_string',
        field: field('azure_sas_string'),
        detail: SOURCE_MESSAGES.invalidSasString,
      };
    default:
      return credentialFailure(type);
  }
}

/** Whether a failed check is worth retrying later rather than a verdict on the configuration. */
export function isTransientStorageError(error: unknown): boolean {
  if (!(error instanceof StorageError)) return true;
  return error.kind === 'timeout' || error.kind === 'unreachable';
}

// Turns transport failures into StorageError kinds with the core catalogue's sentence (spec
// platform section 8), so the API can answer with the message and the field at fault.
import { SOURCE_MESSAGES, bucketMissingMessage, credentialFailureMessage } from '@darkroom/core';
import type { GuardedFetchError } from '../net/guarded-fetch-error.ts';
import { StorageError, type StorageErrorKind } from './types.ts';

/**
 * The sentence of the core message catalogue for a failure kind of a source type (`s3`,
 * `s3_compatible`, `gcs`, `azure`, `webfolder`, `webproxy`, `darkroom_storage`).
 */
function storageMessage(kind: StorageErrorKind, type: string): string {
  switch (kind) {
    case 'invalid_access_key':
      return SOURCE_MESSAGES.invalidAccessKey;
    case 'invalid_secret_key':
      return SOURCE_MESSAGES.invalidSecretKey;
    case 'bucket_not_found':
      return bucketMissingMessage(type);
    case 'invalid_bucket_name':
      return type === 'azure'
        ? SOURCE_MESSAGES.invalidAzureBucketName
        : SOURCE_MESSAGES.invalidBucketName;
    case 'invalid_region':
      return SOURCE_MESSAGES.invalidRegion;
    case 'invalid_endpoint':
      return type === 'webfolder' || type === 'webproxy'
        ? SOURCE_MESSAGES.invalidUrl
        : SOURCE_MESSAGES.invalidEndpointUrl;
    case 'invalid_host':
      return SOURCE_MESSAGES.invalidAzureHostName;
    case 'invalid_sas':
      return SOURCE_MESSAGES.azureCheckSas;
    case 'invalid_credentials':
    case 'access_denied':
      return type === 'webfolder' || type === 'webproxy'
        ? SOURCE_MESSAGES.webfolderBaseUrl
        : credentialFailureMessage(type);
    case 'blocked_address':
      return SOURCE_MESSAGES.imageServiceDomain;
    case 'unreachable':
      return type === 'webfolder'
        ? SOURCE_MESSAGES.webfolderBaseUrl
        : SOURCE_MESSAGES.invalidSourceConfig;
    case 'not_found':
      return 'The file does not exist at the origin.';
    case 'too_large':
      return 'The file is larger than this server accepts from an origin.';
    case 'timeout':
      return 'The origin did not answer in time.';
    case 'origin_error':
      return SOURCE_MESSAGES.invalidSourceConfig;
  }
}

/** A StorageError of `kind` for a source `type`, worded from the catalogue. */
export function storageError(
  kind: StorageErrorKind,
  type: string,
  options: { field?: string | null; cause?: unknown } = {},
): StorageError {
  return new StorageError(kind, storageMessage(kind, type), {
    ...(options.field != null ? { field: options.field } : {}),
    cause: options.cause,
  });
}

/** Maps a guarded fetch failure; `field` is the configuration field holding the address. */
export function fromGuardedFetchError(
  error: GuardedFetchError,
  type: string,
  field: string | null,
): StorageError {
  switch (error.kind) {
    case 'invalid_url':
    case 'unsupported_scheme':
      return storageError('invalid_endpoint', type, { field, cause: error });
    case 'blocked_address':
      return storageError('blocked_address', type, { field, cause: error });
    case 'unreachable':
      return storageError('unreachable', type, { field, cause: error });
    case 'timeout':
      return storageError('timeout', type, { field, cause: error });
    case 'too_large':
      return storageError('too_large', type, { cause: error });
    case 'too_many_redirects':
    case 'truncated':
      return new StorageError('origin_error', error.message, { cause: error });
  }
}

// A failed origin check (a source being created, edited or deployed) in the API's terms:
// spec platform section 8's code, sentence and the configuration field to blame.
import {
  bucketMissingMessage,
  credentialFailureMessage,
  INVALID_SOURCE_CONFIG_MESSAGE,
  SOURCE_MESSAGES,
  credentialFieldName,
  isSourceType,
  type CredentialRole,
  type ErrorCode,
} from '@darkroom/core';
import { StorageError } from './types.ts';

/** A failed storage check in API terms: spec platform section 8's code, sentence and field. */
export interface OriginCheckFailure {
  code: ErrorCode;
  /** The configuration field at fault; null for the whole configuration. */
  field: string | null;
  detail: string;
}

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
  // The field the adapter blamed, else the type's field of the role at fault.
  const field = (role: CredentialRole) =>
    error.field ?? (isSourceType(type) ? credentialFieldName(type, role) : undefined) ?? null;
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
        field: field('access_key'),
        detail: SOURCE_MESSAGES.invalidAccessKey,
      };
    case 'invalid_secret_key':
      return {
        code: 'invalid_secret_key',
        field: field('secret_key'),
        detail: SOURCE_MESSAGES.invalidSecretKey,
      };
    case 'bucket_not_found':
      return {
        code: 'bucket_not_found',
        field: field('bucket'),
        detail: bucketMissingMessage(type),
      };
    case 'invalid_bucket_name':
      return {
        code: 'invalid_bucket_name',
        field: field('bucket'),
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
        field: field('endpoint'),
        detail: SOURCE_MESSAGES.invalidEndpointUrl,
      };
    case 'invalid_host':
      return type === 'azure'
        ? {
            code: 'invalid_host_name',
            field: field('account'),
            detail: SOURCE_MESSAGES.invalidAzureHostName,
          }
        : type === 's3_compatible'
          ? {
              code: 'invalid_endpoint_url',
              field: field('endpoint'),
              detail: SOURCE_MESSAGES.invalidEndpointUrl,
            }
          : credentialFailure(type);
    case 'invalid_sas':
      return {
        code: 'invalid_sas_string',
        field: field('sas'),
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

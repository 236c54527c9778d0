// Spec platform section 8, "Server error mapping on creation": turns the first error of a
// validation or creation answer into a message under a form field or a form-wide error.
import { matchesErrorCode, type ErrorCode } from '../jsonapi/error-codes.ts';
import { credentialFieldNames } from './credential-fields.ts';
import { fieldFromPointer } from './field-paths.ts';
import {
  ALL_SOURCE_MESSAGES,
  DOMAIN_MESSAGES,
  GENERAL_MESSAGES,
  GENERIC_FORM_ERROR,
  INVALID_SOURCE_CONFIG_MESSAGE,
  REQUIRED_MESSAGE,
  SOURCE_MESSAGES,
  bucketMissingMessage,
} from './messages.ts';

// The code of the wizard's banner (spec platform section 8); `satisfies` keeps it in the catalogue.
const INVALID_SOURCE_CONFIG = 'invalid_source_config' satisfies ErrorCode;

export interface ServerFieldError {
  /** The server's field name or the error's JSON:API pointer; absent for form-wide errors. */
  field?: string | null;
  title?: string | null;
  detail?: string | null;
  code?: string | null;
}

export type MappedServerError =
  | { kind: 'field'; field: string; message: string }
  | {
      kind: 'form';
      code: typeof INVALID_SOURCE_CONFIG | 'generic';
      message: string;
      /** The server's detail when it is one of the catalogue's sentences, to show below. */
      detail?: string;
    };

const ACCESS_KEY_FIELDS = credentialFieldNames('access_key');
const SECRET_KEY_FIELDS = credentialFieldNames('secret_key');
const BUCKET_FIELDS = credentialFieldNames('bucket');
const WEBFOLDER_FIELDS = new Set(['webfolder_prefix', 'webfolder_base_url']);

// Fields that name a check rather than a form input: the key or credential checks of AWS, GCS
// and Azure, encrypted secrets, the storage host or region found by the server, and generic
// error fields. They cannot be shown under a field, so they become the form-level banner.
const CHECK_FIELD =
  /^(?:(?:aws|gcs|azure|s3)_(?:key|keys|credential|credentials|key_check|credential_check|credentials_check|host|region)|(?:\w+_)?encrypted_\w+|encrypted|host|error|errors|generic|base|configuration|credentials)$/;

// "The image domain", "a domain in this deployment", "not allowed": the base URL points at the
// image service itself or at a forbidden host, rather than at a folder that could not be read.
const IMAGE_SERVICE_DOMAIN =
  /image(?:[- ]service)?[- ]domain|domain (?:in|of) (?:the|this) deployment|deployment'?s? domain|delivery domain|not allowed/i;

// Plain words or the storage services' error codes (NoSuchBucket, ContainerNotFound, ShareNotFound).
const BUCKET_MISSING =
  /does ?n[o']t exist|not exist|no ?such ?(?:bucket|container|share)|not ?found/i;
const DOMAIN_TAKEN = /already in use|A different account owns/i;
const DOMAIN_FIELD = /^(darkroom_subdomains?|custom_domains?)(?:\[\d+\])?$/;

const fieldError = (field: string, message: string): MappedServerError => ({
  kind: 'field',
  field,
  message,
});

function invalidSourceConfig(detail: string): MappedServerError {
  return {
    kind: 'form',
    code: INVALID_SOURCE_CONFIG,
    message: INVALID_SOURCE_CONFIG_MESSAGE,
    ...(ALL_SOURCE_MESSAGES.has(detail) && detail !== INVALID_SOURCE_CONFIG_MESSAGE
      ? { detail }
      : {}),
  };
}

/** The family a field belongs to, for the family's own bucket message. */
function bucketFamily(field: string): string {
  if (field.startsWith('gcs_')) return 'gcs';
  if (field.startsWith('azure_')) return 'azure';
  return 's3';
}

/**
 * Maps a server error (the first of `errors[]`) to a message under a form field, or to a
 * form-wide error: the `invalid_source_config` banner or the generic form error.
 */
export function mapServerError(error: ServerFieldError): MappedServerError {
  const field = fieldFromPointer(error.field ?? '');
  const title = error.title ?? '';
  const detail = error.detail ?? '';
  const text = `${title} ${detail}`;
  const code = error.code ?? '';

  if (field !== '' && /required field|field is required/i.test(text)) {
    return fieldError(field, REQUIRED_MESSAGE);
  }
  if (WEBFOLDER_FIELDS.has(field)) {
    return fieldError(
      'webfolder_prefix',
      IMAGE_SERVICE_DOMAIN.test(text)
        ? SOURCE_MESSAGES.imageServiceDomain
        : SOURCE_MESSAGES.webfolderBaseUrl,
    );
  }
  if (ACCESS_KEY_FIELDS.has(field)) return fieldError(field, SOURCE_MESSAGES.invalidAccessKey);
  if (SECRET_KEY_FIELDS.has(field)) return fieldError(field, SOURCE_MESSAGES.invalidSecretKey);
  if (BUCKET_FIELDS.has(field)) {
    if (BUCKET_MISSING.test(text))
      return fieldError(field, bucketMissingMessage(bucketFamily(field)));
    return fieldError(
      field,
      field === 'azure_bucket'
        ? SOURCE_MESSAGES.invalidAzureBucketName
        : SOURCE_MESSAGES.invalidBucketName,
    );
  }
  if (field === 'region') return fieldError(field, SOURCE_MESSAGES.invalidRegion);
  if (field === 'endpoint_url') return fieldError(field, SOURCE_MESSAGES.invalidEndpointUrl);
  if (field === 'azure_account') return fieldError(field, SOURCE_MESSAGES.invalidAzureHostName);
  if (field === 'azure_sas_string') return fieldError(field, SOURCE_MESSAGES.invalidSasString);
  if (CHECK_FIELD.test(field)) return invalidSourceConfig(detail);
  if (/^image_(?:error|missing)\b/.test(field)) {
    return fieldError(
      field.startsWith('image_error') ? 'image_error' : 'image_missing',
      SOURCE_MESSAGES.invalidRemoteImage,
    );
  }
  const domain = DOMAIN_FIELD.exec(field);
  if (domain !== null) {
    if (DOMAIN_TAKEN.test(detail) || DOMAIN_TAKEN.test(title)) {
      return fieldError(field, DOMAIN_MESSAGES.inUse);
    }
    return fieldError(
      field,
      (domain[1] ?? '').startsWith('custom')
        ? DOMAIN_MESSAGES.invalidCustomDomain
        : DOMAIN_MESSAGES.invalidSubdomain,
    );
  }
  // A credential failure the server could not tie to one field still means the configuration
  // cannot reach the storage.
  if (matchesErrorCode(code, INVALID_SOURCE_CONFIG)) return invalidSourceConfig(detail);
  if (matchesErrorCode(code, 'rate_limited')) {
    return { kind: 'form', code: 'generic', message: GENERAL_MESSAGES.rateLimit };
  }
  return { kind: 'form', code: 'generic', message: GENERIC_FORM_ERROR };
}

/** What the wizard's banner says (spec section 8, last rule) for an error no field shows. */
export interface WizardBannerText {
  message: string;
  /** The server's catalogue sentence, shown below the message. */
  detail?: string;
}

/**
 * Spec section 8: on the wizard, the `invalid_source_config` code shows its own banner text;
 * any other error that no form field shows gets the generic form-wide text.
 */
export function wizardBannerOf(mapped: MappedServerError): WizardBannerText {
  if (mapped.kind === 'form' && mapped.code === INVALID_SOURCE_CONFIG) {
    return { message: mapped.message, ...(mapped.detail ? { detail: mapped.detail } : {}) };
  }
  return { message: GENERIC_FORM_ERROR };
}

/**
 * Spec section 8: a domain validation rejection whose detail says another source (or another
 * account) holds the domain reads 'This domain is already in use by another source.'; any other
 * detail reads as the generic form error.
 */
export function mapDomainValidationError(detail: string | null | undefined): string {
  return /A different account owns|already in use by source/i.test(detail ?? '')
    ? DOMAIN_MESSAGES.inUse
    : GENERIC_FORM_ERROR;
}

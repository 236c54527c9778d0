// The user-facing message catalogue of spec platform section 8 (general, domains, source
// creation and credentials), written as whole sentences. The validation rules of section 5 and
// the server error mapping both draw from here, so a message reads the same wherever it comes from.
import { GENERIC_PAGE_ERROR, RATE_LIMIT_DETAIL } from '../jsonapi/error-codes.ts';

/** Spec section 5: every source-form field is required unless it carries an Optional tag. */
export const REQUIRED_MESSAGE = 'This field is required';

/** Spec section 8: the generic form-wide error. */
export const GENERIC_FORM_ERROR =
  'Something went wrong. Please try again, and contact support if the problem persists.';

/** Spec section 8: the banner shown on the wizard for the `invalid_source_config` code. */
export const INVALID_SOURCE_CONFIG_MESSAGE =
  'Darkroom could not access your assets. Check the source information and permissions, or contact support.';

export const GENERAL_MESSAGES = {
  page: GENERIC_PAGE_ERROR,
  form: GENERIC_FORM_ERROR,
  bare: 'Something went wrong',
  rateLimit: RATE_LIMIT_DETAIL,
  invalidUserCredential: 'We were unable to create this user. Please contact support.',
} as const;

export const DOMAIN_MESSAGES = {
  existsOnSource: 'This domain already exists on this source.',
  inUse: 'This domain is already in use by another source.',
  invalidSubdomain: 'This is not a valid subdomain.',
  invalidCustomDomain: 'This is not a valid custom domain.',
} as const;

/** Credential failures per storage family (spec section 8), each pointing at what to check. */
export const CREDENTIAL_FAILURE_MESSAGES = {
  s3: 'Darkroom could not access Amazon S3 with these credentials. Check the access key, the secret key and that the user may list the bucket and read its files (ListBucket, GetBucketLocation and GetObject).',
  s3_compatible:
    'Darkroom could not access your storage with these credentials. Check the access key, the secret key, the endpoint and that the key may list the bucket and read its files.',
  gcs: 'Darkroom could not access Google Cloud Storage with these HMAC keys. Check the access key, the secret and that the service account may list the bucket and read its files.',
  azure:
    'Darkroom could not access Azure Storage with this SAS string. Check the account name, the SAS string and that the SAS grants read and list permissions and has not expired.',
} as const;

/** Nonexistent bucket messages for S3 (and S3-compatible storage), GCS and Azure. */
export const BUCKET_MISSING_MESSAGES = {
  s3: 'The bucket does not exist. Check the bucket name.',
  gcs: 'The bucket does not exist in Google Cloud Storage. Check the bucket name.',
  azure:
    'The container or file share does not exist. Check its name and the storage service you chose.',
} as const;

export const SOURCE_MESSAGES = {
  invalidSourceConfig: INVALID_SOURCE_CONFIG_MESSAGE,
  cannotVerifyWritePermissions:
    'Darkroom could not verify write permissions for these credentials. Check that they may upload files.',
  invalidUploadCredentials: 'These upload credentials are not valid. Verify them and try again.',
  invalidRequestAuthentication:
    'These request authentication settings are not valid. Check the handshake and the signing key.',
  invalidAccessKey: 'This is not a valid access key.',
  invalidSecretKey: 'This is not a valid secret key.',
  invalidBucketName: 'This is not a valid bucket name.',
  // Azure's own wording for an invalid container or share name.
  invalidAzureBucketName:
    'Container names can contain only lowercase letters, numbers, and hyphens, and must begin and end with a letter or number.',
  invalidHostName: 'This is not a valid host name.',
  invalidAzureHostName:
    'This Azure storage account could not be reached. Check the storage account name.',
  invalidRegion: 'This is not a valid region.',
  invalidEndpointUrl: 'This is not a valid endpoint URL.',
  invalidUrl: 'This is not a valid URL.',
  invalidSourceType: 'This is not a valid source type.',
  invalidAzureServiceType: 'Choose Container (blob) or File Share.',
  invalidSasString: 'This is not a valid SAS string.',
  // The spec's Azure message is cut off after "check the string and the SAS"; this completes it.
  azureCheckSas:
    'Azure Storage refused this request. Check the SAS string, and that the SAS grants read and list permissions and has not expired.',
  sasRequiredForUpload: 'A SAS token is required to update Azure upload credentials.',
  invalidRemoteImage: 'Invalid remote image: it must be a valid, publicly accessible image.',
  folderAlreadyServed:
    'A web folder source cannot point to a folder that is already served by a source.',
  webfolderBaseUrl:
    'Darkroom could not reach this web folder. Check that the base URL is correct and publicly accessible.',
  imageServiceDomain:
    'A web folder cannot be on a Darkroom delivery domain or a host name that is not allowed. Use the address of your own website.',
} as const;

/** The credential-failure message for a source type (S3-compatible providers share one). */
export function credentialFailureMessage(type: string): string {
  switch (type) {
    case 's3':
      return CREDENTIAL_FAILURE_MESSAGES.s3;
    case 'gcs':
      return CREDENTIAL_FAILURE_MESSAGES.gcs;
    case 'azure':
      return CREDENTIAL_FAILURE_MESSAGES.azure;
    default:
      return CREDENTIAL_FAILURE_MESSAGES.s3_compatible;
  }
}

/** The nonexistent-bucket message for a source type (S3-compatible providers use the S3 one). */
export function bucketMissingMessage(type: string): string {
  if (type === 'gcs') return BUCKET_MISSING_MESSAGES.gcs;
  if (type === 'azure') return BUCKET_MISSING_MESSAGES.azure;
  return BUCKET_MISSING_MESSAGES.s3;
}

/** Every catalogue sentence, so a caller can tell a known message from a raw server detail. */
export const ALL_SOURCE_MESSAGES: ReadonlySet<string> = new Set<string>([
  REQUIRED_MESSAGE,
  ...Object.values(GENERAL_MESSAGES),
  ...Object.values(DOMAIN_MESSAGES),
  ...Object.values(CREDENTIAL_FAILURE_MESSAGES),
  ...Object.values(BUCKET_MISSING_MESSAGES),
  ...Object.values(SOURCE_MESSAGES),
]);

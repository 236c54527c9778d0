// A storage source's upload credentials (spec platform sections 3 and 5): the write keys the
// asset manager uploads with, kept apart from the read credentials and encrypted like them
// (crypto/secrets.ts). An S3-protocol source (S3, S3-compatible, GCS through HMAC keys) has an
// access key and a secret key; an Azure one a SAS with write and create permission.
import {
  credentialFieldName,
  isSourceType,
  isStorageProvider,
  type SourceConfiguration,
  type UploadCredentialsAttributes,
} from '@darkroom/core';
import { maskSecret, SecretDecryptionError, type SecretBox } from '../crypto/secrets.ts';
import type { SourceRow, StoredUploadCredentials } from '../db/schema.ts';
import { configurationOf } from '../store/source-configuration.ts';

/** Upload credentials in plain text. */
export type UploadCredentials =
  { kind: 'keys'; accessKey: string; secretKey: string } | { kind: 'sas'; sas: string };

export function encryptUploadCredentials(
  secrets: SecretBox,
  credentials: UploadCredentials,
): StoredUploadCredentials {
  return credentials.kind === 'sas'
    ? { access_key: null, secret_key: null, sas_string: secrets.encrypt(credentials.sas) }
    : {
        access_key: secrets.encrypt(credentials.accessKey),
        secret_key: secrets.encrypt(credentials.secretKey),
        sas_string: null,
      };
}

/** The plain credentials, or null for a read-only source (or values under another key). */
export function decryptUploadCredentials(
  secrets: SecretBox,
  stored: StoredUploadCredentials | null,
): UploadCredentials | null {
  if (stored === null) return null;
  try {
    if (stored.sas_string !== null) return { kind: 'sas', sas: secrets.decrypt(stored.sas_string) };
    if (stored.access_key !== null && stored.secret_key !== null) {
      return {
        kind: 'keys',
        accessKey: secrets.decrypt(stored.access_key),
        secretKey: secrets.decrypt(stored.secret_key),
      };
    }
    return null;
  } catch (error) {
    // Written under another key: the source cannot upload until they are entered again.
    if (error instanceof SecretDecryptionError) return null;
    throw error;
  }
}

function masked(secrets: SecretBox, encrypted: string | null): string | null {
  if (encrypted === null) return null;
  try {
    return maskSecret(secrets.decrypt(encrypted));
  } catch (error) {
    if (error instanceof SecretDecryptionError) return maskSecret('');
    throw error;
  }
}

/** `upload_credentials` attributes: whether they are set, every secret masked. */
export function uploadCredentialsAttributes(
  secrets: SecretBox,
  stored: StoredUploadCredentials | null,
): UploadCredentialsAttributes {
  return {
    enabled: stored !== null,
    access_key: masked(secrets, stored?.access_key ?? null),
    secret_key: masked(secrets, stored?.secret_key ?? null),
    sas_string: masked(secrets, stored?.sas_string ?? null),
  };
}

/**
 * The source's configuration with its read keys swapped for `credentials`: the adapter built
 * from it reaches the same bucket, prefix and endpoint, and writes with the upload keys.
 */
export function writeConfiguration(
  secrets: SecretBox,
  source: Pick<SourceRow, 'type' | 'storage_provider' | 'credentials'>,
  credentials: UploadCredentials,
): SourceConfiguration {
  return withUploadCredentials(configurationOf(secrets, source), credentials);
}

/**
 * A configuration with its read keys swapped for `credentials`: the wizard checks upload
 * credentials against a configuration before the source exists (api/validations.ts).
 */
export function withUploadCredentials(
  source: SourceConfiguration,
  credentials: UploadCredentials,
): SourceConfiguration {
  const configuration: Record<string, unknown> = { ...source };
  if (credentials.kind === 'sas') {
    configuration.azure_sas_string = credentials.sas;
    return configuration as unknown as SourceConfiguration;
  }
  const type = configuration.type;
  if (typeof type !== 'string' || !isSourceType(type)) {
    return configuration as unknown as SourceConfiguration;
  }
  const provider = isStorageProvider(configuration.storage_provider)
    ? configuration.storage_provider
    : undefined;
  const accessField = credentialFieldName(type, 'access_key', provider);
  const secretField = credentialFieldName(type, 'secret_key', provider);
  if (accessField !== undefined) configuration[accessField] = credentials.accessKey;
  if (secretField !== undefined) configuration[secretField] = credentials.secretKey;
  return configuration as unknown as SourceConfiguration;
}

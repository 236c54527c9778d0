import { describe, expect, it } from 'vitest';
import {
  ALL_SOURCE_MESSAGES,
  BUCKET_MISSING_MESSAGES,
  CREDENTIAL_FAILURE_MESSAGES,
  DOMAIN_MESSAGES,
  GENERAL_MESSAGES,
  GENERIC_FORM_ERROR,
  INVALID_SOURCE_CONFIG_MESSAGE,
  REQUIRED_MESSAGE,
  SOURCE_MESSAGES,
  bucketMissingMessage,
  credentialFailureMessage,
} from './messages.ts';

describe('message catalogue', () => {
  it('uses the exact sentences the spec quotes', () => {
    expect(REQUIRED_MESSAGE).toBe('This field is required');
    expect(DOMAIN_MESSAGES.inUse).toBe('This domain is already in use by another source.');
    expect(SOURCE_MESSAGES.invalidAccessKey).toBe('This is not a valid access key.');
    expect(BUCKET_MISSING_MESSAGES.s3).toBe('The bucket does not exist. Check the bucket name.');
    expect(SOURCE_MESSAGES.invalidAzureBucketName).toBe(
      'Container names can contain only lowercase letters, numbers, and hyphens, and must begin and end with a letter or number.',
    );
    expect(SOURCE_MESSAGES.invalidRemoteImage).toBe(
      'Invalid remote image: it must be a valid, publicly accessible image.',
    );
    expect(GENERIC_FORM_ERROR).toBe(
      'Something went wrong. Please try again, and contact support if the problem persists.',
    );
    expect(GENERAL_MESSAGES.rateLimit).toBe(
      "You've exceeded your request limit. Please try again later.",
    );
  });

  it('writes every message as a sentence that starts with a capital letter', () => {
    for (const message of ALL_SOURCE_MESSAGES) {
      expect(message, message).toMatch(/^[A-Z]/);
      if (message !== REQUIRED_MESSAGE && message !== GENERAL_MESSAGES.bare) {
        expect(message, message).toMatch(/[.]$/);
      }
    }
  });

  it('names what to check in the invalid_source_config banner', () => {
    expect(INVALID_SOURCE_CONFIG_MESSAGE).toMatch(/source information and permissions/);
    expect(SOURCE_MESSAGES.invalidSourceConfig).toBe(INVALID_SOURCE_CONFIG_MESSAGE);
  });

  it('asks each storage family to check its own credentials and permissions', () => {
    expect(CREDENTIAL_FAILURE_MESSAGES.s3).toMatch(
      /Amazon S3.*ListBucket, GetBucketLocation and GetObject/,
    );
    expect(CREDENTIAL_FAILURE_MESSAGES.gcs).toMatch(/Google Cloud Storage.*HMAC/);
    expect(CREDENTIAL_FAILURE_MESSAGES.azure).toMatch(/Azure.*SAS.*read and list/);
    expect(CREDENTIAL_FAILURE_MESSAGES.s3_compatible).toMatch(/endpoint/);
  });
});

describe('credentialFailureMessage and bucketMissingMessage', () => {
  it('pick the message of the source type, S3-compatible providers sharing one', () => {
    expect(credentialFailureMessage('s3')).toBe(CREDENTIAL_FAILURE_MESSAGES.s3);
    expect(credentialFailureMessage('gcs')).toBe(CREDENTIAL_FAILURE_MESSAGES.gcs);
    expect(credentialFailureMessage('azure')).toBe(CREDENTIAL_FAILURE_MESSAGES.azure);
    expect(credentialFailureMessage('r2')).toBe(CREDENTIAL_FAILURE_MESSAGES.s3_compatible);
    expect(bucketMissingMessage('gcs')).toBe(BUCKET_MISSING_MESSAGES.gcs);
    expect(bucketMissingMessage('azure')).toBe(BUCKET_MISSING_MESSAGES.azure);
    expect(bucketMissingMessage('wasabi')).toBe(BUCKET_MISSING_MESSAGES.s3);
  });
});

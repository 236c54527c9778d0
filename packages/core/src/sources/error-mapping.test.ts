import { describe, expect, it } from 'vitest';
import { mapDomainValidationError, mapServerError, wizardBannerOf } from './error-mapping.ts';
import {
  BUCKET_MISSING_MESSAGES,
  CREDENTIAL_FAILURE_MESSAGES,
  DOMAIN_MESSAGES,
  GENERIC_FORM_ERROR,
  INVALID_SOURCE_CONFIG_MESSAGE,
  REQUIRED_MESSAGE,
  SOURCE_MESSAGES,
} from './messages.ts';

const field = (name: string, message: string) => ({ kind: 'field', field: name, message });
const generic = { kind: 'form', code: 'generic', message: GENERIC_FORM_ERROR };

describe('mapServerError (spec section 8, server error mapping on creation)', () => {
  it('gives the required message when the text mentions a required field', () => {
    expect(
      mapServerError({ field: 'gcs_bucket', title: 'Invalid', detail: 'Missing required field' }),
    ).toEqual(field('gcs_bucket', REQUIRED_MESSAGE));
    expect(mapServerError({ field: 'aws_access_key', detail: 'This field is required' })).toEqual(
      field('aws_access_key', REQUIRED_MESSAGE),
    );
  });

  it('gives the image-service-domain message for a web folder on the image domain', () => {
    for (const detail of [
      'The base URL cannot use the image domain',
      'Host is a domain in this deployment',
      'This host name is not allowed',
    ]) {
      expect(mapServerError({ field: 'webfolder_prefix', detail })).toEqual(
        field('webfolder_prefix', SOURCE_MESSAGES.imageServiceDomain),
      );
    }
  });

  it('gives the base URL message for any other web folder error, under webfolder_prefix', () => {
    expect(mapServerError({ field: 'webfolder_base_url', detail: 'Request timed out' })).toEqual(
      field('webfolder_prefix', SOURCE_MESSAGES.webfolderBaseUrl),
    );
  });

  it('gives the invalid access key message for every access key field', () => {
    for (const name of ['aws_access_key', 'access_key_id', 'gcs_access_key']) {
      expect(mapServerError({ field: name, detail: 'InvalidAccessKeyId' })).toEqual(
        field(name, 'This is not a valid access key.'),
      );
    }
  });

  it('gives the invalid secret key message for every secret key field', () => {
    for (const name of ['aws_secret_key', 'secret_key', 'gcs_secret_key']) {
      expect(mapServerError({ field: name, detail: 'SignatureDoesNotMatch' })).toEqual(
        field(name, SOURCE_MESSAGES.invalidSecretKey),
      );
    }
  });

  it("says a bucket does not exist when the text says so, in the family's own words", () => {
    expect(mapServerError({ field: 'aws_bucket', detail: 'The bucket does not exist' })).toEqual(
      field('aws_bucket', BUCKET_MISSING_MESSAGES.s3),
    );
    expect(
      mapServerError({ field: 'bucket_name', title: 'NoSuchBucket', detail: 'No such bucket' }),
    ).toEqual(field('bucket_name', BUCKET_MISSING_MESSAGES.s3));
    expect(mapServerError({ field: 'gcs_bucket', detail: "Bucket doesn't exist" })).toEqual(
      field('gcs_bucket', BUCKET_MISSING_MESSAGES.gcs),
    );
    expect(mapServerError({ field: 'aws_bucket', detail: 'NoSuchBucket' })).toEqual(
      field('aws_bucket', BUCKET_MISSING_MESSAGES.s3),
    );
    expect(mapServerError({ field: 'azure_bucket', detail: 'ContainerNotFound' })).toEqual(
      field('azure_bucket', BUCKET_MISSING_MESSAGES.azure),
    );
  });

  it("gives the invalid bucket name otherwise, in Azure's wording for Azure", () => {
    expect(mapServerError({ field: 'aws_bucket', detail: 'InvalidBucketName' })).toEqual(
      field('aws_bucket', SOURCE_MESSAGES.invalidBucketName),
    );
    expect(mapServerError({ field: 'azure_bucket', detail: 'InvalidResourceName' })).toEqual(
      field('azure_bucket', SOURCE_MESSAGES.invalidAzureBucketName),
    );
  });

  it('gives the region, endpoint, Azure host name and SAS messages for their fields', () => {
    expect(mapServerError({ field: 'region', detail: 'x' })).toEqual(
      field('region', SOURCE_MESSAGES.invalidRegion),
    );
    expect(mapServerError({ field: 'endpoint_url', detail: 'ENOTFOUND' })).toEqual(
      field('endpoint_url', SOURCE_MESSAGES.invalidEndpointUrl),
    );
    expect(mapServerError({ field: 'azure_account', detail: 'getaddrinfo ENOTFOUND' })).toEqual(
      field('azure_account', SOURCE_MESSAGES.invalidAzureHostName),
    );
    expect(mapServerError({ field: 'azure_sas_string', detail: 'AuthenticationFailed' })).toEqual(
      field('azure_sas_string', SOURCE_MESSAGES.invalidSasString),
    );
  });

  it('turns key, credential, encrypted secret, host, region and generic error fields into the banner', () => {
    for (const name of [
      'aws_key_check',
      'gcs_credentials',
      'azure_credential_check',
      'aws_encrypted_secret_key',
      'encrypted_secret',
      'aws_host',
      'aws_region',
      'host',
      'error',
    ]) {
      expect(mapServerError({ field: name, detail: 'Access Denied' }), name).toEqual({
        kind: 'form',
        code: 'invalid_source_config',
        message: INVALID_SOURCE_CONFIG_MESSAGE,
      });
    }
  });

  it('passes a catalogue credential message along with the banner, but not a raw detail', () => {
    expect(
      mapServerError({ field: 'aws_credentials', detail: CREDENTIAL_FAILURE_MESSAGES.s3 }),
    ).toEqual({
      kind: 'form',
      code: 'invalid_source_config',
      message: INVALID_SOURCE_CONFIG_MESSAGE,
      detail: CREDENTIAL_FAILURE_MESSAGES.s3,
    });
    expect(
      mapServerError({ code: 'invalid_source_config', detail: 'AccessDenied: stack at x.js:1' }),
    ).toEqual({
      kind: 'form',
      code: 'invalid_source_config',
      message: INVALID_SOURCE_CONFIG_MESSAGE,
    });
  });

  it('gives the invalid remote image message for image_error and image_missing', () => {
    expect(mapServerError({ field: 'image_error', detail: 'Not an image' })).toEqual(
      field('image_error', SOURCE_MESSAGES.invalidRemoteImage),
    );
    expect(
      mapServerError({ field: '/data/attributes/production/image_missing/url', detail: '404' }),
    ).toEqual(field('image_missing', SOURCE_MESSAGES.invalidRemoteImage));
  });

  it('says a subdomain or custom domain is in use when the detail says so', () => {
    expect(
      mapServerError({
        field: 'darkroom_subdomains[0]',
        detail: 'acme is already in use by source 5f0c',
      }),
    ).toEqual(field('darkroom_subdomains[0]', DOMAIN_MESSAGES.inUse));
    expect(
      mapServerError({
        field: '/data/attributes/production/custom_domains/1',
        detail: 'A different account owns images.example.com',
      }),
    ).toEqual(field('custom_domains[1]', DOMAIN_MESSAGES.inUse));
  });

  it('says a subdomain or custom domain is invalid otherwise', () => {
    expect(mapServerError({ field: 'darkroom_subdomains[2]', detail: 'Bad label' })).toEqual(
      field('darkroom_subdomains[2]', DOMAIN_MESSAGES.invalidSubdomain),
    );
    expect(mapServerError({ field: 'custom_domains[0]', detail: 'Not a hostname' })).toEqual(
      field('custom_domains[0]', DOMAIN_MESSAGES.invalidCustomDomain),
    );
  });

  it('gives the generic form error for anything else', () => {
    expect(mapServerError({ field: 'name', detail: 'Too long' })).toEqual(generic);
    expect(mapServerError({ title: 'Internal server error', code: 'internal_error' })).toEqual(
      generic,
    );
    expect(mapServerError({})).toEqual(generic);
  });

  it('shows the banner for the invalid_source_config code when no field says more', () => {
    expect(
      mapServerError({
        code: 'invalid_source_config',
        field: '/data/attributes/configuration',
        detail: CREDENTIAL_FAILURE_MESSAGES.gcs,
      }),
    ).toEqual({
      kind: 'form',
      code: 'invalid_source_config',
      message: INVALID_SOURCE_CONFIG_MESSAGE,
      detail: CREDENTIAL_FAILURE_MESSAGES.gcs,
    });
  });

  it('prefers the field rule to the code when both are given', () => {
    expect(
      mapServerError({
        code: 'invalid_source_config',
        field: 'aws_bucket',
        detail: 'NoSuchBucket: does not exist',
      }),
    ).toEqual(field('aws_bucket', BUCKET_MISSING_MESSAGES.s3));
  });

  it('reads field names from JSON:API pointers', () => {
    expect(
      mapServerError({ field: '/data/attributes/configuration/aws_access_key', detail: 'x' }),
    ).toEqual(field('aws_access_key', SOURCE_MESSAGES.invalidAccessKey));
  });

  it('shows the rate-limit sentence as the form error when the server is busy', () => {
    expect(mapServerError({ code: 'rate_limited' })).toEqual({
      kind: 'form',
      code: 'generic',
      message: "You've exceeded your request limit. Please try again later.",
    });
  });
});

describe('wizardBannerOf', () => {
  it('shows the invalid-source-config text, with the catalogue sentence below it', () => {
    const mapped = mapServerError({
      field: 'aws_credentials',
      detail: CREDENTIAL_FAILURE_MESSAGES.s3,
    });
    expect(wizardBannerOf(mapped)).toEqual({
      message: INVALID_SOURCE_CONFIG_MESSAGE,
      detail: CREDENTIAL_FAILURE_MESSAGES.s3,
    });
    expect(wizardBannerOf(mapServerError({ code: 'invalid_source_config' }))).toEqual({
      message: INVALID_SOURCE_CONFIG_MESSAGE,
    });
  });

  it('shows the generic text for any other form-wide error and for an unknown field', () => {
    expect(wizardBannerOf(mapServerError({ code: 'rate_limited' }))).toEqual({
      message: GENERIC_FORM_ERROR,
    });
    expect(wizardBannerOf({ kind: 'field', field: 'name', message: 'Too long' })).toEqual({
      message: GENERIC_FORM_ERROR,
    });
  });
});

describe('mapDomainValidationError', () => {
  it('says the domain is in use when another account or source holds it', () => {
    expect(mapDomainValidationError('A different account owns this domain')).toBe(
      'This domain is already in use by another source.',
    );
    expect(mapDomainValidationError('acme is already in use by source 5f0c')).toBe(
      DOMAIN_MESSAGES.inUse,
    );
  });

  it('gives the generic error for any other detail', () => {
    expect(mapDomainValidationError('Subdomains can be at most 63 characters long.')).toBe(
      GENERIC_FORM_ERROR,
    );
    expect(mapDomainValidationError(undefined)).toBe(GENERIC_FORM_ERROR);
  });
});

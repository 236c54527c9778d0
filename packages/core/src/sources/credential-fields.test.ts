import { describe, expect, it } from 'vitest';
import {
  defaultConfiguration,
  fieldsFor,
  missingRequiredFields,
  pickProviderFields,
  requiredFieldsFor,
  secretFieldsFor,
} from './credential-fields.ts';

const names = (fields: ReadonlyArray<{ name: string }>) => fields.map((field) => field.name);

describe('fieldsFor', () => {
  it('lists the fields of spec section 3 for each type, in order', () => {
    expect(names(fieldsFor('s3'))).toEqual([
      'aws_access_key',
      'aws_secret_key',
      'aws_bucket',
      'aws_prefix',
    ]);
    expect(names(fieldsFor('gcs'))).toEqual([
      'gcs_access_key',
      'gcs_secret_key',
      'gcs_bucket',
      'gcs_prefix',
    ]);
    expect(names(fieldsFor('azure'))).toEqual([
      'azure_account',
      'azure_service_type',
      'azure_bucket',
      'azure_sas_string',
      'azure_prefix',
    ]);
    expect(names(fieldsFor('webfolder'))).toEqual(['webfolder_prefix']);
    expect(names(fieldsFor('webproxy'))).toEqual(['webproxy_info']);
    expect(fieldsFor('darkroom_storage')).toEqual([]);
  });

  it('shows a region for Linode, DigitalOcean and Wasabi but not for R2', () => {
    const withRegion = [
      'access_key_id',
      'secret_key',
      'bucket_name',
      'endpoint_url',
      'region',
      'prefix',
    ];
    expect(names(fieldsFor('s3_compatible', 'linode'))).toEqual(withRegion);
    expect(names(fieldsFor('s3_compatible', 'digitalocean'))).toEqual(withRegion);
    expect(names(fieldsFor('s3_compatible', 'wasabi'))).toEqual(withRegion);
    expect(names(fieldsFor('s3_compatible', 'r2'))).toEqual(
      withRegion.filter((name) => name !== 'region'),
    );
  });

  it('marks only prefixes and the web proxy notes as optional', () => {
    const optional = ['s3', 'gcs', 'azure', 'webfolder', 'webproxy'].flatMap((type) =>
      fieldsFor(type as 's3').filter((field) => !field.required),
    );
    expect(names(optional)).toEqual(['aws_prefix', 'gcs_prefix', 'azure_prefix', 'webproxy_info']);
    expect(requiredFieldsFor('s3_compatible', 'wasabi')).not.toContain('prefix');
  });

  it('masks keys, secret keys and SAS strings and nothing else', () => {
    expect(secretFieldsFor('s3')).toEqual(['aws_access_key', 'aws_secret_key']);
    expect(secretFieldsFor('azure')).toEqual(['azure_sas_string']);
    expect(secretFieldsFor('s3_compatible', 'r2')).toEqual(['access_key_id', 'secret_key']);
    for (const field of fieldsFor('gcs')) {
      expect(field.inputType === 'password').toBe(field.secret);
    }
  });

  it('offers the Azure services as a select with their labels', () => {
    const service = fieldsFor('azure').find((field) => field.name === 'azure_service_type');
    expect(service?.inputType).toBe('select');
    expect(service?.options).toEqual([
      { value: 'blob', label: 'Container (blob)' },
      { value: 'file', label: 'File Share' },
    ]);
  });

  it('uses the preset endpoint and region as placeholders', () => {
    const fields = fieldsFor('s3_compatible', 'wasabi');
    expect(fields.find((field) => field.name === 'endpoint_url')?.placeholder).toBe(
      's3.us-west-1.wasabisys.com',
    );
    expect(fields.find((field) => field.name === 'region')?.placeholder).toBe('us-west-1');
  });

  it('gives every field a label and a description', () => {
    for (const type of ['s3', 'gcs', 'azure', 's3_compatible', 'webfolder', 'webproxy'] as const) {
      for (const field of fieldsFor(type, 'r2')) {
        expect(field.label.length).toBeGreaterThan(0);
        expect(field.description.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('defaultConfiguration', () => {
  it('prefills the preset endpoint and region of an S3-compatible provider', () => {
    expect(defaultConfiguration('s3_compatible', 'digitalocean')).toEqual({
      type: 's3_compatible',
      storage_provider: 'digitalocean',
      access_key_id: '',
      secret_key: '',
      bucket_name: '',
      endpoint_url: 'nyc3.digitaloceanspaces.com',
      region: 'nyc3',
      prefix: '',
    });
  });

  it('sets Azure to the blob service and managed storage to its type alone', () => {
    expect(defaultConfiguration('azure').azure_service_type).toBe('blob');
    expect(defaultConfiguration('darkroom_storage')).toEqual({ type: 'darkroom_storage' });
  });
});

describe('missingRequiredFields', () => {
  it('lists required fields that are empty, blank or absent, and not optional ones', () => {
    expect(
      missingRequiredFields({
        type: 's3',
        aws_access_key: 'AKIAIOSFODNN7EXAMPLE',
        aws_secret_key: '   ',
        aws_prefix: '',
      }),
    ).toEqual(['aws_secret_key', 'aws_bucket']);
  });

  it('accepts non-empty arrays and refuses empty ones', () => {
    const base = { type: 'webfolder' };
    expect(missingRequiredFields({ ...base, webfolder_prefix: ['x'] })).toEqual([]);
    expect(missingRequiredFields({ ...base, webfolder_prefix: [] })).toEqual(['webfolder_prefix']);
  });

  it('asks for a type, then for a provider of an S3-compatible source', () => {
    expect(missingRequiredFields({})).toEqual(['type']);
    expect(missingRequiredFields({ type: 's3_compatible' })).toEqual(['storage_provider']);
  });

  it('needs nothing for managed storage or a web proxy', () => {
    expect(missingRequiredFields({ type: 'darkroom_storage' })).toEqual([]);
    expect(missingRequiredFields({ type: 'webproxy' })).toEqual([]);
  });
});

describe('pickProviderFields', () => {
  it('keeps the type and the chosen provider fields and drops leftovers of another type', () => {
    expect(
      pickProviderFields({
        type: 'gcs',
        gcs_access_key: 'GOOG1EXAMPLEACCESSKEY',
        gcs_bucket: 'photos',
        aws_bucket: 'left-over',
        webfolder_prefix: 'https://example.com/',
      }),
    ).toEqual({ type: 'gcs', gcs_access_key: 'GOOG1EXAMPLEACCESSKEY', gcs_bucket: 'photos' });
  });

  it('keeps the storage provider of an S3-compatible source and drops a region for R2', () => {
    expect(
      pickProviderFields({
        type: 's3_compatible',
        storage_provider: 'r2',
        bucket_name: 'photos',
        region: 'us-west-1',
      }),
    ).toEqual({ type: 's3_compatible', storage_provider: 'r2', bucket_name: 'photos' });
  });

  it('keeps the region of a Linode source and empty optional values as they are', () => {
    expect(
      pickProviderFields({
        type: 's3_compatible',
        storage_provider: 'linode',
        region: 'x',
        prefix: '',
      }),
    ).toEqual({ type: 's3_compatible', storage_provider: 'linode', region: 'x', prefix: '' });
  });

  it('drops a storage provider from a type that has none', () => {
    expect(pickProviderFields({ type: 's3', storage_provider: 'r2' })).toEqual({ type: 's3' });
  });

  it('keeps only the type of an unknown type, for the server to reject', () => {
    expect(pickProviderFields({ type: 'ftp', host: 'x' })).toEqual({ type: 'ftp' });
  });

  it('does not take fields from the prototype chain', () => {
    const configuration = Object.create({ aws_bucket: 'inherited' }) as Record<string, unknown>;
    configuration.type = 's3';
    expect(pickProviderFields(configuration)).toEqual({ type: 's3' });
  });
});

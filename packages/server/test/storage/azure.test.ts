import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SOURCE_MESSAGES, BUCKET_MISSING_MESSAGES, SOURCE_MESSAGES } from '@darkroom/core';
import { createStorageAdapter } from '../../src/storage/index.ts';
import { StorageError } from '../../src/storage/types.ts';
import { AZURITE_ACCOUNT, startAzurite, type TestAzurite } from '../origin-servers/azurite.ts';
import { testStorageOptions } from './options.ts';

const PHOTO = Buffer.from('pretend these are the bytes of a photo');

let azurite: TestAzurite;

beforeAll(async () => {
  azurite = await startAzurite(['images'], {
    'images/photo.png': PHOTO,
    'images/products/shoe.png': PHOTO,
    'images/big.bin': Buffer.alloc(4000),
  });
});
afterAll(async () => azurite.close());

const options = (overrides = {}) =>
  testStorageOptions({ azureEndpointOverride: azurite.blobEndpoint, ...overrides });

const configuration = (overrides: Record<string, string> = {}) => ({
  type: 'azure',
  azure_account: AZURITE_ACCOUNT,
  azure_service_type: 'blob',
  azure_bucket: 'images',
  azure_sas_string: `?${azurite.sas}`,
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('Azure Blob adapter over Azurite', () => {
  it('verifies a good configuration', async () => {
    await expect(
      createStorageAdapter(configuration(), options()).verify(),
    ).resolves.toBeUndefined();
  });

  it('blames the SAS string when Azure cannot authenticate it', async () => {
    const adapter = createStorageAdapter(
      configuration({ azure_sas_string: azurite.forgedSas }),
      options(),
    );
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_sas');
    expect(error.field).toBe('azure_sas_string');
    expect(error.message).toBe(SOURCE_MESSAGES.azureCheckSas);
  });

  it('blames the container when it does not exist', async () => {
    const adapter = createStorageAdapter(configuration({ azure_bucket: 'missing' }), options());
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('bucket_not_found');
    expect(error.field).toBe('azure_bucket');
    expect(error.message).toBe(BUCKET_MISSING_MESSAGES.azure);
  });

  it("answers with Azure's own wording for an invalid container name", async () => {
    const adapter = createStorageAdapter(configuration({ azure_bucket: 'Bad_Name' }), options());
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_bucket_name');
    expect(error.field).toBe('azure_bucket');
    expect(error.message).toBe(SOURCE_MESSAGES.invalidAzureBucketName);
  });

  it('blames the account name when its host does not resolve', async () => {
    const adapter = createStorageAdapter(
      configuration(),
      options({ azureEndpointOverride: 'http://no-such-account.invalid/devstoreaccount1' }),
    );
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_host');
    expect(error.field).toBe('azure_account');
    expect(ALL_SOURCE_MESSAGES.has(error.message)).toBe(true);
  });

  it('lists blobs and virtual folders, and serves paths below the prefix', async () => {
    const adapter = createStorageAdapter(configuration(), options());
    const root = await adapter.list('');
    expect(root.objects.map((object) => object.path).sort()).toEqual(['big.bin', 'photo.png']);
    expect(root.folders).toEqual(['products/']);
    const prefixed = createStorageAdapter(configuration({ azure_prefix: 'products' }), options());
    expect((await prefixed.list('')).objects.map((object) => object.path)).toEqual(['shoe.png']);
    expect(await text((await prefixed.get('shoe.png')).body)).toBe(PHOTO.toString());
  });

  it('reads metadata, whole blobs and byte ranges', async () => {
    const adapter = createStorageAdapter(configuration(), options());
    expect(await adapter.head('photo.png')).toMatchObject({
      path: 'photo.png',
      size: PHOTO.length,
      contentType: 'image/png',
    });
    expect(await text((await adapter.get('photo.png')).body)).toBe(PHOTO.toString());
    const part = await adapter.get('photo.png', { start: 8, end: 12 });
    expect(await text(part.body)).toBe(PHOTO.subarray(8, 13).toString());
  });

  it('answers not_found for a missing blob and too_large past the byte cap', async () => {
    const adapter = createStorageAdapter(configuration(), options({ maxBytes: 1000 }));
    expect((await failure(adapter.head('nope.png'))).kind).toBe('not_found');
    expect((await failure(adapter.get('nope.png'))).kind).toBe('not_found');
    expect((await failure(adapter.get('big.bin'))).kind).toBe('too_large');
  });
});

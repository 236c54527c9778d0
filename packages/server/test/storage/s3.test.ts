import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SOURCE_MESSAGES,
  BUCKET_MISSING_MESSAGES,
  S3_COMPATIBLE_PRESETS,
  SOURCE_MESSAGES,
} from '@darkroom/core';
import { createStorageAdapter } from '../../src/storage/index.ts';
import { StorageError, type StorageAdapter } from '../../src/storage/types.ts';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  startS3rver,
  type TestS3Server,
} from '../origin-servers/s3rver.ts';
import { testStorageOptions } from './options.ts';

const PHOTO = Buffer.from('not really a png, but twenty-nine bytes');

let server: TestS3Server;

beforeAll(async () => {
  server = await startS3rver(['images'], {
    'images/photo.png': PHOTO,
    'images/products/shoe.png': PHOTO,
    'images/products/hats/cap.png': PHOTO,
    'images/big.bin': Buffer.alloc(4000),
  });
});
afterAll(async () => server.close());

const options = (overrides = {}) =>
  testStorageOptions({
    s3EndpointOverride: server.endpoint,
    allowPrivateOrigins: false,
    ...overrides,
  });

// One configuration per family, with the fields each one uses (spec section 3).
const families = {
  'Amazon S3': (keys: { access?: string; secret?: string; bucket?: string } = {}) => ({
    type: 's3',
    aws_access_key: keys.access ?? S3_ACCESS_KEY,
    aws_secret_key: keys.secret ?? S3_SECRET_KEY,
    aws_bucket: keys.bucket ?? 'images',
  }),
  'S3-compatible (DigitalOcean preset)': (
    keys: { access?: string; secret?: string; bucket?: string } = {},
  ) => ({
    type: 's3_compatible',
    storage_provider: 'digitalocean',
    access_key_id: keys.access ?? S3_ACCESS_KEY,
    secret_key: keys.secret ?? S3_SECRET_KEY,
    bucket_name: keys.bucket ?? 'images',
    endpoint_url: S3_COMPATIBLE_PRESETS.digitalocean.endpoint,
    region: S3_COMPATIBLE_PRESETS.digitalocean.region,
  }),
  'Google Cloud Storage (HMAC)': (
    keys: { access?: string; secret?: string; bucket?: string } = {},
  ) => ({
    type: 'gcs',
    gcs_access_key: keys.access ?? S3_ACCESS_KEY,
    gcs_secret_key: keys.secret ?? S3_SECRET_KEY,
    gcs_bucket: keys.bucket ?? 'images',
  }),
};

const FIELDS = {
  s3: { access: 'aws_access_key', secret: 'aws_secret_key', bucket: 'aws_bucket' },
  s3_compatible: { access: 'access_key_id', secret: 'secret_key', bucket: 'bucket_name' },
  gcs: { access: 'gcs_access_key', secret: 'gcs_secret_key', bucket: 'gcs_bucket' },
} as const;

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe.each(Object.entries(families))('%s over s3rver', (_name, configure) => {
  const type = configure().type as keyof typeof FIELDS;
  const fields = FIELDS[type];

  it('verifies a good configuration', async () => {
    await expect(createStorageAdapter(configure(), options()).verify()).resolves.toBeUndefined();
  });

  it('blames the access key for an unknown access key', async () => {
    const adapter = createStorageAdapter(configure({ access: 'AKIAUNKNOWNKEY000001' }), options());
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_access_key');
    expect(error.field).toBe(fields.access);
    expect(error.message).toBe(SOURCE_MESSAGES.invalidAccessKey);
  });

  it('blames the secret key for a wrong secret', async () => {
    const adapter = createStorageAdapter(configure({ secret: 'x'.repeat(40) }), options());
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_secret_key');
    expect(error.field).toBe(fields.secret);
    expect(error.message).toBe(SOURCE_MESSAGES.invalidSecretKey);
  });

  it('blames the bucket for a bucket that does not exist', async () => {
    const adapter = createStorageAdapter(configure({ bucket: 'no-such-bucket' }), options());
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('bucket_not_found');
    expect(error.field).toBe(fields.bucket);
    expect(error.message).toBe(
      type === 'gcs' ? BUCKET_MISSING_MESSAGES.gcs : BUCKET_MISSING_MESSAGES.s3,
    );
    expect(ALL_SOURCE_MESSAGES.has(error.message)).toBe(true);
  });
});

describe('S3 adapter', () => {
  let adapter: StorageAdapter;
  beforeAll(() => {
    adapter = createStorageAdapter(families['Amazon S3'](), options());
  });

  it('lists files and folders one level at a time', async () => {
    const root = await adapter.list('');
    expect(root.objects.map((object) => object.path).sort()).toEqual(['big.bin', 'photo.png']);
    expect(root.folders).toEqual(['products/']);
    expect(root.cursor).toBeNull();
    const products = await adapter.list('products/');
    expect(products.objects.map((object) => object.path)).toEqual(['products/shoe.png']);
    expect(products.folders).toEqual(['products/hats/']);
  });

  it('serves paths below the configured prefix', async () => {
    const prefixed = createStorageAdapter(
      { ...families['Amazon S3'](), aws_prefix: '/products/' },
      options(),
    );
    await prefixed.verify();
    const page = await prefixed.list('');
    expect(page.objects.map((object) => object.path)).toEqual(['shoe.png']);
    expect(page.folders).toEqual(['hats/']);
    expect(await text((await prefixed.get('hats/cap.png')).body)).toBe(PHOTO.toString());
  });

  it('reads metadata, whole files and byte ranges', async () => {
    const head = await adapter.head('photo.png');
    expect(head).toMatchObject({ path: 'photo.png', size: PHOTO.length, contentType: 'image/png' });
    const whole = await adapter.get('photo.png');
    expect(await text(whole.body)).toBe(PHOTO.toString());
    const part = await adapter.get('photo.png', { start: 4, end: 9 });
    expect(part.size).toBe(6);
    expect(await text(part.body)).toBe(PHOTO.subarray(4, 10).toString());
  });

  it('answers not_found for a missing file', async () => {
    expect((await failure(adapter.head('nope.png'))).kind).toBe('not_found');
    expect((await failure(adapter.get('nope.png'))).kind).toBe('not_found');
  });

  it('refuses a file over the byte cap', async () => {
    const small = createStorageAdapter(families['Amazon S3'](), options({ maxBytes: 1000 }));
    expect((await failure(small.get('big.bin'))).kind).toBe('too_large');
  });

  it('blames the endpoint when an S3-compatible endpoint cannot be resolved', async () => {
    const adapter = createStorageAdapter(
      {
        ...families['S3-compatible (DigitalOcean preset)'](),
        endpoint_url: 'no-such-host.invalid',
      },
      testStorageOptions({ allowPrivateOrigins: false }),
    );
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('invalid_endpoint');
    expect(error.field).toBe('endpoint_url');
    expect(error.message).toBe(SOURCE_MESSAGES.invalidEndpointUrl);
  });

  it('refuses an S3-compatible endpoint that resolves to loopback', async () => {
    const adapter = createStorageAdapter(
      { ...families['S3-compatible (DigitalOcean preset)'](), endpoint_url: 'localhost' },
      testStorageOptions({ allowPrivateOrigins: false }),
    );
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('blocked_address');
    expect(error.field).toBe('endpoint_url');
  });
});

// Upload credentials of storage sources against real storage servers: s3rver (with Signature V4
// verification and a read-only key pair) and Azurite. Saving them writes and deletes a probe
// object; the asset manager's upload then lands in the bucket under the source's prefix, is
// indexed at once and delivered.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ContainerClient } from '@azure/storage-blob';
import { SOURCE_MESSAGES } from '@darkroom/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../databases.ts';
import { createSource, deliver, useDataDir, type TestSource } from '../delivery/fixtures.ts';
import { startAzurite, AZURITE_ACCOUNT } from '../origin-servers/azurite.ts';
import {
  S3_ACCESS_KEY,
  S3_READ_ONLY_ACCESS_KEY,
  S3_READ_ONLY_SECRET_KEY,
  S3_SECRET_KEY,
  startS3rver,
} from '../origin-servers/s3rver.ts';
import { call, multipart } from '../requests.ts';
import { useTestApp } from '../test-app.ts';

const BUCKET = 'customer-bucket';
const CONTAINER = 'customer-container';
const PREFIX = 'site';

const existing = await sharp({
  create: { width: 4, height: 4, channels: 3, background: '#336699' },
})
  .png()
  .toBuffer();
const uploaded = await sharp({
  create: { width: 6, height: 5, channels: 3, background: '#ff0000' },
})
  .png()
  .toBuffer();

const s3 = await startS3rver([BUCKET], { [`${BUCKET}/${PREFIX}/existing.png`]: existing });
const azurite = await startAzurite([CONTAINER], {
  [`${CONTAINER}/${PREFIX}/existing.png`]: existing,
});
afterAll(async () => {
  await s3.close();
  await azurite.close();
});

const s3Client = new S3Client({
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
});
afterAll(() => s3Client.destroy());

async function bucketKeys(): Promise<string[]> {
  const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe.each(BACKENDS)('upload credentials on $name', (backend) => {
  const context = useTestApp(backend, {
    DATA_DIR: useDataDir(),
    STORAGE_S3_ENDPOINT_OVERRIDE: s3.endpoint,
    STORAGE_AZURE_ENDPOINT_OVERRIDE: azurite.blobEndpoint,
  });

  // The source reads with the read-only key: uploads must use the upload credentials.
  const s3Source = (): Promise<TestSource> =>
    createSource(context.app, {
      configuration: {
        type: 's3',
        aws_access_key: S3_READ_ONLY_ACCESS_KEY,
        aws_secret_key: S3_READ_ONLY_SECRET_KEY,
        aws_bucket: BUCKET,
        aws_prefix: PREFIX,
      },
    });

  function putCredentials(source: TestSource, attributes: Record<string, unknown>) {
    return call(context.app, 'PUT', `/api/v4/sources/${source.id}/upload-credentials`, {
      token: source.owner.token,
      body: { data: { type: 'upload_credentials', id: source.id, attributes } },
    });
  }

  async function upload(source: TestSource, path: string, bytes: Buffer) {
    const { payload, contentType } = multipart([
      { name: 'path', value: path },
      { name: 'file', value: bytes, filename: 'red.png' },
    ]);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v4/sources/${source.id}/files`,
      headers: { authorization: `Bearer ${source.owner.token}`, 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }

  let source: TestSource;
  beforeAll(async () => {
    source = await s3Source();
  });

  it('refuses a read-only key with the spec message, and keeps the source read-only', async () => {
    const refused = await putCredentials(source, {
      access_key: S3_READ_ONLY_ACCESS_KEY,
      secret_key: S3_READ_ONLY_SECRET_KEY,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toBe(SOURCE_MESSAGES.cannotVerifyWritePermissions);
    expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/access_key');
    const shown = await call(
      context.app,
      'GET',
      `/api/v4/sources/${source.id}/upload-credentials`,
      {
        token: source.owner.token,
      },
    );
    expect(shown.body.data.attributes.enabled).toBe(false);
  });

  it('refuses a wrong secret key as invalid upload credentials', async () => {
    const refused = await putCredentials(source, {
      access_key: S3_ACCESS_KEY,
      secret_key: `${S3_SECRET_KEY.slice(0, -4)}XXXX`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidUploadCredentials);
  });

  it('refuses one key without the other before reaching the storage', async () => {
    const refused = await putCredentials(source, { access_key: S3_ACCESS_KEY });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toBe(
      'Upload credentials need both an access key and a secret key.',
    );
    expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/secret_key');
  });

  it('says why a source without upload credentials cannot take uploads', async () => {
    const refused = await upload(source, 'nope.png', uploaded);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].detail).toContain('Add upload credentials on the source page');
    expect(await bucketKeys()).not.toContain(`${PREFIX}/nope.png`);
  });

  it('accepts write keys after a probe it cleans up, and stores them encrypted and masked', async () => {
    const accepted = await putCredentials(source, {
      access_key: S3_ACCESS_KEY,
      secret_key: S3_SECRET_KEY,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.attributes).toEqual({
      enabled: true,
      access_key: `••••${S3_ACCESS_KEY.slice(-4)}`,
      secret_key: `••••${S3_SECRET_KEY.slice(-4)}`,
      sas_string: null,
    });
    // The probe was written and deleted: nothing of it is left.
    const keys = await bucketKeys();
    expect(keys).toContain(`${PREFIX}/existing.png`);
    expect(keys.filter((key) => key.includes('darkroom-upload-check'))).toEqual([]);
    const row = await context.database.db
      .selectFrom('sources')
      .select('upload_credentials')
      .where('id', '=', source.id)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify(row.upload_credentials);
    expect(stored).not.toContain(S3_SECRET_KEY);
    expect(stored).not.toContain(S3_ACCESS_KEY);
    expect(row.upload_credentials?.secret_key).toMatch(/^v1:/);
    const listed = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
      token: source.owner.token,
    });
    expect(listed.body.data.attributes.uploads_enabled).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(S3_SECRET_KEY);
  });

  it('uploads into the bucket under the prefix, indexes the file and delivers it', async () => {
    const response = await upload(source, 'new/red.png', uploaded);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.data.attributes).toEqual({
      path: 'new/red.png',
      size: uploaded.length,
      content_type: 'image/png',
    });
    const object = await s3Client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}/new/red.png` }),
    );
    expect(object.ContentType).toBe('image/png');
    expect(Buffer.from((await object.Body?.transformToByteArray()) ?? []).equals(uploaded)).toBe(
      true,
    );

    const assets = await call(context.app, 'GET', `/api/v4/sources/${source.id}/assets`, {
      token: source.owner.token,
    });
    const paths = (assets.body.data as { attributes: { origin_path: string } }[]).map(
      (asset) => asset.attributes.origin_path,
    );
    expect(paths).toContain('/new/red.png');

    const delivered = await deliver(context.app, source.host, '/new/red.png?fm=png');
    expect(delivered.status).toBe(200);
    expect(await sharp(delivered.body).metadata()).toMatchObject({ width: 6, height: 5 });
  });

  it('turns uploads off again with DELETE', async () => {
    const removed = await call(
      context.app,
      'DELETE',
      `/api/v4/sources/${source.id}/upload-credentials`,
      {
        token: source.owner.token,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.attributes.enabled).toBe(false);
    expect((await upload(source, 'again.png', uploaded)).status).toBe(422);
  });

  it('refuses upload credentials on a web folder source', async () => {
    const webfolder = await createSource(context.app, {
      configuration: { type: 'webfolder', webfolder_prefix: 'https://example.com/images/' },
    });
    const refused = await putCredentials(webfolder, {
      access_key: S3_ACCESS_KEY,
      secret_key: S3_SECRET_KEY,
    });
    expect(refused.status).toBe(409);
  });

  describe('an Azure container', () => {
    let azureSource: TestSource;
    beforeAll(async () => {
      azureSource = await createSource(context.app, {
        configuration: {
          type: 'azure',
          azure_account: AZURITE_ACCOUNT,
          azure_service_type: 'blob',
          azure_bucket: CONTAINER,
          azure_sas_string: azurite.sas,
          azure_prefix: PREFIX,
        },
      });
    });

    it('asks for a SAS, and one that may write and create', async () => {
      const missing = await putCredentials(azureSource, {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors[0].detail).toBe(SOURCE_MESSAGES.sasRequiredForUpload);
      const readOnly = await putCredentials(azureSource, { sas_string: azurite.sas });
      expect(readOnly.status).toBe(422);
      expect(readOnly.body.errors[0].detail).toContain('Write and Create');
    });

    it('refuses a SAS Azure does not accept as invalid upload credentials', async () => {
      const forged = azurite.writeSas.replace(
        /sig=[^&]+/,
        `sig=${encodeURIComponent('A'.repeat(43) + '=')}`,
      );
      const refused = await putCredentials(azureSource, { sas_string: forged });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidUploadCredentials);
      expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/sas_string');
    });

    it('accepts a writing SAS and uploads into the container under the prefix', async () => {
      const accepted = await putCredentials(azureSource, { sas_string: azurite.writeSas });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.data.attributes.sas_string).toMatch(/^••••/);
      const response = await upload(azureSource, 'new/red.png', uploaded);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const container = new ContainerClient(
        `${azurite.blobEndpoint}/${CONTAINER}?${azurite.writeSas}`,
      );
      const names: string[] = [];
      for await (const blob of container.listBlobsFlat()) names.push(blob.name);
      // The probe is gone; the upload sits under the prefix.
      expect(names).toContain(`${PREFIX}/new/red.png`);
      expect(names.filter((name) => name.includes('darkroom-upload-check'))).toEqual([]);
      const properties = await container.getBlobClient(`${PREFIX}/new/red.png`).getProperties();
      expect(properties.contentType).toBe('image/png');
      const delivered = await deliver(context.app, azureSource.host, '/new/red.png?fm=png');
      expect(delivered.status).toBe(200);
    });
  });
});

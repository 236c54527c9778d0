// Upload credentials in the audit log (who added, replaced or removed them on which source,
// never a secret), and the wizard's check of upload credentials before the source exists
// (POST /validations/source/configurations with upload_credentials), against s3rver with
// Signature V4 verification and a read-only key pair.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { SOURCE_MESSAGES } from '@darkroom/core';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../databases.ts';
import { createSource, useDataDir, type TestSource } from '../delivery/fixtures.ts';
import {
  S3_ACCESS_KEY,
  S3_READ_ONLY_ACCESS_KEY,
  S3_READ_ONLY_SECRET_KEY,
  S3_SECRET_KEY,
  startS3rver,
} from '../origin-servers/s3rver.ts';
import { call, signUp } from '../requests.ts';
import { useTestApp } from '../test-app.ts';

const BUCKET = 'audited-bucket';
const PREFIX = 'site';

const s3 = await startS3rver([BUCKET], { [`${BUCKET}/${PREFIX}/existing.txt`]: Buffer.from('x') });
afterAll(() => s3.close());

const s3Client = new S3Client({
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
});
afterAll(() => s3Client.destroy());

const readOnlyConfiguration = {
  type: 's3',
  aws_access_key: S3_READ_ONLY_ACCESS_KEY,
  aws_secret_key: S3_READ_ONLY_SECRET_KEY,
  aws_bucket: BUCKET,
  aws_prefix: PREFIX,
};

interface AuditAttributes {
  action: string;
  actor_user_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

describe.each(BACKENDS)('upload credentials in the audit log on $name', (backend) => {
  const context = useTestApp(backend, {
    DATA_DIR: useDataDir(),
    STORAGE_S3_ENDPOINT_OVERRIDE: s3.endpoint,
  });

  function putCredentials(source: TestSource, attributes: Record<string, unknown>) {
    return call(context.app, 'PUT', `/api/v4/sources/${source.id}/upload-credentials`, {
      token: source.owner.token,
      body: { data: { type: 'upload_credentials', id: source.id, attributes } },
    });
  }

  function removeCredentials(source: TestSource) {
    return call(context.app, 'DELETE', `/api/v4/sources/${source.id}/upload-credentials`, {
      token: source.owner.token,
    });
  }

  /** The source's upload-credential entries, oldest first. */
  async function uploadCredentialEntries(source: TestSource): Promise<AuditAttributes[]> {
    const response = await call(context.app, 'GET', '/api/v4/audit-events?page[size]=100', {
      token: source.owner.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body.data as { attributes: AuditAttributes }[])
      .map((row) => row.attributes)
      .filter((row) => row.action.startsWith('source.upload_credentials_'))
      .reverse();
  }

  it('records adding, replacing and removing them, with the masked access key only', async () => {
    const source = await createSource(context.app, { configuration: readOnlyConfiguration });
    expect(
      (await putCredentials(source, { access_key: S3_ACCESS_KEY, secret_key: S3_SECRET_KEY }))
        .status,
    ).toBe(200);
    expect(
      (await putCredentials(source, { access_key: S3_ACCESS_KEY, secret_key: S3_SECRET_KEY }))
        .status,
    ).toBe(200);
    expect((await removeCredentials(source)).status).toBe(200);

    const entries = await uploadCredentialEntries(source);
    const common = {
      actor_user_id: source.owner.userId,
      target_type: 'sources',
      target_id: source.id,
    };
    expect(entries).toMatchObject([
      {
        ...common,
        action: 'source.upload_credentials_added',
        details: { credential: 'access_key', access_key: `••••${S3_ACCESS_KEY.slice(-4)}` },
      },
      {
        ...common,
        action: 'source.upload_credentials_replaced',
        details: { credential: 'access_key', access_key: `••••${S3_ACCESS_KEY.slice(-4)}` },
      },
      { ...common, action: 'source.upload_credentials_removed', details: {} },
    ]);
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(S3_SECRET_KEY);
    expect(logged).not.toContain(S3_ACCESS_KEY);
  });

  it('records nothing for refused credentials, or for removing none', async () => {
    const source = await createSource(context.app, { configuration: readOnlyConfiguration });
    const refused = await putCredentials(source, {
      access_key: S3_READ_ONLY_ACCESS_KEY,
      secret_key: S3_READ_ONLY_SECRET_KEY,
    });
    expect(refused.status).toBe(422);
    expect((await removeCredentials(source)).status).toBe(200);
    expect(await uploadCredentialEntries(source)).toEqual([]);
  });

  it('lets the log be filtered by the new actions', async () => {
    const source = await createSource(context.app, { configuration: readOnlyConfiguration });
    await putCredentials(source, { access_key: S3_ACCESS_KEY, secret_key: S3_SECRET_KEY });
    const filtered = await call(
      context.app,
      'GET',
      '/api/v4/audit-events?filter[action]=source.upload_credentials_added',
      { token: source.owner.token },
    );
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.data).toHaveLength(1);
  });

  describe("the wizard's check before the source exists", () => {
    async function check(uploadCredentials: Record<string, unknown> | undefined) {
      const owner = await signUp(context.app);
      return call(context.app, 'POST', '/api/v4/validations/source/configurations', {
        token: owner.token,
        body: {
          data: {
            type: 'source_configuration_validations',
            attributes: {
              configuration: readOnlyConfiguration,
              ...(uploadCredentials ? { upload_credentials: uploadCredentials } : {}),
            },
          },
        },
      });
    }

    async function probesLeft(): Promise<string[]> {
      const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? [])
        .map((object) => object.Key ?? '')
        .filter((key) => key.includes('darkroom-upload-check'));
    }

    it('passes write keys after a probe it cleans up', async () => {
      const checked = await check({ access_key: S3_ACCESS_KEY, secret_key: S3_SECRET_KEY });
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(await probesLeft()).toEqual([]);
    });

    it('refuses a read-only key with the spec message on the access key', async () => {
      const checked = await check({
        access_key: S3_READ_ONLY_ACCESS_KEY,
        secret_key: S3_READ_ONLY_SECRET_KEY,
      });
      expect(checked.status).toBe(422);
      expect(checked.body.errors[0]).toMatchObject({
        code: 'invalid_source_config',
        detail: SOURCE_MESSAGES.cannotVerifyWritePermissions,
        source: { pointer: '/data/attributes/upload_credentials/access_key' },
      });
    });

    it('refuses a wrong secret key as invalid upload credentials', async () => {
      const checked = await check({
        access_key: S3_ACCESS_KEY,
        secret_key: `${S3_SECRET_KEY.slice(0, -4)}XXXX`,
      });
      expect(checked.status).toBe(422);
      expect(checked.body.errors[0].detail).toBe(SOURCE_MESSAGES.invalidUploadCredentials);
    });

    it('refuses one key without the other before reaching the storage', async () => {
      const checked = await check({ access_key: S3_ACCESS_KEY });
      expect(checked.status).toBe(422);
      expect(checked.body.errors[0]).toMatchObject({
        detail: 'Upload credentials need both an access key and a secret key.',
        source: { pointer: '/data/attributes/upload_credentials/secret_key' },
      });
    });

    it('still checks a configuration alone', async () => {
      expect((await check(undefined)).status).toBe(200);
    });
  });
});

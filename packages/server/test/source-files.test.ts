import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, signUp, type SignedUp } from './requests.ts';
import {
  createSourceThroughApi,
  fakeStorageAdapterFactory,
  s3Configuration,
} from './source-fixtures.ts';
import { storageSetups, useObjectStoreBackends } from './storage/object-store-backends.ts';
import { useTestApp } from './test-app.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

const { backends: stores } = await useObjectStoreBackends();

describe.each(storageSetups(stores))(
  'managed storage uploads on $database.name, files in the $store.name',
  ({ database: backend, store }) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-uploads-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ORIGIN_MAX_BYTES: '1000', ...store.env };
    const context = useTestApp(backend, env, { storageAdapterFactory: fakeStorageAdapterFactory });

    async function createSource(owner: SignedUp, production: Record<string, unknown>) {
      return (await createSourceThroughApi(context.app, owner.token, 'up', production)).id;
    }

    async function upload(
      owner: SignedUp,
      sourceId: string,
      fields: Parameters<typeof multipart>[0],
    ) {
      const { payload, contentType } = multipart(fields);
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/v4/sources/${sourceId}/files`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
        payload,
      });
      return { status: response.statusCode, body: JSON.parse(response.body) };
    }

    it('stores an upload under the source folder and sniffs its type', async () => {
      const owner = await signUp(context.app);
      const sourceId = await createSource(owner, { type: 'darkroom_storage' });
      const response = await upload(owner, sourceId, [
        { name: 'path', value: 'photos/cat.png' },
        { name: 'file', value: PNG, filename: 'whatever.bin' },
      ]);
      expect(response.status).toBe(201);
      expect(response.body.data).toEqual({
        type: 'files',
        id: 'photos/cat.png',
        attributes: { path: 'photos/cat.png', size: PNG.length, content_type: 'image/png' },
      });
      expect(await store.read(dataDir, `managed/${sourceId}/photos/cat.png`)).toEqual(PNG);
      const byName = await upload(owner, sourceId, [
        { name: 'file', value: PNG, filename: 'dog.png' },
      ]);
      expect(byName.body.data.id).toBe('dog.png');
    });

    it('refuses files over ORIGIN_MAX_BYTES, path traversal and other source types', async () => {
      const owner = await signUp(context.app);
      const sourceId = await createSource(owner, { type: 'darkroom_storage' });
      const large = await upload(owner, sourceId, [
        { name: 'file', value: Buffer.alloc(1001), filename: 'big.png' },
      ]);
      expect(large.status).toBe(413);
      for (const bad of ['../escape.png', '/etc/passwd', 'a/../../b.png', 'a\\b.png']) {
        const response = await upload(owner, sourceId, [
          { name: 'path', value: bad },
          { name: 'file', value: PNG, filename: 'x.png' },
        ]);
        expect(response.status).toBe(422);
      }
      const s3 = await createSource(owner, s3Configuration());
      const wrongType = await upload(owner, s3, [{ name: 'file', value: PNG, filename: 'x.png' }]);
      expect(wrongType.status).toBe(422);
      const stranger = await signUp(context.app);
      const foreign = await upload(stranger, sourceId, [
        { name: 'file', value: PNG, filename: 'x.png' },
      ]);
      expect(foreign.status).toBe(404);
    });

    it('refuses a malformed multipart body with 400 and keeps nothing of it', async () => {
      const owner = await signUp(context.app);
      const sourceId = await createSource(owner, { type: 'darkroom_storage' });
      const whole = multipart([
        { name: 'path', value: 'broken/cat.png' },
        { name: 'file', value: PNG, filename: 'cat.png' },
      ]);
      const send = async (payload: Buffer, contentType = whole.contentType) => {
        const response = await context.app.inject({
          method: 'POST',
          url: `/api/v4/sources/${sourceId}/files`,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
          payload,
        });
        return {
          status: response.statusCode,
          detail: String(JSON.parse(response.body).errors[0].detail),
        };
      };
      const boundary = whole.contentType.slice(whole.contentType.indexOf('boundary=') + 9);
      const closeDelimiter = whole.payload.lastIndexOf(`--${boundary}--`);
      // The file's part never meets a boundary; the file's part ends but the body never closes.
      const withinFile = await send(whole.payload.subarray(0, closeDelimiter - 10));
      expect(withinFile.status).toBe(400);
      const unclosed = await send(whole.payload.subarray(0, closeDelimiter + 2 + boundary.length));
      expect(unclosed.status).toBe(400);
      expect(unclosed.detail).toContain('boundary');
      const noBoundary = await send(whole.payload, 'multipart/form-data');
      expect(noBoundary).toEqual({
        status: 400,
        detail: 'The multipart/form-data content type needs its boundary parameter (boundary=...).',
      });
      expect(await store.filesBelow(dataDir, `managed/${sourceId}`)).toEqual([]);
    });

    it.runIf(store.name === 's3')(
      'answers 503 and keeps nothing when the object store refuses the upload',
      async () => {
        const misconfigured = await context.appWith({
          OBJECT_STORE_SECRET_ACCESS_KEY: 'not-the-secret-key-0123456789abcdefghijk',
        });
        const owner = await signUp(misconfigured);
        const { id: sourceId } = await createSourceThroughApi(misconfigured, owner.token, 'no');
        const { payload, contentType } = multipart([
          { name: 'file', value: PNG, filename: 'refused.png' },
        ]);
        const response = await misconfigured.inject({
          method: 'POST',
          url: `/api/v4/sources/${sourceId}/files`,
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode).toBe(503);
        expect(JSON.parse(response.body).errors[0].detail).toContain('nothing was kept');
        expect(await store.filesBelow(dataDir, `managed/${sourceId}`)).toEqual([]);
      },
    );
  },
);

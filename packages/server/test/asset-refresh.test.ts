import { beforeAll, describe, expect, it } from 'vitest';
import { defaultStorageAdapterFactory, type StorageAdapterFactory } from '../src/storage/index.ts';
import { StorageError } from '../src/storage/types.ts';
import { PGLITE } from './databases.ts';
import {
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call, multipart } from './requests.ts';
import { useObjectStoreBackends } from './storage/object-store-backends.ts';
import { useTestApp } from './test-app.ts';

const { backends: stores } = await useObjectStoreBackends();

describe.each(stores)('uploads and refreshes against managed storage in the $name', (store) => {
  const dataDir = useDataDir();
  // The real managed-storage adapter, which a test can cut off to play an origin outage.
  let originDown = false;
  const factory: StorageAdapterFactory = async (configuration, options, context) => {
    const adapter = await defaultStorageAdapterFactory(configuration, options, context);
    const down = (): never => {
      throw new StorageError('unreachable', 'connection refused');
    };
    return {
      verify: () => adapter.verify(),
      list: (prefix, cursor) => adapter.list(prefix, cursor),
      head: (objectPath) => (originDown ? down() : adapter.head(objectPath)),
      get: (objectPath, range) => (originDown ? down() : adapter.get(objectPath, range)),
    };
  };
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: dataDir, ...store.env },
    { storageAdapterFactory: factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    source = await createSource(context.app, { configuration: { type: 'darkroom_storage' } });
  });

  const originFile = (name: string) => `managed/${source.id}/${name}`;
  const assetUrl = (name: string) => `/api/v4/assets/${source.id}/${name}`;

  async function upload(name: string, bytes: Buffer) {
    const { payload, contentType } = multipart([
      { name: 'path', value: name },
      { name: 'file', value: bytes, filename: 'upload.bin' },
    ]);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v4/sources/${source.id}/files`,
      headers: { authorization: `Bearer ${source.owner.token}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  const refresh = (name: string) =>
    call(context.app, 'POST', `${assetUrl(name)}/refresh`, { token: source.owner.token });

  it('indexes an upload at once, its type read from the bytes', async () => {
    await upload('photos/new cat.png', await quadrantsPng(40, 30));
    const list = await call(context.app, 'GET', `/api/v4/sources/${source.id}/assets`, {
      token: source.owner.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].attributes).toMatchObject({
      origin_path: '/photos/new cat.png',
      content_type: 'image/png',
      media_kind: 'IMAGE',
      media_width: 40,
      media_height: 30,
      uploaded_by: source.owner.userId,
      name: 'new cat.png',
    });
  });

  it('leaves files that are no media out of the asset list', async () => {
    await upload('notes.txt', Buffer.from('just some words, not a picture'));
    const read = await call(context.app, 'GET', assetUrl('notes.txt'), {
      token: source.owner.token,
    });
    expect(read.status).toBe(404);
  });

  it('re-reads the origin on refresh and drops the cached renders', async () => {
    await upload('refresh.png', await quadrantsPng(40, 30));
    const before = await deliver(context.app, source.host, '/refresh.png?fm=png');
    expect(before.status).toBe(200);
    expect(await sizeOf(before.body)).toEqual({ width: 40, height: 30 });
    await store.write(dataDir, originFile('refresh.png'), await quadrantsPng(80, 60));

    const response = await refresh('refresh.png');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ media_width: 80, media_height: 60 });
    const after = await deliver(context.app, source.host, '/refresh.png?fm=png');
    expect(await sizeOf(after.body)).toEqual({ width: 80, height: 60 });
  });

  it('answers 502 and keeps the record when the origin fails', async () => {
    await upload('outage.png', await quadrantsPng(20, 20));
    originDown = true;
    try {
      const response = await refresh('outage.png');
      expect(response.status).toBe(502);
      expect(response.body.errors[0]).toMatchObject({ status: '502', code: 'origin_error' });
    } finally {
      originDown = false;
    }
    const read = await call(context.app, 'GET', assetUrl('outage.png'), {
      token: source.owner.token,
    });
    expect(read.body.data.attributes.media_width).toBe(20);
  });

  it('removes the asset when the file left the origin or stopped being media', async () => {
    await upload('gone.png', await quadrantsPng(20, 20));
    await upload('changed.png', await quadrantsPng(20, 20));
    await store.remove(dataDir, originFile('gone.png'));
    await store.write(dataDir, originFile('changed.png'), 'no longer an image');

    const gone = await refresh('gone.png');
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].detail).toBe('The file is no longer at the origin.');
    const changed = await refresh('changed.png');
    expect(changed.status).toBe(404);
    expect(changed.body.errors[0].detail).toBe(
      'The file is no longer an image, animation or video.',
    );
    for (const name of ['gone.png', 'changed.png']) {
      const read = await call(context.app, 'GET', assetUrl(name), { token: source.owner.token });
      expect(read.status, name).toBe(404);
    }
  });

  it('answers 404 to a POST under an asset that is not a refresh', async () => {
    const response = await call(context.app, 'POST', assetUrl('refresh.png'), {
      token: source.owner.token,
    });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('route_not_found');
  });
});

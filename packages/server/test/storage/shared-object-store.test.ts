// Two processes on one database, each with a data directory of its own (as on two machines):
// with one object store (OBJECT_STORE_URL) each serves, lists and keeps the other's uploads;
// with only their data directories, a file is the process that received it's alone.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import {
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from '../delivery/fixtures.ts';
import { call, multipart } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import { useObjectStoreBackends } from './object-store-backends.ts';

const { backends: stores } = await useObjectStoreBackends();

describe.each(stores)('two processes sharing one database, files in the $name', (store) => {
  const shared = store.name === 's3';
  const firstDataDir = useDataDir();
  const secondDataDir = useDataDir();
  const context = useTestApp(PGLITE, { DATA_DIR: firstDataDir, ...store.env });
  let first: FastifyInstance;
  let second: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    first = context.app;
    second = await context.appWith({ DATA_DIR: secondDataDir });
    source = await createSource(first, { configuration: { type: 'darkroom_storage' } });
  });

  const assetPaths = async (on: FastifyInstance): Promise<string[]> => {
    const list = await call(on, 'GET', `/api/v4/sources/${source.id}/assets`, {
      token: source.owner.token,
    });
    expect(list.status).toBe(200);
    return (list.body.data as { attributes: { origin_path: string } }[]).map(
      (asset) => asset.attributes.origin_path,
    );
  };

  it(
    shared
      ? 'delivers and lists through one process what was uploaded through the other, and keeps it on its re-index'
      : 'serves an upload only from the process that received it, whose re-index elsewhere drops it',
    async () => {
      const { payload, contentType } = multipart([
        { name: 'path', value: 'shared/wide.png' },
        { name: 'file', value: await quadrantsPng(200, 150), filename: 'wide.png' },
      ]);
      const uploaded = await first.inject({
        method: 'POST',
        url: `/api/v4/sources/${source.id}/files`,
        headers: { authorization: `Bearer ${source.owner.token}`, 'content-type': contentType },
        payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      // In the bucket, nothing of it in the receiving process's data directory.
      expect(existsSync(path.join(firstDataDir, 'managed', source.id))).toBe(!shared);

      const rendered = await deliver(second, source.host, '/shared/wide.png?w=100');
      expect(rendered.status).toBe(shared ? 200 : 404);
      if (shared) expect(await sizeOf(rendered.body)).toEqual({ width: 100, height: 75 });
      expect(await assetPaths(second)).toEqual(['/shared/wide.png']);

      const indexed = await call(second, 'POST', `/api/v4/sources/${source.id}/assets/index`, {
        token: source.owner.token,
      });
      expect(indexed.status).toBe(202);
      await second.darkroom.jobs.drain();
      expect(await assetPaths(second)).toEqual(shared ? ['/shared/wide.png'] : []);
      expect((await deliver(first, source.host, '/shared/wide.png?w=100')).status).toBe(200);
    },
  );
});

import { mkdtemp, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  indexObject,
  refreshAsset,
  requestAssetIndex,
  type AssetIndexDependencies,
} from '../../src/assets/indexer.ts';
import type { NewUsageEvent } from '../../src/db/schema.ts';
import { putManagedFile } from '../../src/storage/managed.ts';
import { localObjectStore, type ObjectStore } from '../../src/storage/object-store/index.ts';
import { StorageError } from '../../src/storage/types.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { S3_ACCESS_KEY, S3_SECRET_KEY } from '../origin-servers/s3rver.ts';
import {
  assetsOf,
  createIndexedSource,
  indexDependencies,
  indexRunner,
  runOf,
  useIndexDatabase,
} from './index-fixtures.ts';

const solidPng = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => solidPng(6, 6, c)));
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

describe('indexing managed storage', () => {
  const context = useIndexDatabase();
  let directory: string;
  let deps: AssetIndexDependencies;
  let files: ObjectStore;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'darkroom-index-managed-'));
    files = localObjectStore(directory);
    deps = indexDependencies(context, { managedFiles: files });
  });
  afterAll(async () => rm(directory, { recursive: true, force: true }));

  const put = (sourceId: string, file: string, bytes: Buffer) =>
    putManagedFile(files, sourceId, file, Readable.from([bytes]), 5_000_000);

  it('records images and animations, skips other files and keeps a broken image with its error', async () => {
    const source = await createIndexedSource(context, 'darkroom_storage');
    await put(source.id, 'photos/cat.png', await solidPng(30, 20, '#00ff00'));
    await put(source.id, 'photos/deep/spin.gif', await animatedGif());
    await put(source.id, 'readme.txt', Buffer.from('not an image'));
    const png = await solidPng(50, 50, '#123456');
    await put(source.id, 'broken.png', Buffer.concat([png.subarray(0, 40), Buffer.alloc(300, 1)]));

    await requestAssetIndex(context.db, source.id, 'manual');
    await indexRunner(deps).drain();

    expect((await runOf(context.db, source.id)).status).toBe('finished');
    const assets = await assetsOf(context.db, source.id);
    expect(assets.map((asset) => asset.origin_path)).toEqual([
      '/broken.png',
      '/photos/cat.png',
      '/photos/deep/spin.gif',
    ]);
    expect(assets[0]).toMatchObject({ media_kind: 'IMAGE', is_renderable: false });
    expect(assets[0]?.index_error).toEqual(expect.any(String));
    expect(assets[1]).toMatchObject({
      content_type: 'image/png',
      media_width: 30,
      media_height: 20,
      colors: [{ hex: '#00ff00', share: 1 }],
      is_renderable: true,
      index_error: null,
    });
    expect(assets[2]).toMatchObject({
      media_kind: 'ANIMATION',
      has_frames: true,
      frame_count: 3,
    });
  });

  it('indexes an upload at once, refreshes a changed file and drops a deleted one', async () => {
    const source = await createIndexedSource(context, 'darkroom_storage');
    const stored = await put(source.id, 'upload.png', await solidPng(8, 8, '#ff00ff'));
    const row = await indexObject(deps, source, stored, { uploadedBy: 'user-1' });
    expect(row).toMatchObject({
      id: `${source.id}/upload.png`,
      origin_path: '/upload.png',
      uploaded_by: 'user-1',
      media_width: 8,
    });

    await put(source.id, 'upload.png', await solidPng(16, 4, '#ff00ff'));
    expect(await refreshAsset(deps, source, '/upload.png')).toMatchObject({
      media_width: 16,
      media_height: 4,
      uploaded_by: 'user-1',
    });

    const text = await put(source.id, 'notes.png', Buffer.from('text'));
    expect(await indexObject(deps, source, text)).toBe(null);

    await unlink(path.join(directory, source.id, 'upload.png'));
    const error = await refreshAsset(deps, source, '/upload.png').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).kind).toBe('not_found');
    expect(await assetsOf(context.db, source.id)).toEqual([]);
  });

  it('keeps an upload made while a run is going when that run finishes', async () => {
    const source = await createIndexedSource(context, 'darkroom_storage');
    await put(source.id, 'a.png', await solidPng(4, 4, '#ff0000'));
    await requestAssetIndex(context.db, source.id, 'manual');
    // The run has started (and listed nothing yet) when the upload is indexed.
    const stored = await put(source.id, 'b.png', await solidPng(4, 4, '#0000ff'));
    await indexObject(deps, source, stored, { uploadedBy: 'user-2' });
    await indexRunner(deps).drain();
    expect((await assetsOf(context.db, source.id)).map((asset) => asset.origin_path)).toEqual([
      '/a.png',
      '/b.png',
    ]);
  });
});

describe('indexing a web folder from the paths delivery served', () => {
  const context = useIndexDatabase();
  let origin: TestHttpServer;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    files.set('/images/a.png', await solidPng(10, 10, '#ff0000'));
    files.set('/images/b/c.png', await solidPng(12, 6, '#0000ff'));
    files.set('/images/notes.txt', Buffer.from('just text'));
    files.set('/images/missing-later.png', await solidPng(3, 3, '#00ff00'));
    origin = await startHttpServer((request, response) => {
      const body = files.get(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
      if (body === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-length': body.length, 'content-type': 'image/png' });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
  });
  afterAll(async () => origin.close());

  it('indexes each successfully served path once, paging through usage events', async () => {
    const source = await createIndexedSource(context, 'webfolder', {
      webfolder_prefix: `${origin.url}/images/`,
    });
    const served = (servedPath: string, status: number): NewUsageEvent => ({
      source_id: source.id,
      account_id: source.account_id,
      path: servedPath,
      status,
      bytes_out: 100,
      render_ms: null,
      cache: 'miss',
      origin_bytes: null,
      origin_ms: null,
      user_agent: null,
      referrer: null,
      operation: 'standard',
      occurred_at: new Date(),
    });
    await context.db
      .insertInto('usage_events')
      .values([
        served('a.png', 200),
        served('a.png', 200),
        served('a.png', 304),
        served('b/c.png', 304),
        served('notes.txt', 200),
        served('missing-later.png', 200),
        served('never-there.png', 404),
      ])
      .execute();
    files.delete('/images/missing-later.png');

    await requestAssetIndex(context.db, source.id, 'manual');
    const slices = await indexRunner(indexDependencies(context), {
      sliceBudget: { maxObjects: 2, maxMs: 10 * 60_000 },
    }).drain();

    // Four distinct served paths, two per slice, and a last slice that finds no more.
    expect(slices).toBe(3);
    const run = await runOf(context.db, source.id);
    expect(run).toMatchObject({ status: 'finished', objects_seen: 4, assets_indexed: 2 });
    const assets = await assetsOf(context.db, source.id);
    expect(assets.map((asset) => [asset.origin_path, asset.media_width])).toEqual([
      ['/a.png', 10],
      ['/b/c.png', 12],
    ]);
    expect(origin.requests.some((request) => request.url.includes('never-there'))).toBe(false);
  });
});

describe('an origin that cannot be listed', () => {
  const context = useIndexDatabase();

  it('fails the run once its job has used up its attempts, and schedules the next one', async () => {
    const gone = await startHttpServer(() => undefined);
    await gone.close();
    const deps = indexDependencies(context, { s3EndpointOverride: gone.url });
    const source = await createIndexedSource(context, 's3', {
      aws_access_key: S3_ACCESS_KEY,
      aws_secret_key: S3_SECRET_KEY,
      aws_bucket: 'nowhere',
    });
    await requestAssetIndex(context.db, source.id, 'manual');
    const failed = await runOf(context.db, source.id);
    await indexRunner(deps).drain();

    const run = await runOf(context.db, source.id);
    expect(run).toMatchObject({ status: 'failed', run_id: failed.run_id });
    expect(run.last_error).toEqual(expect.any(String));
    const jobs = await context.db.selectFrom('jobs').selectAll().execute();
    expect(jobs.map((job) => job.payload)).toEqual(
      expect.arrayContaining([{ sourceId: source.id, reason: 'schedule' }]),
    );

    // A later request starts a new run rather than reviving the failed one.
    await requestAssetIndex(context.db, source.id, 'manual');
    const next = await runOf(context.db, source.id);
    expect(next).toMatchObject({ status: 'running', reason: 'manual', objects_seen: 0 });
    expect(next.run_id).not.toBe(failed.run_id);
  });
});

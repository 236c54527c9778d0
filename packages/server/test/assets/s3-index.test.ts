import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAssetIndex, type AssetIndexDependencies } from '../../src/assets/indexer.ts';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, JobRow, SourceRow } from '../../src/db/schema.ts';
import { assetIndexHandler } from '../../src/assets/index-job.ts';
import { ASSET_INDEX_JOB } from '../../src/jobs/kinds.ts';
import { claimJob, deleteJob } from '../../src/jobs/queue.ts';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  startS3rver,
  type TestS3Server,
} from '../origin-servers/s3rver.ts';
import {
  assetsOf,
  createIndexedSource,
  indexDependencies,
  indexRunner,
  runOf,
  useIndexDatabase,
} from './index-fixtures.ts';

const BUCKET = 'bulk-index';
// More objects in one folder than an S3 listing page holds (1,000), and a tree of folders.
const FLAT_OBJECTS = 1_100;
const NESTED_FOLDERS = ['a0', 'a1', 'a2', 'a3', 'a4'].flatMap((outer) =>
  ['b0', 'b1', 'b2', 'b3', 'b4'].map((inner) => `nested/${outer}/${inner}`),
);
const OBJECTS_PER_NESTED_FOLDER = 56;
/** root.png and nested/a0/cover.gif ... nested/a4/cover.gif. */
const LEVEL_IMAGES = 6;

interface Kind {
  extension: string;
  bytes: Buffer;
}

let server: TestS3Server;
let client: S3Client;
let kinds: { png: Kind; jpeg: Kind; gif: Kind; text: Kind };
/** Every key put into the bucket. */
const keys: string[] = [];

/** The objects cycle through PNG, JPEG, GIF and text. */
const kindAt = (index: number): Kind => [kinds.png, kinds.jpeg, kinds.gif][index % 4] ?? kinds.text;

const keyOf = (folder: string, index: number): string =>
  `${folder}/item-${String(index).padStart(4, '0')}.${kindAt(index).extension}`;

async function putAll(entries: [string, Buffer][]): Promise<void> {
  // A few requests at a time: s3rver writes each object to disk.
  for (let start = 0; start < entries.length; start += 16) {
    await Promise.all(
      entries
        .slice(start, start + 16)
        .map(([key, body]) =>
          client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body })),
        ),
    );
  }
}

beforeAll(async () => {
  const pixel = (format: 'png' | 'jpeg' | 'gif', colour: string) =>
    sharp({ create: { width: 2, height: 2, channels: 3, background: colour } })
      .toFormat(format)
      .toBuffer();
  kinds = {
    png: { extension: 'png', bytes: await pixel('png', '#ff0000') },
    jpeg: { extension: 'jpg', bytes: await pixel('jpeg', '#00ff00') },
    gif: { extension: 'gif', bytes: await pixel('gif', '#0000ff') },
    // Named like an image, but text: not an asset.
    text: { extension: 'png', bytes: Buffer.from('plain text pretending to be a picture') },
  };
  server = await startS3rver([BUCKET]);
  client = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  });
  const entries: [string, Buffer][] = [];
  const add = (folder: string, count: number) => {
    for (let index = 0; index < count; index += 1) {
      const key = keyOf(folder, index);
      keys.push(key);
      entries.push([key, kindAt(index).bytes]);
    }
  };
  add('flat', FLAT_OBJECTS);
  for (const folder of NESTED_FOLDERS) add(folder, OBJECTS_PER_NESTED_FOLDER);
  // s3rver only reports a folder one level down when an object sits directly in it (real S3
  // reports every folder), so each level of the tree holds a file of its own.
  const levelFiles: [string, Buffer][] = [
    ['root.png', kinds.png.bytes],
    ['nested/notes.txt', kinds.text.bytes],
    ...['a0', 'a1', 'a2', 'a3', 'a4'].map((outer): [string, Buffer] => [
      `nested/${outer}/cover.gif`,
      kinds.gif.bytes,
    ]),
  ];
  for (const [key, bytes] of levelFiles) {
    keys.push(key);
    entries.push([key, bytes]);
  }
  await putAll(entries);
}, 120_000);

afterAll(async () => {
  client?.destroy();
  await server?.close();
});

describe('indexing an S3 bucket of a few thousand objects', () => {
  const context = useIndexDatabase();
  let deps: AssetIndexDependencies;
  let source: SourceRow;
  const expectedAssets =
    countImages(FLAT_OBJECTS) +
    NESTED_FOLDERS.length * countImages(OBJECTS_PER_NESTED_FOLDER) +
    LEVEL_IMAGES;

  beforeAll(async () => {
    deps = indexDependencies(context, { s3EndpointOverride: server.endpoint });
    source = await createIndexedSource(context, 's3', {
      aws_access_key: S3_ACCESS_KEY,
      aws_secret_key: S3_SECRET_KEY,
      aws_bucket: BUCKET,
    });
  });

  it('walks every folder page by page in slices and resumes after an interruption', async () => {
    const { db } = context;
    await requestAssetIndex(db, source.id, 'manual');
    const budget = { maxObjects: 700, maxMs: 10 * 60_000 };

    // One slice by a process that then stops.
    const firstProcess = assetIndexHandler({ ...deps, intervalMinutes: 60, sliceBudget: budget });
    const first = await claimIndexJob(db);
    await firstProcess.run(first);
    await deleteJob(db, first.id);
    const afterOne = await runOf(db, source.id);
    expect(afterOne).toMatchObject({ status: 'running', objects_seen: 700 });
    expect(afterOne.cursor).not.toBe(null);
    const partial = (await assetsOf(db, source.id)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expectedAssets);

    // The continuation is claimed by a process that dies with it: its lease runs out.
    const orphan = await claimIndexJob(db);
    expect(orphan.payload).toEqual({ sourceId: source.id, runId: afterOne.run_id });
    await db
      .updateTable('jobs')
      .set({ locked_until: new Date(0) })
      .where('id', '=', orphan.id)
      .execute();
    // Asking again neither starts a second run nor queues a second continuation.
    await requestAssetIndex(db, source.id, 'manual');
    expect((await runOf(db, source.id)).run_id).toBe(afterOne.run_id);
    const waiting = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', ASSET_INDEX_JOB.name)
      .execute();
    expect(waiting.map((job) => job.id)).toEqual([orphan.id]);

    // A fresh process picks the run up where the stored cursor says and finishes it.
    const slices = await indexRunner(deps, { sliceBudget: budget }).drain();
    expect(slices).toBe(3);
    const run = await runOf(db, source.id);
    expect(run).toMatchObject({
      status: 'finished',
      run_id: afterOne.run_id,
      cursor: null,
      objects_seen: keys.length,
      assets_indexed: expectedAssets,
    });
    const assets = await assetsOf(db, source.id);
    expect(assets).toHaveLength(expectedAssets);
    expect(new Set(assets.map((asset) => asset.id)).size).toBe(expectedAssets);
    expect(assets.filter((asset) => asset.origin_path.startsWith('/flat/'))).toHaveLength(
      countImages(FLAT_OBJECTS),
    );
    expect(assets.filter((asset) => asset.origin_path.startsWith('/nested/a4/b4/'))).toHaveLength(
      countImages(OBJECTS_PER_NESTED_FOLDER),
    );
    const nested = assets.find((asset) => asset.origin_path === '/nested/a1/b2/item-0001.jpg');
    expect(nested).toMatchObject({
      id: `${source.id}/nested/a1/b2/item-0001.jpg`,
      source_id: source.id,
      account_id: source.account_id,
      content_type: 'image/jpeg',
      media_kind: 'IMAGE',
      media_width: 2,
      media_height: 2,
      is_renderable: true,
      has_colors: true,
      face_count: null,
      has_faces: false,
      labels: [],
      alt_text: null,
    });
    expect(nested?.colors[0]?.share).toBe(1);
    // The text files named .png were read and left out.
    expect(assets.some((asset) => asset.origin_path === '/flat/item-0003.png')).toBe(false);

    // The next run is scheduled an interval after the end of this one.
    const scheduled = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', ASSET_INDEX_JOB.name)
      .execute();
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.payload).toEqual({ sourceId: source.id, reason: 'schedule' });
    expect(scheduled[0]?.run_at.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  }, 120_000);

  it('skips unchanged objects on a re-index and removes objects gone from the origin', async () => {
    const { db } = context;
    const before = new Map(
      (await assetsOf(db, source.id)).map((asset) => [asset.origin_path, asset]),
    );
    const removed = ['flat/item-0000.png', 'nested/a2/b3/item-0005.jpg', 'root.png'];
    for (const key of removed) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    }
    const bigger = await sharp({
      create: { width: 6, height: 4, channels: 3, background: '#ffff00' },
    })
      .png()
      .toBuffer();
    await putAll([['nested/a0/b0/item-0004.png', bigger]]);
    // A customer's edits survive the re-index.
    await db
      .updateTable('assets')
      .set({ name: 'Kept name', hidden: true })
      .where('id', '=', `${source.id}/nested/a0/b0/item-0004.png`)
      .execute();

    await requestAssetIndex(db, source.id, 'manual');
    await indexRunner(deps).drain();

    const run = await runOf(db, source.id);
    expect(run).toMatchObject({ status: 'finished', objects_seen: keys.length - removed.length });
    // Only the changed object was read and described again.
    expect(run.assets_indexed).toBe(1);
    const after = new Map(
      (await assetsOf(db, source.id)).map((asset) => [asset.origin_path, asset]),
    );
    expect(after.size).toBe(before.size - removed.length);
    for (const key of removed) expect(after.has(`/${key}`)).toBe(false);
    expect(after.get('/nested/a0/b0/item-0004.png')).toMatchObject({
      media_width: 6,
      media_height: 4,
      name: 'Kept name',
      hidden: true,
    });
    const untouched = '/flat/item-0001.jpg';
    expect(after.get(untouched)?.date_modified).toEqual(before.get(untouched)?.date_modified);
    expect(after.get(untouched)?.last_seen_run).toBe(run.run_id);
  }, 120_000);
});

async function claimIndexJob(db: Kysely<DatabaseSchema>): Promise<JobRow> {
  const job = await claimJob(db, [ASSET_INDEX_JOB.name], 60_000);
  if (job === undefined) throw new Error('No indexing job is due.');
  return job;
}

/** How many of `count` objects cycling through the kinds are images (every fourth is text). */
function countImages(count: number): number {
  return count - Math.floor(count / 4);
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorageAdapter, putManagedFile } from '../../src/storage/index.ts';
import { StorageError, type StorageAdapter } from '../../src/storage/types.ts';
import { testStorageOptions } from './options.ts';

const SOURCE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
let directory: string;
let adapter: StorageAdapter;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'darkroom-managed-'));
  adapter = createStorageAdapter(
    { type: 'darkroom_storage' },
    testStorageOptions({ managedStorageDir: directory }),
    { sourceId: SOURCE_ID },
  );
  await adapter.verify();
  await putManagedFile(
    directory,
    SOURCE_ID,
    'photo.png',
    Readable.from([Buffer.from('0123456789')]),
    100,
  );
  await putManagedFile(
    directory,
    SOURCE_ID,
    'albums/cat.jpg',
    Readable.from([Buffer.from('cat')]),
    100,
  );
});
afterAll(async () => fs.rm(directory, { recursive: true, force: true }));

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('managed storage adapter', () => {
  it('lists files and folders one level at a time', async () => {
    const root = await adapter.list('');
    expect(root.objects.map((object) => object.path)).toEqual(['photo.png']);
    expect(root.folders).toEqual(['albums/']);
    expect((await adapter.list('albums/')).objects.map((object) => object.path)).toEqual([
      'albums/cat.jpg',
    ]);
  });

  it('reads metadata, whole files and byte ranges', async () => {
    expect(await adapter.head('photo.png')).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(await text((await adapter.get('photo.png')).body)).toBe('0123456789');
    expect(await text((await adapter.get('photo.png', { start: 3, end: 5 })).body)).toBe('345');
    expect(await text((await adapter.get('photo.png', { start: 7 })).body)).toBe('789');
  });

  it('reads whole files into reusable buffers', async () => {
    const read = await adapter.readWhole?.('albums/cat.jpg');
    expect(read).toMatchObject({ path: 'albums/cat.jpg', size: 3, cacheControl: null });
    expect(read?.bytes.toString('utf8')).toBe('cat');
    read?.release();
    const empty = path.join(directory, SOURCE_ID, 'empty.png');
    await fs.writeFile(empty, '');
    expect((await adapter.readWhole?.('empty.png'))?.bytes.length).toBe(0);
    await fs.rm(empty);
    const capped = createStorageAdapter(
      { type: 'darkroom_storage' },
      testStorageOptions({ managedStorageDir: directory, maxBytes: 5 }),
      { sourceId: SOURCE_ID },
    );
    expect((await failure(capped.readWhole?.('photo.png') ?? Promise.resolve())).kind).toBe(
      'too_large',
    );
    expect((await failure(adapter.readWhole?.('missing.png') ?? Promise.resolve())).kind).toBe(
      'not_found',
    );
  });

  it('refuses paths that leave the source folder, symlinks included', async () => {
    await fs.writeFile(path.join(directory, 'outside.txt'), 'secret');
    await fs.symlink(
      path.join(directory, 'outside.txt'),
      path.join(directory, SOURCE_ID, 'link.png'),
    );
    // A folder that is a link out of the root, and a folder read as a file.
    await fs.symlink(directory, path.join(directory, SOURCE_ID, 'linked'));
    const badPaths = [
      '../outside.txt',
      'albums/../../outside.txt',
      'link.png',
      '/etc/passwd',
      'linked/outside.txt',
      'albums',
    ];
    for (const bad of badPaths) {
      expect((await failure(adapter.get(bad))).kind).toBe('not_found');
      expect((await failure(adapter.readWhole?.(bad) ?? Promise.resolve())).kind).toBe('not_found');
    }
    expect((await adapter.list('')).objects.map((object) => object.path)).not.toContain('link.png');
    await fs.rm(path.join(directory, SOURCE_ID, 'linked'));
  });

  it('refuses an upload over the cap and keeps nothing of it', async () => {
    const error = await failure(
      putManagedFile(
        directory,
        SOURCE_ID,
        'huge.bin',
        Readable.from([Buffer.alloc(60), Buffer.alloc(60)]),
        100,
      ),
    );
    expect(error.kind).toBe('too_large');
    const names = await fs.readdir(path.join(directory, SOURCE_ID));
    expect(names.sort()).toEqual(['albums', 'link.png', 'photo.png']);
  });

  it('refuses upload paths with dot segments', async () => {
    await failure(
      putManagedFile(directory, SOURCE_ID, '../x.png', Readable.from([Buffer.from('x')]), 100),
    );
  });
});

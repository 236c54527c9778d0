import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStorageAdapter,
  managedFilesOf,
  putManagedFile,
  stageManagedFile,
} from '../../src/storage/index.ts';
import type { ObjectStore } from '../../src/storage/object-store/index.ts';
import { StorageError, type StorageAdapter } from '../../src/storage/types.ts';
import { objectStoreOf, useObjectStoreBackends } from './object-store-backends.ts';
import { testStorageOptions } from './options.ts';

const SOURCE_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const FOLDER = `managed/${SOURCE_ID}`;
const { backends } = await useObjectStoreBackends();

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

/** A body that sends `chunks`, then fails as a client that vanished would. */
function failingAfter(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      yield* chunks;
      throw new Error('the client went away');
    })(),
  );
}

describe.each(backends)('managed storage adapter on the $name', (backend) => {
  let directory: string;
  let store: ObjectStore;
  let files: ObjectStore;
  let adapter: StorageAdapter;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'darkroom-managed-'));
    store = objectStoreOf(backend, directory);
    files = managedFilesOf(store);
    adapter = createStorageAdapter(
      { type: 'darkroom_storage' },
      testStorageOptions({ managedFiles: files }),
      { sourceId: SOURCE_ID },
    );
    await adapter.verify();
    await putManagedFile(
      files,
      SOURCE_ID,
      'photo.png',
      Readable.from([Buffer.from('0123456789')]),
      100,
    );
    await putManagedFile(
      files,
      SOURCE_ID,
      'albums/cat.jpg',
      Readable.from([Buffer.from('cat')]),
      100,
    );
  });
  afterAll(async () => {
    store.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('lists files and folders one level at a time', async () => {
    const root = await adapter.list('');
    expect(root.objects.map((object) => object.path)).toEqual(['photo.png']);
    expect(root.folders).toEqual(['albums/']);
    expect((await adapter.list('albums/')).objects.map((object) => object.path)).toEqual([
      'albums/cat.jpg',
    ]);
    expect((await adapter.list('ph')).objects.map((object) => object.path)).toEqual(['photo.png']);
  });

  it('reads metadata, whole files and byte ranges', async () => {
    expect(await adapter.head('photo.png')).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(await text((await adapter.get('photo.png')).body)).toBe('0123456789');
    expect(await text((await adapter.get('photo.png', { start: 3, end: 5 })).body)).toBe('345');
    expect(await text((await adapter.get('photo.png', { start: 7 })).body)).toBe('789');
    expect((await failure(adapter.get('photo.png', { start: 10 }))).kind).toBe('origin_error');
  });

  it('reads whole files into reusable buffers', async () => {
    const read = await adapter.readWhole?.('albums/cat.jpg');
    expect(read).toMatchObject({ path: 'albums/cat.jpg', size: 3, cacheControl: null });
    expect(read?.bytes.toString('utf8')).toBe('cat');
    read?.release();
    await backend.write(directory, `${FOLDER}/empty.png`, Buffer.alloc(0));
    expect((await adapter.readWhole?.('empty.png'))?.bytes.length).toBe(0);
    expect(await text((await adapter.get('empty.png')).body)).toBe('');
    await files.within(SOURCE_ID).delete('empty.png');
    expect((await failure(adapter.head('empty.png'))).kind).toBe('not_found');
    const capped = createStorageAdapter(
      { type: 'darkroom_storage' },
      testStorageOptions({ managedFiles: files, maxBytes: 5 }),
      { sourceId: SOURCE_ID },
    );
    expect((await failure(capped.readWhole?.('photo.png') ?? Promise.resolve())).kind).toBe(
      'too_large',
    );
    expect((await failure(capped.get('photo.png'))).kind).toBe('too_large');
    expect((await failure(adapter.readWhole?.('missing.png') ?? Promise.resolve())).kind).toBe(
      'not_found',
    );
  });

  it('refuses paths that leave the source folder', async () => {
    await backend.write(directory, 'managed/outside.txt', Buffer.from('secret'));
    for (const bad of ['../outside.txt', 'albums/../../outside.txt', '/etc/passwd', 'albums']) {
      expect((await failure(adapter.get(bad))).kind).toBe('not_found');
      expect((await failure(adapter.readWhole?.(bad) ?? Promise.resolve())).kind).toBe('not_found');
    }
  });

  it.runIf(backend.name === 'data directory')(
    'refuses symlinks out of the source folder and leaves them out of listings',
    async () => {
      const root = path.join(directory, FOLDER);
      await fs.symlink(path.join(directory, 'managed', 'outside.txt'), path.join(root, 'link.png'));
      // A folder that is a link out of the root.
      await fs.symlink(directory, path.join(root, 'linked'));
      for (const bad of ['link.png', 'linked/managed/outside.txt']) {
        expect((await failure(adapter.get(bad))).kind).toBe('not_found');
        expect((await failure(adapter.readWhole?.(bad) ?? Promise.resolve())).kind).toBe(
          'not_found',
        );
      }
      const listed = await adapter.list('');
      expect(listed.objects.map((object) => object.path)).not.toContain('link.png');
      expect(listed.folders).not.toContain('linked/');
      await fs.rm(path.join(root, 'linked'));
      await fs.rm(path.join(root, 'link.png'));
    },
  );

  it('refuses an upload over the cap and keeps nothing of it', async () => {
    const error = await failure(
      putManagedFile(
        files,
        SOURCE_ID,
        'huge.bin',
        Readable.from([Buffer.alloc(60), Buffer.alloc(60)]),
        100,
      ),
    );
    expect(error.kind).toBe('too_large');
    expect(await backend.filesBelow(directory, FOLDER)).toEqual(['albums/cat.jpg', 'photo.png']);
  });

  it('refuses upload paths with dot segments', async () => {
    await failure(
      putManagedFile(files, SOURCE_ID, '../x.png', Readable.from([Buffer.from('x')]), 100),
    );
    await failure(
      putManagedFile(files, SOURCE_ID, 'a/.upload-1/x.png', Readable.from([Buffer.from('x')]), 100),
    );
  });

  // Larger than one part of an S3 multipart upload (8 MiB), so S3 receives it in parts.
  const large = Buffer.alloc(9 * 1024 * 1024 + 17, 7);
  const inChunks = (bytes: Buffer) =>
    Readable.from(
      Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
        bytes.subarray(index * 65_536, (index + 1) * 65_536),
      ),
    );

  it('shows a large upload only once committed, and nothing of one discarded', async () => {
    const staged = await stageManagedFile(files, SOURCE_ID, 'big/one.bin', inChunks(large), 20e6);
    expect(staged.head.equals(large.subarray(0, 512))).toBe(true);
    expect(await backend.filesBelow(directory, `${FOLDER}/big`)).toEqual([]);
    expect((await failure(adapter.head('big/one.bin'))).kind).toBe('not_found');
    expect(await staged.commit()).toMatchObject({ path: 'big/one.bin', size: large.length });
    expect((await backend.read(directory, `${FOLDER}/big/one.bin`))?.equals(large)).toBe(true);

    const dropped = await stageManagedFile(files, SOURCE_ID, 'big/two.bin', inChunks(large), 20e6);
    await dropped.discard();
    expect(await backend.filesBelow(directory, `${FOLDER}/big`)).toEqual(['one.bin']);
    const read = await files.within(SOURCE_ID).readWhole('big/one.bin', 20e6);
    expect(read.bytes.equals(large)).toBe(true);
    read.release();
  });

  it('keeps nothing of an upload whose stream fails, small or in parts', async () => {
    for (const chunks of [[Buffer.from('half a')], [large]]) {
      const error = await stageManagedFile(
        files,
        SOURCE_ID,
        'cut/short.bin',
        failingAfter(chunks),
        20e6,
      ).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ message: 'the client went away' });
    }
    expect(await backend.filesBelow(directory, `${FOLDER}/cut`)).toEqual([]);
    expect(await backend.filesBelow(directory, FOLDER)).not.toContain('cut/short.bin');
  });
});

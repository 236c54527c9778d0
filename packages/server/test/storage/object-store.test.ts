// The object store's contract (storage/object-store/types.ts), the same on both back ends.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  putObject,
  s3ObjectStore,
  type ObjectStore,
} from '../../src/storage/object-store/index.ts';
import { StorageError } from '../../src/storage/types.ts';
import { S3_ACCESS_KEY } from '../origin-servers/s3rver.ts';
import {
  OBJECT_STORE_BUCKET,
  objectStoreOf,
  useObjectStoreBackends,
} from './object-store-backends.ts';

const { backends, endpoint } = await useObjectStoreBackends();

const put = (store: ObjectStore, key: string, body: string) =>
  putObject(store, key, Readable.from([Buffer.from(body)]), {
    maxBytes: 1000,
    contentType: 'text/plain',
  });

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe.each(backends)('the object store on the $name', (backend) => {
  let directory: string;
  let store: ObjectStore;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'darkroom-objects-'));
    store = objectStoreOf(backend, directory);
  });
  afterAll(async () => {
    store.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('puts, reads, describes and deletes objects by key', async () => {
    const stored = await put(store, 'docs/readme.txt', 'hello, world');
    expect(stored).toMatchObject({ key: 'docs/readme.txt', size: 12 });
    expect(await backend.read(directory, 'docs/readme.txt')).toEqual(Buffer.from('hello, world'));
    const head = await store.head('docs/readme.txt');
    expect(head).toMatchObject({ key: 'docs/readme.txt', size: 12 });
    expect(head.etag).toMatch(/^".+"$/);
    const part = await store.get('docs/readme.txt', { start: 7, end: 11 });
    expect(part).toMatchObject({ size: 12, length: 5 });
    expect(await text(part.body)).toBe('world');
    const whole = await store.readWhole('docs/readme.txt', 100);
    expect(whole.bytes.toString()).toBe('hello, world');
    whole.release();
    expect((await failure(store.readWhole('docs/readme.txt', 5))).kind).toBe('too_large');

    await put(store, 'docs/readme.txt', 'changed');
    expect((await store.head('docs/readme.txt')).size).toBe(7);
    await store.delete('docs/readme.txt');
    await store.delete('docs/readme.txt');
    expect((await failure(store.head('docs/readme.txt'))).kind).toBe('not_found');
    expect((await failure(store.get('docs/nothing.txt'))).kind).toBe('not_found');
  });

  it('lists one folder at a time, a page at a time', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'sub/e.txt', 'other/f.txt']) {
      await put(store, `list/${name}`, name);
    }
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await store.list('list/', cursor, 2);
      pages.push([...page.folders, ...page.objects.map((object) => object.key)]);
      cursor = page.cursor;
    } while (cursor !== null && pages.length < 10);
    expect(pages.flat().sort()).toEqual([
      'list/a.txt',
      'list/b.txt',
      'list/c.txt',
      'list/d.txt',
      'list/other/',
      'list/sub/',
    ]);
    expect(pages.length).toBeGreaterThan(1);
    const byName = await store.list('list/s');
    expect([...byName.folders, ...byName.objects.map((object) => object.key)]).toEqual([
      'list/sub/',
    ]);
    expect((await store.list('nowhere/')).objects).toEqual([]);
  });

  it('reads a folder as a store of its own, keys relative to it', async () => {
    const sub = store.within('list').within('sub');
    expect((await sub.head('e.txt')).key).toBe('e.txt');
    expect((await sub.list('')).objects.map((object) => object.key)).toEqual(['e.txt']);
    await put(sub, 'g.txt', 'g');
    expect(await backend.read(directory, 'list/sub/g.txt')).toEqual(Buffer.from('g'));
  });

  it('refuses keys that could climb out of their folder or name a partial file', async () => {
    const sub = store.within('list');
    for (const key of ['../docs/x.txt', 'a/../../x', './a.txt', '/a.txt', 'a//b', 'a\\b', '']) {
      expect((await failure(sub.head(key))).kind).toBe('not_found');
      expect((await failure(put(sub, key, 'x'))).kind).toBe('not_found');
    }
    expect((await failure(put(sub, '.upload-1234', 'x'))).kind).toBe('not_found');
    expect(() => store.within('..')).toThrow(StorageError);
  });

  it('refuses a body over its cap and keeps nothing of it', async () => {
    const error = await failure(
      putObject(store, 'capped/big.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
        maxBytes: 1000,
        contentType: 'application/octet-stream',
      }),
    );
    expect(error.kind).toBe('too_large');
    expect(await backend.filesBelow(directory, 'capped')).toEqual([]);
  });
});

describe('the object store in a bucket that refuses or cannot be reached', () => {
  const settings = {
    location: { bucket: OBJECT_STORE_BUCKET, prefix: 'refused' },
    endpoint,
    region: 'us-east-1',
    accessKeyId: S3_ACCESS_KEY,
    secretAccessKey: 'not-the-secret-key-0123456789abcdefghijk',
  };

  it('says the store refused a request signed with the wrong secret (s3rver checks SigV4)', async () => {
    const store = s3ObjectStore(settings);
    const error = await failure(store.head('a.txt'));
    // A HEAD answer has no body: the SDK knows only its 403.
    expect(error.kind).toBe('origin_error');
    const listed = await failure(store.list(''));
    expect(listed.message).toContain('SignatureDoesNotMatch');
    store.close();
  });

  it('says an unreachable store is unreachable, which callers retry', async () => {
    // Port 9 (discard) on loopback: nothing listens there in the test environment.
    const store = s3ObjectStore({ ...settings, endpoint: 'http://127.0.0.1:9' });
    expect((await failure(store.head('a.txt'))).kind).toBe('unreachable');
    store.close();
  });
});

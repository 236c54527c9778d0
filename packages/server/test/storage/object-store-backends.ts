// The two back ends of the object store (storage/object-store/) for suites to `describe.each`
// over: the data directory, and an S3 bucket on s3rver (which verifies Signature V4). What a
// suite asserts about stored files it reads without Darkroom's code: the file system, or a
// plain S3 client.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';
import { createObjectStore, type ObjectStore } from '../../src/storage/object-store/index.ts';
import { BACKENDS, PGLITE, type Backend } from '../databases.ts';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3rver } from '../origin-servers/s3rver.ts';
import { testConfig } from '../test-app.ts';

export const OBJECT_STORE_BUCKET = 'darkroom-files';

export interface ObjectStoreBackend {
  name: 'data directory' | 's3';
  /** What an app keeping its files in this back end is started with, besides its DATA_DIR. */
  env: Record<string, string>;
  /** Every stored file below `folder` (`managed/{sourceId}`), relative to it, sorted. */
  filesBelow(dataDir: string, folder: string): Promise<string[]>;
  /** A stored file's bytes, or null when there is none. */
  read(dataDir: string, key: string): Promise<Buffer | null>;
  /** Puts a file in place behind Darkroom's back (a change at the origin). */
  write(dataDir: string, key: string, bytes: Buffer | string): Promise<void>;
  /** Removes a file behind Darkroom's back. */
  remove(dataDir: string, key: string): Promise<void>;
}

export const DATA_DIRECTORY: ObjectStoreBackend = {
  name: 'data directory',
  env: {},
  async filesBelow(dataDir, folder) {
    const root = path.join(dataDir, folder);
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  },
  async read(dataDir, key) {
    return readFile(path.join(dataDir, key)).catch(() => null);
  },
  async write(dataDir, key, bytes) {
    const file = path.join(dataDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  },
  async remove(dataDir, key) {
    await rm(path.join(dataDir, key));
  },
};

/** The settings of an app keeping its files below `prefix` of the bucket at `endpoint`. */
export function objectStoreEnv(endpoint: string, prefix: string): Record<string, string> {
  return {
    OBJECT_STORE_URL: `s3://${OBJECT_STORE_BUCKET}/${prefix}`,
    OBJECT_STORE_ENDPOINT: endpoint,
    OBJECT_STORE_ACCESS_KEY_ID: S3_ACCESS_KEY,
    OBJECT_STORE_SECRET_ACCESS_KEY: S3_SECRET_KEY,
  };
}

export function testS3Client(endpoint: string): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
  });
}

/** The S3 back end on `endpoint`, below a prefix of its own (the data directory is unused). */
export function s3Backend(endpoint: string): ObjectStoreBackend {
  const prefix = `suite-${randomBytes(4).toString('hex')}`;
  const client = testS3Client(endpoint);
  afterAll(() => client.destroy());
  return {
    name: 's3',
    env: objectStoreEnv(endpoint, prefix),
    async filesBelow(_dataDir, folder) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: OBJECT_STORE_BUCKET,
            Prefix: `${prefix}/${folder}/`,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key !== undefined) keys.push(item.Key.slice(`${prefix}/${folder}/`.length));
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return keys.sort();
    },
    async read(_dataDir, key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: OBJECT_STORE_BUCKET, Key: `${prefix}/${key}` }),
        );
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      } catch {
        return null;
      }
    },
    async write(_dataDir, key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket: OBJECT_STORE_BUCKET, Key: `${prefix}/${key}`, Body: bytes }),
      );
    },
    async remove(_dataDir, key) {
      await client.send(
        new DeleteObjectCommand({ Bucket: OBJECT_STORE_BUCKET, Key: `${prefix}/${key}` }),
      );
    },
  };
}

/** The store an app of this back end and `dataDir` keeps its files in (closed by the caller). */
export function objectStoreOf(backend: ObjectStoreBackend, dataDir: string): ObjectStore {
  return createObjectStore(testConfig({ DATA_DIR: dataDir, ...backend.env }));
}

/**
 * Starts s3rver with the object store's bucket for this test file (closed after it) and answers
 * both back ends; call it at the top level of a test file: `await useObjectStoreBackends()`.
 */
export async function useObjectStoreBackends(): Promise<{
  backends: readonly ObjectStoreBackend[];
  endpoint: string;
}> {
  const server = await startS3rver([OBJECT_STORE_BUCKET]);
  afterAll(() => server.close());
  return { backends: [DATA_DIRECTORY, s3Backend(server.endpoint)], endpoint: server.endpoint };
}

/** A database with an object store back end, for suites that need both. */
export interface StorageSetup {
  database: Backend;
  store: ObjectStoreBackend;
}

/**
 * Every database with the data directory (as before the object store), and the S3 back end on
 * the embedded database: each store is exercised without running every suite four times.
 */
export function storageSetups(stores: readonly ObjectStoreBackend[]): StorageSetup[] {
  const s3 = stores.filter((store) => store.name === 's3');
  return [
    ...BACKENDS.map((database) => ({ database, store: DATA_DIRECTORY })),
    ...s3.map((store) => ({ database: PGLITE, store })),
  ];
}

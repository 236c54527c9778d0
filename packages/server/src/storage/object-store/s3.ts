// The object store in an S3-protocol bucket (OBJECT_STORE_URL): AWS S3, R2, MinIO, Ceph RGW.
// Every process of the install reaches the same objects, so none holds the only copy of a file.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { storageError } from '../errors.ts';
import { originReadBuffers } from '../read-buffers.ts';
import { StorageError } from '../types.ts';
import { isObjectKey, splitPrefix } from './keys.ts';
import { objectStoreError } from './s3-errors.ts';
import { stageS3Object } from './s3-upload.ts';
import type { ObjectListing, ObjectRange, ObjectStore, StoredObject } from './types.ts';

/** The `objectStore` setting group (config/settings.ts), when OBJECT_STORE_URL is set. */
export type S3ObjectStoreSettings = NonNullable<Config['objectStore']>;

const PAGE_SIZE = 1000;
const CONNECT_TIMEOUT_MS = 5_000;
/** Longest a connection may stay silent: a part of PART_BYTES goes up well within it. */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/** Longest one call other than reading a body may take. */
const CALL_TIMEOUT_MS = 60_000;

function createClient(settings: S3ObjectStoreSettings): S3Client {
  const agentOptions = { keepAlive: true };
  const { accessKeyId, secretAccessKey } = settings;
  return new S3Client({
    region: settings.region,
    // Without keys the SDK's default chain applies (an instance or task role on AWS).
    ...(accessKeyId !== null && secretAccessKey !== null
      ? { credentials: { accessKeyId, secretAccessKey } }
      : {}),
    // The operator's own endpoint is trusted (no SSRF guard: it is no customer's address).
    // Path-style keeps every bucket name valid on it (MinIO, Ceph and s3rver expect it).
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint, forcePathStyle: true }),
    // Checksums only where S3 requires them: since client-s3 3.729 the SDK adds CRC32 headers
    // to every upload by default ("Data Integrity Protections for Amazon S3"), which several
    // S3-compatible stores refuse; SigV4 already signs each part's SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
    },
  });
}

/** `bytes 0-99/1234` -> 1234; null without a total. */
function totalOf(contentRange: string | undefined): number | null {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : null;
}

interface Bucket {
  client: S3Client;
  bucket: string;
  /** Key prefix of this store in the bucket, '' or ending with `/`. */
  root: string;
}

/** The store of OBJECT_STORE_URL's bucket and prefix. */
export function s3ObjectStore(settings: S3ObjectStoreSettings): ObjectStore {
  const { bucket, prefix } = settings.location;
  return storeAt({
    client: createClient(settings),
    bucket,
    root: prefix === '' ? '' : `${prefix}/`,
  });
}

function storeAt(at: Bucket): ObjectStore {
  const { client, bucket, root } = at;
  const signal = (): AbortSignal => AbortSignal.timeout(CALL_TIMEOUT_MS);
  const fullKey = (key: string): string => {
    if (!isObjectKey(key)) throw storageError('not_found', 'darkroom_storage');
    return `${root}${key}`;
  };
  async function send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw objectStoreError(error);
    }
  }
  const described = (
    key: string,
    answer: { ContentLength?: number; LastModified?: Date; ETag?: string },
    size = answer.ContentLength ?? 0,
  ): StoredObject => ({
    key,
    size,
    lastModified: answer.LastModified ?? new Date(0),
    etag: answer.ETag ?? '""',
  });

  async function getObject(key: string, range?: ObjectRange): Promise<GetObjectCommandOutput> {
    const Key = fullKey(key);
    // No deadline on the call: its body may be read for as long as a client takes to download
    // it; a connection that stays silent is cut by the socket's idle timeout.
    return send(() =>
      client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range === undefined ? {} : { Range: `bytes=${range.start}-${range.end ?? ''}` }),
        }),
      ),
    );
  }

  return {
    location: `s3://${bucket}/${root}`,

    within(folder) {
      if (!isObjectKey(folder)) throw storageError('not_found', 'darkroom_storage');
      return storeAt({ ...at, root: `${root}${folder}/` });
    },

    async stage(key, body, options) {
      if (!isObjectKey(key)) {
        throw new StorageError('not_found', 'This is not a valid file path.');
      }
      return stageS3Object(
        { client, bucket, fullKey: fullKey(key), key, signal, mapError: objectStoreError },
        body,
        options,
      );
    },

    async head(key) {
      const Key = fullKey(key);
      const answer = await send(() =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key }), { abortSignal: signal() }),
      );
      return described(key, answer);
    },

    async get(key, range) {
      const answer = await getObject(key, range);
      const body = answer.Body as Readable | undefined;
      if (body === undefined) throw new StorageError('origin_error', 'The store sent no body.');
      const length = answer.ContentLength ?? 0;
      const size = range === undefined ? length : (totalOf(answer.ContentRange) ?? length);
      return { ...described(key, answer, size), length, body };
    },

    async readWhole(key, maxBytes) {
      const answer = await getObject(key);
      const body = answer.Body as Readable | undefined;
      const size = answer.ContentLength ?? 0;
      if (body === undefined) throw new StorageError('origin_error', 'The store sent no body.');
      if (size > maxBytes) {
        body.destroy();
        throw storageError('too_large', 'darkroom_storage');
      }
      // Into a pooled buffer of the announced length, as the data directory's reads are.
      const lease = originReadBuffers.lease(size);
      let filled = 0;
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (filled + chunk.length > size) throw new Error('more bytes than announced');
          chunk.copy(lease.bytes, filled);
          filled += chunk.length;
        }
        if (filled !== size) throw new Error(`${filled} of ${size} bytes arrived`);
      } catch (error) {
        lease.release();
        if (error instanceof StorageError) throw error;
        throw new StorageError('origin_error', 'The store sent the file incompletely.', {
          cause: error,
        });
      }
      return { ...described(key, answer), bytes: lease.bytes, release: lease.release };
    },

    async list(prefix, cursor, pageSize = PAGE_SIZE): Promise<ObjectListing> {
      const { folder } = splitPrefix(prefix);
      if (folder !== '' && !isObjectKey(folder)) return { objects: [], folders: [], cursor: null };
      const answer = await send(() =>
        client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${root}${prefix}`,
            Delimiter: '/',
            MaxKeys: pageSize,
            ...(cursor == null ? {} : { ContinuationToken: cursor }),
          }),
          { abortSignal: signal() },
        ),
      );
      const relative = (full: string): string => full.slice(root.length);
      return {
        objects: (answer.Contents ?? []).flatMap((item) =>
          item.Key === undefined || item.Key.endsWith('/')
            ? []
            : [
                {
                  key: relative(item.Key),
                  size: item.Size ?? 0,
                  lastModified: item.LastModified ?? new Date(0),
                  etag: item.ETag ?? '""',
                },
              ],
        ),
        folders: (answer.CommonPrefixes ?? []).flatMap((item) =>
          item.Prefix === undefined ? [] : [relative(item.Prefix)],
        ),
        cursor: answer.IsTruncated === true ? (answer.NextContinuationToken ?? null) : null,
      };
    },

    async delete(key) {
      if (!isObjectKey(key)) return;
      const Key = fullKey(key);
      await send(() =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key }), { abortSignal: signal() }),
      );
    },

    close() {
      client.destroy();
    },
  };
}

// Amazon S3, the S3-compatible providers (R2, DigitalOcean, Linode, Wasabi) and Google Cloud
// Storage through its S3-interoperable XML API with HMAC keys, all over @aws-sdk/client-s3.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { credentialFieldName, isStorageProvider, type CredentialRole } from '@darkroom/core';
import { findGuardedFetchError, errorCode } from '../net/guarded-fetch-error.ts';
import { limitBody } from '../net/limited-body.ts';
import { guardedLookup } from '../net/ssrf-guard.ts';
import { fromGuardedFetchError, storageError } from './errors.ts';
import { stageS3Object } from './object-store/s3-upload.ts';
import { joinRoot, normalizeRoot, stripRoot } from './paths.ts';
import type {
  ByteRange,
  ListPage,
  PendingWrite,
  StorageAdapter,
  StorageBody,
  StorageObject,
  StorageOptions,
} from './types.ts';
import { StorageError } from './types.ts';

type S3Family = 's3' | 's3_compatible' | 'gcs';

/** What an S3-protocol adapter needs, whichever family's field names it came from. */
export interface S3Settings {
  family: S3Family;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** Folder below the bucket the source serves ('' for the whole bucket). */
  prefix: string;
  /** Host (and optional port and path) without a scheme, or null for AWS itself. */
  endpoint: string | null;
  /** Null lets the adapter find the bucket's region (AWS). */
  region: string | null;
  /** The configuration fields to blame, by role (null: the family has no such field). */
  fields: Record<'accessKey' | 'secretKey' | 'bucket' | 'region' | 'endpoint', string | null>;
}

const GCS_ENDPOINT = 'storage.googleapis.com';
const PAGE_SIZE = 1000;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Reads the S3-protocol settings of an `s3`, `s3_compatible` or `gcs` configuration. */
export function s3Settings(configuration: Readonly<Record<string, unknown>>): S3Settings {
  const family: S3Family =
    configuration.type === 'gcs' || configuration.type === 's3_compatible'
      ? configuration.type
      : 's3';
  const provider =
    family === 's3_compatible' && isStorageProvider(configuration.storage_provider)
      ? configuration.storage_provider
      : undefined;
  // Each family names its fields its own way; the credential field table says which is which.
  const fieldOf = (role: CredentialRole): string | null =>
    credentialFieldName(family, role, provider) ?? null;
  const fields = {
    accessKey: fieldOf('access_key'),
    secretKey: fieldOf('secret_key'),
    bucket: fieldOf('bucket'),
    region: fieldOf('region'),
    endpoint: fieldOf('endpoint'),
  };
  const valueOf = (field: string | null) => (field === null ? '' : text(configuration[field]));
  const shared = {
    family,
    accessKeyId: valueOf(fields.accessKey),
    secretAccessKey: valueOf(fields.secretKey),
    bucket: valueOf(fields.bucket),
    prefix: valueOf(fieldOf('prefix')),
    fields,
  };
  if (family === 'gcs') return { ...shared, endpoint: GCS_ENDPOINT, region: 'auto' };
  if (family === 's3') return { ...shared, endpoint: null, region: null };
  const region = valueOf(fields.region).toLowerCase();
  return {
    ...shared,
    endpoint: valueOf(fields.endpoint).replace(/^https?:\/\//i, ''),
    // Spec section 3: R2 has no region field; its region is auto.
    region: provider === 'r2' || region === '' ? 'auto' : region,
  };
}

function createClient(settings: S3Settings, options: StorageOptions): S3Client {
  const override = options.s3EndpointOverride;
  // The endpoint of an S3-compatible source is the customer's choice, so its connections go
  // through the guarded lookup; an operator's override (tests, self-hosted S3) is trusted.
  const guard =
    override === null && !options.allowPrivateOrigins
      ? { lookup: guardedLookup({ allowPrivateOrigins: false }) }
      : {};
  const agentOptions = { keepAlive: true, ...guard };
  const endpoint =
    override ?? (settings.endpoint === null ? undefined : `https://${settings.endpoint}`);
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    ...(endpoint === undefined ? {} : { endpoint }),
    // Path-style keeps every bucket name (dots included) valid on a custom endpoint.
    forcePathStyle: endpoint !== undefined,
    // Amazon S3 answers a request sent to the wrong region with the bucket's region; the SDK
    // then retries there, so an `aws_*` source needs no region field.
    followRegionRedirects: settings.family === 's3',
    // Checksums only where S3 requires them, as for the object store (object-store/s3.ts): the
    // SDK's default CRC32 trailers on uploads are refused by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: options.connectTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
    },
  });
}

type Operation = 'bucket' | 'object';

/** Maps an SDK or network failure to a StorageError blaming the right configuration field. */
function mapS3Error(error: unknown, settings: S3Settings, operation: Operation): StorageError {
  if (error instanceof StorageError) return error;
  const type = settings.family;
  const { fields } = settings;
  const guarded = findGuardedFetchError(error);
  if (guarded !== null) return fromGuardedFetchError(guarded, type, fields.endpoint);

  const name = error instanceof Error ? error.name : '';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const options = { cause: error };
  switch (name) {
    case 'InvalidAccessKeyId':
      return storageError('invalid_access_key', type, { ...options, field: fields.accessKey });
    case 'SignatureDoesNotMatch':
      return storageError('invalid_secret_key', type, { ...options, field: fields.secretKey });
    case 'NoSuchBucket':
      return storageError('bucket_not_found', type, { ...options, field: fields.bucket });
    case 'InvalidBucketName':
      return storageError('invalid_bucket_name', type, { ...options, field: fields.bucket });
    case 'PermanentRedirect':
    case 'AuthorizationHeaderMalformed':
    case 'IllegalLocationConstraintException':
    case 'InvalidRegion':
      return storageError('invalid_region', type, { ...options, field: fields.region });
    case 'NoSuchKey':
      return storageError('not_found', type, options);
    case 'AccessDenied':
    case 'AllAccessDisabled':
    case 'AccountProblem':
    case 'InvalidToken':
    case 'ExpiredToken':
    case 'InvalidSecurity':
      return storageError('access_denied', type, options);
    case 'InvalidRange':
      return new StorageError('origin_error', 'The requested range is not in the file.', options);
    case 'TimeoutError':
    case 'AbortError':
    case 'RequestTimeout':
      return storageError('timeout', type, options);
    default:
      break;
  }
  // HEAD answers have no body, so the SDK only knows the status.
  if (status === 404) {
    return operation === 'bucket'
      ? storageError('bucket_not_found', type, { ...options, field: fields.bucket })
      : storageError('not_found', type, options);
  }
  if (status === 301)
    return storageError('invalid_region', type, { ...options, field: fields.region });
  if (status === 401 || status === 403) return storageError('access_denied', type, options);

  const code = errorCode(error);
  if (code === 'ETIMEDOUT' || code === 'ECONNABORTED')
    return storageError('timeout', type, options);
  if (
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ECONNREFUSED' ||
    code === 'EHOSTUNREACH' ||
    code === 'ERR_TLS_CERT_ALTNAME_INVALID'
  ) {
    // Only an S3-compatible endpoint is the customer's to get wrong; AWS and GCS are fixed.
    return fields.endpoint === null
      ? storageError('unreachable', type, options)
      : storageError('invalid_endpoint', type, { ...options, field: fields.endpoint });
  }
  return new StorageError(
    'origin_error',
    error instanceof Error ? error.message : 'The storage service failed.',
    options,
  );
}

function rangeHeader(range: ByteRange | undefined): string | undefined {
  return range === undefined ? undefined : `bytes=${range.start}-${range.end ?? ''}`;
}

export function createS3Adapter(settings: S3Settings, options: StorageOptions): StorageAdapter {
  const client = createClient(settings, options);
  const root = normalizeRoot(settings.prefix);
  const { bucket } = settings;
  const signal = (): AbortSignal => AbortSignal.timeout(options.requestTimeoutMs);

  async function send<T>(operation: Operation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapS3Error(error, settings, operation);
    }
  }

  const adapter: StorageAdapter = {
    async verify() {
      // Listing one key proves the keys, the bucket and the List permission in one call.
      await send('bucket', () =>
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: root, MaxKeys: 1 }), {
          abortSignal: signal(),
        }),
      );
    },

    async list(prefix, cursor): Promise<ListPage> {
      const answer = await send('bucket', () =>
        client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: joinRoot(root, prefix),
            Delimiter: '/',
            MaxKeys: PAGE_SIZE,
            ...(cursor == null ? {} : { ContinuationToken: cursor }),
          }),
          { abortSignal: signal() },
        ),
      );
      return {
        objects: (answer.Contents ?? [])
          .filter((item) => item.Key !== undefined && !item.Key.endsWith('/'))
          .map((item) => ({
            path: stripRoot(root, item.Key ?? ''),
            size: item.Size ?? null,
            contentType: null,
            lastModified: item.LastModified ?? null,
            etag: item.ETag ?? null,
          })),
        folders: (answer.CommonPrefixes ?? []).flatMap((item) =>
          item.Prefix === undefined ? [] : [stripRoot(root, item.Prefix)],
        ),
        cursor: answer.IsTruncated === true ? (answer.NextContinuationToken ?? null) : null,
      };
    },

    async head(path): Promise<StorageObject> {
      const answer = await send('object', () =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key: joinRoot(root, path) }), {
          abortSignal: signal(),
        }),
      );
      return {
        path,
        size: answer.ContentLength ?? null,
        contentType: answer.ContentType ?? null,
        lastModified: answer.LastModified ?? null,
        etag: answer.ETag ?? null,
      };
    },

    async get(path, range): Promise<StorageBody> {
      const deadline = Date.now() + options.requestTimeoutMs;
      const answer = await send('object', () =>
        client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: joinRoot(root, path),
            Range: rangeHeader(range),
          }),
          { abortSignal: AbortSignal.timeout(options.requestTimeoutMs) },
        ),
      );
      const body = answer.Body as Readable | undefined;
      const length = answer.ContentLength ?? null;
      if (length !== null && length > options.maxBytes) {
        body?.destroy();
        throw storageError('too_large', settings.family);
      }
      if (body === undefined) throw new StorageError('origin_error', 'The origin sent no body.');
      return {
        path,
        size: length,
        contentType: answer.ContentType ?? null,
        lastModified: answer.LastModified ?? null,
        etag: answer.ETag ?? null,
        cacheControl: answer.CacheControl ?? null,
        body: limitBody(body, {
          maxBytes: options.maxBytes,
          expectedLength: length,
          deadline,
          mapError: (error) => fromGuardedFetchError(error, settings.family, null),
        }),
      };
    },

    async stage(path, body, writeOptions): Promise<PendingWrite> {
      // Through the same client as reads: a custom endpoint's connections pass the SSRF guard.
      const pending = await stageS3Object(
        {
          client,
          bucket,
          fullKey: joinRoot(root, path),
          key: path,
          signal,
          mapError: (error) => mapS3Error(error, settings, 'object'),
        },
        body,
        writeOptions,
      );
      return {
        size: pending.size,
        discard: () => pending.discard(),
        async commit() {
          const stored = await pending.commit();
          return {
            path,
            size: stored.size,
            contentType: writeOptions.contentType,
            lastModified: stored.lastModified,
            etag: stored.etag,
          };
        },
      };
    },

    async remove(path) {
      // S3 answers 204 for a key that does not exist, so a repeated delete is no error.
      await send('object', () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: joinRoot(root, path) }), {
          abortSignal: signal(),
        }),
      );
    },
  };
  return adapter;
}

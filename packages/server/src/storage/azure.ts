// Azure Blob Storage (a container) and Azure Files (a file share), authenticated by the SAS
// string alone: the account URL plus the SAS query is all either SDK needs.
import type { Readable } from 'node:stream';
import {
  ContainerClient,
  RestError,
  type ContainerListBlobHierarchySegmentResponse,
} from '@azure/storage-blob';
import {
  ShareClient,
  type DirectoryListFilesAndDirectoriesSegmentResponse,
} from '@azure/storage-file-share';
import { errorCode } from '../net/guarded-fetch-error.ts';
import { limitBody } from '../net/limited-body.ts';
import { fromGuardedFetchError, storageError } from './errors.ts';
import { joinRoot, normalizeRoot, stripRoot } from './paths.ts';
import type {
  ByteRange,
  ListPage,
  PendingWrite,
  StorageAdapter,
  StorageBody,
  StorageObject,
  StorageOptions,
  WriteOptions,
} from './types.ts';
import { StorageError } from './types.ts';

export interface AzureSettings {
  account: string;
  service: 'blob' | 'file';
  /** The container (blob) or file share (file). */
  bucket: string;
  sas: string;
  prefix: string;
}

const PAGE_SIZE = 1000;
const TYPE = 'azure';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export function azureSettings(configuration: Readonly<Record<string, unknown>>): AzureSettings {
  return {
    account: text(configuration.azure_account).toLowerCase(),
    service: configuration.azure_service_type === 'file' ? 'file' : 'blob',
    bucket: text(configuration.azure_bucket),
    sas: text(configuration.azure_sas_string).replace(/^\?/, ''),
    prefix: text(configuration.azure_prefix),
  };
}

/** `https://{account}.blob.core.windows.net` (or `.file.`), or the configured override. */
function azureAccountUrl(settings: AzureSettings, options: StorageOptions): string {
  const override = options.azureEndpointOverride;
  if (override != null && override !== '') return override.replace(/\/+$/, '');
  return `https://${settings.account}.${settings.service}.core.windows.net`;
}

/** Maps an Azure SDK or network failure to a StorageError blaming the right field. */
function mapAzureError(error: unknown, operation: 'bucket' | 'object'): StorageError {
  if (error instanceof StorageError) return error;
  const options = { cause: error };
  const code =
    error instanceof RestError || (error instanceof Error && 'statusCode' in error)
      ? ((error as RestError).code ?? null)
      : null;
  const status = error instanceof Error ? (error as RestError).statusCode : undefined;
  switch (code) {
    case 'AuthenticationFailed':
    case 'AuthorizationFailure':
    case 'AuthorizationPermissionMismatch':
    case 'AuthorizationResourceTypeMismatch':
    case 'AuthorizationServiceMismatch':
    case 'AuthorizationProtocolMismatch':
    case 'AuthorizationSourceIPMismatch':
      return storageError('invalid_sas', TYPE, { ...options, field: 'azure_sas_string' });
    case 'ContainerNotFound':
    case 'ShareNotFound':
      return storageError('bucket_not_found', TYPE, { ...options, field: 'azure_bucket' });
    case 'InvalidResourceName':
      return storageError('invalid_bucket_name', TYPE, { ...options, field: 'azure_bucket' });
    case 'BlobNotFound':
    case 'ResourceNotFound':
    case 'ParentNotFound':
      return storageError('not_found', TYPE, options);
    case 'InvalidRange':
      return new StorageError('origin_error', 'The requested range is not in the file.', options);
    default:
      break;
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return storageError('timeout', TYPE, options);
  }
  const network = errorCode(error) ?? code;
  if (network === 'ENOTFOUND' || network === 'EAI_AGAIN' || network === 'EAI_NONAME') {
    // The account name is the only part of an Azure host the customer chooses.
    return storageError('invalid_host', TYPE, { ...options, field: 'azure_account' });
  }
  if (network === 'ETIMEDOUT') return storageError('timeout', TYPE, options);
  if (status === 404) {
    return operation === 'bucket'
      ? storageError('bucket_not_found', TYPE, { ...options, field: 'azure_bucket' })
      : storageError('not_found', TYPE, options);
  }
  if (status === 403)
    return storageError('invalid_sas', TYPE, { ...options, field: 'azure_sas_string' });
  if (network === 'ECONNREFUSED' || network === 'ECONNRESET' || network === 'REQUEST_SEND_ERROR') {
    return storageError('unreachable', TYPE, options);
  }
  return new StorageError(
    'origin_error',
    error instanceof Error ? error.message : 'Azure Storage failed.',
    options,
  );
}

interface Download {
  body: Readable | undefined;
  length: number | null;
  contentType: string | null;
  lastModified: Date | null;
  etag: string | null;
  cacheControl: string | null;
}

/** The headers of a blob's and a file's answers, which both SDKs name alike. */
interface AzureHeaders {
  contentLength?: number;
  contentType?: string;
  lastModified?: Date;
  etag?: string;
  cacheControl?: string;
}

function objectHead(headers: AzureHeaders): Omit<StorageObject, 'path'> {
  return {
    size: headers.contentLength ?? null,
    contentType: headers.contentType ?? null,
    lastModified: headers.lastModified ?? null,
    etag: headers.etag ?? null,
  };
}

function downloadOf(
  answer: AzureHeaders & { readableStreamBody?: NodeJS.ReadableStream },
): Download {
  return {
    body: answer.readableStreamBody as Readable | undefined,
    length: answer.contentLength ?? null,
    contentType: answer.contentType ?? null,
    lastModified: answer.lastModified ?? null,
    etag: answer.etag ?? null,
    cacheControl: answer.cacheControl ?? null,
  };
}

/** The calls that differ between containers and file shares. */
interface AzureService {
  verify(signal: AbortSignal): Promise<void>;
  list(prefix: string, cursor: string | null, signal: AbortSignal): Promise<ListPage>;
  head(key: string, signal: AbortSignal): Promise<Omit<StorageObject, 'path'>>;
  download(key: string, range: ByteRange | undefined, signal: AbortSignal): Promise<Download>;
  /** Writes: containers only (a file share's file needs its size before its bytes). */
  stage?(
    key: string,
    body: AsyncIterable<Buffer>,
    options: WriteOptions,
    signal: () => AbortSignal,
  ): Promise<Omit<PendingWrite, 'commit'> & { commit(): Promise<Omit<StorageObject, 'path'>> }>;
  remove?(key: string, signal: AbortSignal): Promise<void>;
}

/** Bytes per staged block: at most this much of one upload is in memory at a time. */
const BLOCK_BYTES = 8 * 1024 * 1024;

function pipelineOptions(options: StorageOptions) {
  // One try per call: a wrong SAS or a missing container will not change on a retry, and the
  // whole-request timeout must hold.
  return { retryOptions: { maxTries: 1, tryTimeoutInMs: options.requestTimeoutMs } };
}

const count = (range: ByteRange | undefined): number | undefined =>
  range?.end === undefined ? undefined : range.end - range.start + 1;

function blobService(url: string, root: string, options: StorageOptions): AzureService {
  const container = new ContainerClient(url, undefined, pipelineOptions(options));
  return {
    async verify(abortSignal) {
      await container.listBlobsFlat({ prefix: root }).byPage({ maxPageSize: 1 }).next();
      abortSignal.throwIfAborted();
    },
    async list(prefix, cursor, abortSignal) {
      const pages = container
        .listBlobsByHierarchy('/', { prefix: joinRoot(root, prefix), abortSignal })
        .byPage({
          maxPageSize: PAGE_SIZE,
          ...(cursor == null ? {} : { continuationToken: cursor }),
        });
      const { value } = await pages.next();
      const page = value as ContainerListBlobHierarchySegmentResponse | undefined;
      return {
        objects: (page?.segment.blobItems ?? []).map((item) => ({
          path: stripRoot(root, item.name),
          size: item.properties.contentLength ?? null,
          contentType: item.properties.contentType ?? null,
          lastModified: item.properties.lastModified,
          etag: item.properties.etag ?? null,
        })),
        folders: (page?.segment.blobPrefixes ?? []).map((item) => stripRoot(root, item.name)),
        cursor:
          page?.continuationToken === undefined || page.continuationToken === ''
            ? null
            : page.continuationToken,
      };
    },
    async head(key, abortSignal) {
      return objectHead(await container.getBlobClient(key).getProperties({ abortSignal }));
    },
    async download(key, range, abortSignal) {
      // No retries inside the body: a stream that breaks must surface as an error.
      const answer = await container
        .getBlobClient(key)
        .download(range?.start ?? 0, count(range), { abortSignal, maxRetryRequests: 0 });
      return downloadOf(answer);
    },
    async stage(key, body, writeOptions, signal) {
      // Staged blocks stay invisible until Put Block List commits them, and Azure drops blocks
      // never committed after a week (Azure Storage docs, "Understanding block blobs").
      const blob = container.getBlockBlobClient(key);
      const blockIds: string[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let size = 0;
      const flush = async (): Promise<void> => {
        if (pendingBytes === 0) return;
        const block = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        // Block ids are base64 of equal length within a blob.
        const id = Buffer.from(String(blockIds.length).padStart(6, '0')).toString('base64');
        await blob.stageBlock(id, block, block.length, { abortSignal: signal() });
        blockIds.push(id);
      };
      for await (const chunk of body) {
        size += chunk.length;
        if (size > writeOptions.maxBytes) throw storageError('too_large', TYPE);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= BLOCK_BYTES) await flush();
      }
      await flush();
      return {
        size,
        async discard() {},
        async commit() {
          const answer = await blob.commitBlockList(blockIds, {
            abortSignal: signal(),
            blobHTTPHeaders: { blobContentType: writeOptions.contentType },
          });
          return {
            size,
            contentType: writeOptions.contentType,
            lastModified: answer.lastModified ?? new Date(),
            etag: answer.etag ?? null,
          };
        },
      };
    },
    async remove(key, abortSignal) {
      await container.getBlobClient(key).deleteIfExists({ abortSignal });
    },
  };
}

/** Splits `a/b/c` into the directory `a/b` and the name `c` (a file share lists by directory). */
function splitDirectory(key: string): { directory: string; name: string } {
  const slash = key.lastIndexOf('/');
  return slash === -1
    ? { directory: '', name: key }
    : { directory: key.slice(0, slash), name: key.slice(slash + 1) };
}

function fileService(url: string, root: string, options: StorageOptions): AzureService {
  const share = new ShareClient(url, undefined, pipelineOptions(options));
  const fileClient = (key: string) => {
    const { directory, name } = splitDirectory(key);
    return share.getDirectoryClient(directory).getFileClient(name);
  };
  return {
    async verify(abortSignal) {
      const { directory } = splitDirectory(root);
      await share
        .getDirectoryClient(directory)
        .listFilesAndDirectories({ abortSignal })
        .byPage({ maxPageSize: 1 })
        .next();
    },
    async list(prefix, cursor, abortSignal) {
      const { directory, name } = splitDirectory(joinRoot(root, prefix));
      const pages = share
        .getDirectoryClient(directory)
        .listFilesAndDirectories({ prefix: name === '' ? undefined : name, abortSignal })
        .byPage({
          maxPageSize: PAGE_SIZE,
          ...(cursor == null ? {} : { continuationToken: cursor }),
        });
      const { value } = await pages.next();
      const page = value as DirectoryListFilesAndDirectoriesSegmentResponse | undefined;
      const base = directory === '' ? '' : `${directory}/`;
      return {
        objects: (page?.segment.fileItems ?? []).map((item) => ({
          path: stripRoot(root, `${base}${item.name}`),
          size: item.properties.contentLength,
          contentType: null,
          lastModified: item.properties.lastModified ?? null,
          etag: item.properties.etag ?? null,
        })),
        folders: (page?.segment.directoryItems ?? []).map((item) =>
          stripRoot(root, `${base}${item.name}/`),
        ),
        cursor:
          page?.continuationToken === undefined || page.continuationToken === ''
            ? null
            : page.continuationToken,
      };
    },
    async head(key, abortSignal) {
      return objectHead(await fileClient(key).getProperties({ abortSignal }));
    },
    async download(key, range, abortSignal) {
      const answer = await fileClient(key).download(range?.start ?? 0, count(range), {
        abortSignal,
        maxRetryRequests: 0,
      });
      return downloadOf(answer);
    },
  };
}

export function createAzureAdapter(
  settings: AzureSettings,
  options: StorageOptions,
): StorageAdapter {
  const root = normalizeRoot(settings.prefix);
  const url = `${azureAccountUrl(settings, options)}/${encodeURIComponent(settings.bucket)}?${settings.sas}`;
  const service =
    settings.service === 'file' ? fileService(url, root, options) : blobService(url, root, options);
  const signal = (): AbortSignal => AbortSignal.timeout(options.requestTimeoutMs);

  async function call<T>(operation: 'bucket' | 'object', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapAzureError(error, operation);
    }
  }

  const stage = service.stage;
  const remove = service.remove;
  const writes: Pick<StorageAdapter, 'stage' | 'remove'> =
    stage === undefined || remove === undefined
      ? {}
      : {
          async stage(path, body, writeOptions) {
            const pending = await call('object', () =>
              stage(joinRoot(root, path), body, writeOptions, signal),
            );
            return {
              size: pending.size,
              discard: () => pending.discard(),
              commit: async () => ({ path, ...(await call('object', () => pending.commit())) }),
            };
          },
          remove: (path) => call('object', () => remove(joinRoot(root, path), signal())),
        };

  return {
    ...writes,
    verify: () => call('bucket', () => service.verify(signal())),
    list: (prefix, cursor) => call('bucket', () => service.list(prefix, cursor ?? null, signal())),
    async head(path) {
      const properties = await call('object', () => service.head(joinRoot(root, path), signal()));
      return { path, ...properties };
    },
    async get(path, range): Promise<StorageBody> {
      const deadline = Date.now() + options.requestTimeoutMs;
      const answer = await call('object', () =>
        service.download(
          joinRoot(root, path),
          range,
          AbortSignal.timeout(options.requestTimeoutMs),
        ),
      );
      if (answer.length !== null && answer.length > options.maxBytes) {
        answer.body?.destroy();
        throw storageError('too_large', TYPE);
      }
      if (answer.body === undefined) {
        throw new StorageError('origin_error', 'Azure Storage sent no body.');
      }
      return {
        path,
        size: answer.length,
        contentType: answer.contentType,
        lastModified: answer.lastModified,
        etag: answer.etag,
        cacheControl: answer.cacheControl,
        body: limitBody(answer.body, {
          maxBytes: options.maxBytes,
          expectedLength: answer.length,
          deadline,
          mapError: (error) => fromGuardedFetchError(error, TYPE, null),
        }),
      };
    },
  };
}

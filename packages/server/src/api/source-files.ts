import type { Readable } from 'node:stream';
import type { ErrorSource } from '@darkroom/core';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { indexObject, requestAssetIndex, type AssetIndexDependencies } from '../assets/indexer.ts';
import type { SourceRow } from '../db/schema.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { ApiError, apiError } from '../errors.ts';
import {
  sanitizeManagedPath,
  stageManagedFile,
  StorageError,
  type StagedFile,
  type StorageObject,
} from '../storage/index.ts';
import { multipartBoundary, watchCloseDelimiter } from './multipart-body.ts';
import { loadSource, refuseDemoEdit } from './sources.ts';
import { stageCustomerFile } from '../storage/customer-writes.ts';
import { customerStorageRefusal, uploadContentType, uploadTarget } from './upload-target.ts';
import { describeRoutes } from './openapi/registry.ts';

const MAX_PATH_LENGTH = 1024;

/**
 * The path an upload names, cleaned, or null. Besides what keeps every managed path inside its
 * source's folder (sanitizeManagedPath: no `..`, `.` or empty segments, no backslashes), an
 * upload path is written relative (no leading slash or drive letter), without control
 * characters, in at most MAX_PATH_LENGTH characters.
 */
export function uploadPath(raw: string): string | null {
  const value = raw.trim();
  if (value.length > MAX_PATH_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value)) return null;
  return sanitizeManagedPath(value);
}

// Enough of the common media signatures to label an upload; anything else is octet-stream.
function sniffContentType(head: Buffer): string {
  const ascii = head.toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand === 'heic' || brand === 'heix' || brand === 'mif1') return 'image/heic';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
  if (ascii.startsWith('II*\u0000') || ascii.startsWith('MM\u0000*')) return 'image/tiff';
  if (ascii.startsWith('BM')) return 'image/bmp';
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(ascii))
    return 'image/svg+xml';
  return 'application/octet-stream';
}

/**
 * The answer to a multipart body the parser refused, or (error null) one that ended before its
 * close delimiter. The plugin's own refusals (too many parts, files or fields) keep their status.
 */
function malformedBody(error: unknown): Error {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && 'statusCode' in error) return error;
  const reason =
    error instanceof Error
      ? `The multipart body is not valid: ${error.message}.`
      : 'The multipart body ended before its closing boundary (--boundary--), so nothing was stored.';
  return apiError('bad_request', reason);
}

/**
 * The answer to an upload that could not be stored. The `file` stream fails, unfinished, when
 * the request does (its part cut short, the client gone, the body timed out): the client's 400.
 * A failure of the disk (an error with a syscall) stays a 500; one of the object store is a 503.
 */
function refusedUpload(
  error: unknown,
  maxBytes: number,
  log: FastifyBaseLogger,
  file?: Readable,
): Error {
  if (error instanceof StorageError && error.kind === 'too_large') {
    return apiError('payload_too_large', `Files can be at most ${maxBytes} bytes.`);
  }
  if (error instanceof StorageError && error.kind === 'not_found') {
    return apiError('validation_failed', error.message, { parameter: 'path' });
  }
  // The object store failed or refused (OBJECT_STORE_URL unreachable, its keys refused): nothing
  // was stored, and the client may try again; the cause stays in the log.
  if (error instanceof StorageError) {
    log.error({ err: error }, 'upload: the object store failed');
    return apiError(
      'service_unavailable',
      'The file could not be stored just now, so nothing was kept. Try again shortly.',
    );
  }
  const fromRequest = error instanceof Error && !('syscall' in error);
  if (fromRequest && file !== undefined && !file.readableEnded) {
    return apiError(
      'bad_request',
      "The upload was cut short: the file's part ended before its boundary, so nothing was stored.",
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Indexes a file just stored, so it shows in the asset list at once. The upload has succeeded
 * whatever happens here: a file that cannot be indexed now is left to an indexing run.
 */
export async function indexUpload(
  request: FastifyRequest,
  deps: AssetIndexDependencies,
  source: SourceRow,
  stored: { path: string; size: number | null },
  contentType: string,
  uploadedBy: string,
): Promise<void> {
  try {
    await indexObject(
      deps,
      source,
      { path: stored.path, size: stored.size, contentType, lastModified: null, etag: null },
      { uploadedBy },
    );
  } catch (error) {
    request.log.warn({ err: error, sourceId: source.id }, 'upload: indexing failed');
    await requestAssetIndex(deps.db, source.id, 'upload');
  }
}

/**
 * Uploads go to managed storage only: any other source reads its files from the customer's own
 * storage, which Darkroom does not write to. `blame` is where the refusal points.
 */
export function requireManagedStorage(source: SourceRow, blame: ErrorSource): void {
  if (source.type !== 'darkroom_storage') {
    throw apiError(
      'validation_failed',
      'Files can be uploaded only to Darkroom Storage sources; this source reads its files from its own storage.',
      blame,
    );
  }
}

/** What an upload stored: the file, and the media type its first bytes show. */
export interface StoredUpload {
  stored: StorageObject;
  contentType: string;
}

/**
 * Stores a whole file from `stream` (a raw request body: imgix's upload endpoint and upload
 * sessions) at `relative` in a managed source, out of sight until the stream has ended whole; a
 * stream cut short or over ORIGIN_MAX_BYTES leaves nothing behind.
 */
export async function storeManagedFile(
  app: FastifyInstance,
  source: SourceRow,
  relative: string,
  stream: Readable,
): Promise<StoredUpload> {
  const { config, origins } = app.darkroom;
  const staged = await stageManagedFile(
    origins.options.managedFiles,
    source.id,
    relative,
    stream,
    config.originMaxBytes,
  ).catch((error: unknown) => {
    throw refusedUpload(error, config.originMaxBytes, app.log, stream);
  });
  const stored = await staged.commit().catch(async (error: unknown) => {
    await staged.discard();
    throw refusedUpload(error, config.originMaxBytes, app.log);
  });
  return { stored, contentType: sniffContentType(staged.head) };
}

/**
 * `POST /sources/{id}/files`: adds a file to a source from the dashboard's asset manager: to a
 * managed storage (darkroom_storage) source's files, or into a storage source's own bucket or
 * container under its prefix with its upload credentials (api/upload-target.ts). Multipart field `file`, with an
 * optional `path` field sent before it (else the file's name); at most ORIGIN_MAX_BYTES. The
 * storage layer keeps it out of sight (a partial file, or S3 parts not yet assembled) until the
 * whole body has arrived (its closing boundary included): an upload cut off anywhere leaves
 * nothing behind.
 */
export async function sourceFileRoutes(app: FastifyInstance): Promise<void> {
  const { config, database, origins } = app.darkroom;
  const indexDeps: AssetIndexDependencies = { db: database.db, origins };
  describeRoutes(app, {
    'POST /sources/:id/files': {
      summary: 'Upload a file to a source',
      description: `Into a Darkroom Storage source, or into a storage source's own bucket or container (under its prefix) when it has upload credentials. Stored only once the whole body has arrived: an upload cut short leaves nothing behind. At most ${config.originMaxBytes} bytes.`,
      tag: 'Assets',
      body: {
        mediaType: 'multipart/form-data',
        description: 'The file, and optionally the path to store it at, sent before it.',
        schema: z.object({
          path: z
            .string()
            .max(MAX_PATH_LENGTH)
            .describe(
              "Where to store the file, relative (no leading slash, no .. segments); by default the file's name.",
            )
            .optional(),
          file: z.file(),
        }),
      },
      answer: { status: 201, resource: 'files' },
      errors: [403, 413, 415, 422],
    },
  });
  await app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      // One byte over the cap lets stageManagedFile see, and refuse, an oversized file.
      limits: { fileSize: config.originMaxBytes + 1, files: 1, fields: 5, fieldSize: 4096 },
      throwFileSizeLimit: false,
    });

    scoped.post<{ Params: { id: string } }>('/sources/:id/files', async (request, reply) => {
      const auth = requireAuth(request);
      const source = await loadSource(app, request, 'account', request.params.id);
      refuseDemoEdit(source);
      const target = await uploadTarget(app, source, { parameter: 'file' });
      if (!request.isMultipart()) {
        throw apiError('unsupported_media_type', 'Send the file as multipart/form-data.');
      }
      const boundary = multipartBoundary(request.headers['content-type']);
      if (boundary === null) {
        throw apiError(
          'bad_request',
          'The multipart/form-data content type needs its boundary parameter (boundary=...).',
        );
      }
      let requestedPath: string | undefined;
      let staged: StagedFile | undefined;
      let stored: StorageObject | undefined;
      try {
        const parts = request.parts();
        const closed = watchCloseDelimiter(request.raw, boundary);
        for (;;) {
          const next = await parts.next().catch((error: unknown) => {
            throw malformedBody(error);
          });
          if (next.done === true) break;
          const part = next.value;
          if (part.type === 'field') {
            if (part.fieldname === 'path') requestedPath = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || staged !== undefined) {
            part.file.resume();
            continue;
          }
          const relative = uploadPath(requestedPath ?? part.filename);
          if (relative === null) {
            part.file.resume();
            throw apiError(
              'validation_failed',
              'Give a relative path without .. segments, backslashes or a leading slash.',
              { parameter: 'path' },
            );
          }
          staged = await (
            target.kind === 'managed'
              ? stageManagedFile(
                  origins.options.managedFiles,
                  source.id,
                  relative,
                  part.file,
                  config.originMaxBytes,
                )
              : stageCustomerFile(
                  target.adapter,
                  relative,
                  part.file,
                  config.originMaxBytes,
                  uploadContentType(part.mimetype, relative),
                )
          ).catch((error: unknown) => {
            if (target.kind === 'customer') request.log.warn({ err: error }, 'upload: refused');
            throw (
              (target.kind === 'customer' ? customerStorageRefusal(error) : null) ??
              refusedUpload(error, config.originMaxBytes, request.log, part.file)
            );
          });
        }
        // Only a body that closed is whole: one cut short after the file's part keeps nothing.
        if (!closed()) throw malformedBody(null);
        if (staged === undefined) {
          throw apiError('validation_failed', 'Attach the file in the field named file.', {
            parameter: 'file',
          });
        }
        stored = await staged.commit().catch((error: unknown) => {
          throw (
            (target.kind === 'customer' ? customerStorageRefusal(error) : null) ??
            refusedUpload(error, config.originMaxBytes, request.log)
          );
        });
      } finally {
        if (stored === undefined) await staged?.discard();
      }
      const contentType =
        target.kind === 'managed' ? sniffContentType(staged.head) : (stored.contentType ?? '');
      await indexUpload(request, indexDeps, source, stored, contentType, auth.user.id);
      return sendData(reply, 201, {
        type: 'files',
        id: stored.path,
        attributes: { path: stored.path, size: stored.size, content_type: contentType },
      });
    });
  });
}

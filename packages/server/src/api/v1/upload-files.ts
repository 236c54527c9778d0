// What imgix's upload endpoint and upload sessions share (docs.imgix.com/apis/management/assets,
// "Uploading"): the file is the raw request body, sent to a path of a managed storage source;
// an existing file is replaced only with ?overwrite=true, which also needs the Purge group
// ("Asset Edit, Asset Purge") since the file's cached renders are purged.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SourceRow } from '../../db/schema.ts';
import { apiError } from '../../errors.ts';
import { StorageError } from '../../storage/index.ts';
import type { MediaBodyDoc } from '../openapi/operation-doc.ts';
import { checkRouteRule } from '../route-permissions.ts';
import { uploadPath } from '../source-files.ts';
import { queryBoolean } from './list-parameters.ts';

/** The query of the upload routes. */
export const uploadQuerySchema = z.strictObject({
  overwrite: queryBoolean('overwrite').optional(),
});

/** `overwrite`, as the reference explains it. */
export const OVERWRITE_DESCRIPTION =
  '`true` replaces a file already at the path (its cached renders are purged); this needs the Purge permission group too, as imgix\'s overwrite needs "Asset Edit, Asset Purge". Without it, a file already there is answered 409.';

/**
 * The body of an upload, for the reference: the file's own bytes. OpenAPI 3.1 describes one
 * media type per entry; any type but the JSON and multipart ones requireFileBody refuses is taken.
 */
export function fileBodyDoc(maxBytes: number): MediaBodyDoc {
  return {
    mediaType: 'application/octet-stream',
    description: `The file's own bytes, at most ${maxBytes} bytes, sent as \`application/octet-stream\` or as the file's type (\`image/png\`, \`video/mp4\`, ...), never as JSON or a multipart form. The type stored is read from the file's first bytes.`,
    schema: z.file(),
  };
}

/**
 * Lets a scope's routes read their body themselves (request.raw): any media type but the JSON
 * ones the app parses, which the upload handlers refuse, as no file is sent as a JSON document.
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

/** 415 for bodies that are no file's bytes; 400 for a request without a body. */
export function requireFileBody(request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.endsWith('json') || type.startsWith('multipart/')) {
    throw apiError(
      'unsupported_media_type',
      "Send the file's own bytes as the request body (for example application/octet-stream or image/png), not a JSON document or a form.",
    );
  }
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  if ((length === undefined && !chunked) || length === '0') {
    throw apiError('bad_request', "Send the file's bytes as the request body.");
  }
}

/** The path an upload URL names (already decoded), checked as /api/v4's uploads check theirs. */
export function uploadRelativePath(originPath: string): string {
  const relative = uploadPath(originPath.replace(/^\//, ''));
  if (relative === null) {
    throw apiError(
      'validation_failed',
      'Give a relative path without .. segments, backslashes or control characters.',
      { parameter: 'origin_path' },
    );
  }
  return relative;
}

/**
 * Refuses to replace a file unless asked to (409), and asks the Purge group of a replacement:
 * imgix's `?overwrite=true` needs "Asset Edit, Asset Purge".
 */
export async function checkOverwrite(
  app: FastifyInstance,
  request: FastifyRequest,
  source: SourceRow,
  relative: string,
  overwrite: boolean,
): Promise<void> {
  if (overwrite) {
    checkRouteRule(request, 'purge');
    return;
  }
  const adapter = await app.darkroom.origins.adapterFor(source);
  const exists = await adapter.head(relative).then(
    () => true,
    (error: unknown) => {
      if (error instanceof StorageError && error.kind === 'not_found') return false;
      throw error;
    },
  );
  if (exists) {
    throw apiError(
      'conflict',
      `A file already exists at /${relative}. Add ?overwrite=true to replace it (this needs the Purge group too).`,
      { parameter: 'overwrite' },
    );
  }
}

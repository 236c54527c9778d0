// Where a dashboard upload (`POST /sources/{id}/files`) goes: a managed storage source's files in
// the install's object store, or a storage source's own bucket or container written with its
// upload credentials (spec platform section 3). Any other source is read-only, and the refusal
// says why and how to enable uploads.
import { takesUploadCredentials, type ErrorSource } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import type { SourceRow } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { contentTypeOf } from '../storage/managed.ts';
import { writingAdapter, type WritingAdapter } from '../storage/customer-writes.ts';
import { StorageError } from '../storage/types.ts';
import { decryptUploadCredentials } from '../storage/upload-credentials.ts';

export type UploadTarget = { kind: 'managed' } | { kind: 'customer'; adapter: WritingAdapter };

/** Why a source cannot take uploads, and what to do about it. */
export function readOnlyReason(source: Pick<SourceRow, 'type'>): string {
  return takesUploadCredentials(source.type)
    ? 'This source is read-only: Darkroom has no upload credentials for its storage. Add upload credentials on the source page to upload into your own storage.'
    : 'This source reads its images from a web server, which Darkroom cannot upload to. Upload to the web server itself, or use a storage or Darkroom Storage source.';
}

export async function uploadTarget(
  app: FastifyInstance,
  source: SourceRow,
  blame: ErrorSource,
): Promise<UploadTarget> {
  if (source.type === 'darkroom_storage') return { kind: 'managed' };
  const { origins, secrets } = app.darkroom;
  const credentials = takesUploadCredentials(source.type)
    ? decryptUploadCredentials(secrets, source.upload_credentials)
    : null;
  const adapter =
    credentials === null ? null : await writingAdapter(origins, secrets, source, credentials);
  if (adapter === null) throw apiError('validation_failed', readOnlyReason(source), blame);
  return { kind: 'customer', adapter };
}

/**
 * The Content-Type stored with an upload into the customer's storage, which delivery answers
 * with: the one the browser sent with the file's part, else the one its name says.
 */
export function uploadContentType(declared: string | undefined, path: string): string {
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) && type !== 'application/octet-stream'
    ? type
    : contentTypeOf(path);
}

/**
 * The answer to an upload the customer's storage refused (its keys revoked, the bucket gone):
 * nothing was stored, and the upload credentials are what to check.
 */
export function customerStorageRefusal(error: unknown): Error | null {
  if (!(error instanceof StorageError) || error.kind === 'too_large') return null;
  if (error.kind === 'not_found') return null;
  return apiError(
    'invalid_source_config',
    'Your storage refused the upload, so nothing was stored. Check the upload credentials on the source page, then try again.',
  );
}

// What a failed call to the install's S3 bucket means to its callers: a missing object, a
// passing outage (retried: timeouts, unreachable, 5xx), or a store that refuses (its settings).
import { S3ServiceException } from '@aws-sdk/client-s3';
import { errorCode } from '../../net/guarded-fetch-error.ts';
import { storageError } from '../errors.ts';
import { StorageError } from '../types.ts';

const TYPE = 'darkroom_storage';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
]);

/** Maps an SDK or network failure of the object store to a StorageError. */
export function objectStoreError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const name = error instanceof Error ? error.name : '';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const options = { cause: error };
  // HEAD answers have no body, so the SDK only knows their status.
  if (name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && name !== 'NoSuchBucket')) {
    return storageError('not_found', TYPE, options);
  }
  if (name === 'InvalidRange' || status === 416) {
    return new StorageError('origin_error', 'The requested range is not in the file.', options);
  }
  if (name === 'TimeoutError' || name === 'AbortError' || name === 'RequestTimeout') {
    return storageError('timeout', TYPE, options);
  }
  const code = errorCode(error);
  if (code === 'ETIMEDOUT' || code === 'ECONNABORTED')
    return storageError('timeout', TYPE, options);
  // A 5xx (SlowDown, InternalError) passes like an unreachable store: callers retry both.
  if ((code !== null && UNREACHABLE_CODES.has(code)) || (status !== undefined && status >= 500)) {
    return storageError('unreachable', TYPE, options);
  }
  // Refusals (AccessDenied, NoSuchBucket, SignatureDoesNotMatch) are the install's settings at
  // fault, not the customer's: named for the operator's log, never with a key in them.
  return new StorageError(
    'origin_error',
    `The object store refused the request (${name || 'no answer'}).`,
    options,
  );
}

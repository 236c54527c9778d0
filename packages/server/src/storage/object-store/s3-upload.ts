// Staging an object in an S3 bucket without holding it whole in memory and without making any of
// it visible early. A body that fits in one part is kept in memory and sent with PutObject on
// commit; a larger one goes up as a multipart upload, whose parts S3 keeps invisible until
// CompleteMultipartUpload assembles them (the AWS S3 User Guide, "Uploading and copying objects
// using multipart upload"), so commit is that one call and discard aborts the upload.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { storageError } from '../errors.ts';
import type { PendingObject, StageOptions, StoredObject } from './types.ts';

/**
 * Bytes per part: S3 refuses parts under 5 MiB but the last; 8 MiB is the AWS CLI's default
 * part size and multipart threshold. At most this much of one upload is in memory at a time.
 */
export const PART_BYTES = 8 * 1024 * 1024;
/** The first part's buffer, doubled as it fills: a small upload holds little more than itself. */
const FIRST_BUFFER_BYTES = 64 * 1024;

export interface UploadTarget {
  client: S3Client;
  bucket: string;
  /** The object's full key in the bucket. */
  fullKey: string;
  /** The key the caller named, relative to its store. */
  key: string;
  /** Bounds each call; the whole of a large upload takes longer. */
  signal: () => AbortSignal;
  /** Turns an SDK failure into a StorageError. */
  mapError: (error: unknown) => Error;
}

/** Reads `body` to its end into an object not yet visible at `target.fullKey`. */
export async function stageS3Object(
  target: UploadTarget,
  body: AsyncIterable<Buffer>,
  options: StageOptions,
): Promise<PendingObject> {
  const { client, bucket, fullKey } = target;
  const send = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw target.mapError(error);
    }
  };
  // The part being filled; a chunk is copied in once, and the part sent as it is.
  let part = Buffer.allocUnsafe(FIRST_BUFFER_BYTES);
  let filled = 0;
  let size = 0;
  let uploadId: string | null = null;
  const parts: CompletedPart[] = [];

  const sendPart = async (): Promise<void> => {
    const bytes = part.subarray(0, filled);
    // The next part is allocated when its first byte arrives: none after the last.
    part = Buffer.alloc(0);
    filled = 0;
    uploadId ??=
      (
        await send(() =>
          client.send(
            new CreateMultipartUploadCommand({
              Bucket: bucket,
              Key: fullKey,
              ContentType: options.contentType,
            }),
            { abortSignal: target.signal() },
          ),
        )
      ).UploadId ?? null;
    if (uploadId === null) throw target.mapError(new Error('The store gave no upload id.'));
    const id = uploadId;
    const partNumber = parts.length + 1;
    const answer = await send(() =>
      client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: fullKey,
          UploadId: id,
          PartNumber: partNumber,
          Body: bytes,
          ContentLength: bytes.length,
        }),
        { abortSignal: target.signal() },
      ),
    );
    parts.push({ PartNumber: partNumber, ETag: answer.ETag });
  };

  // Parts already sent are invisible, but they cost storage until the upload is aborted. A store
  // that cannot abort (or is gone) leaves them to the bucket's lifecycle rule
  // (AbortIncompleteMultipartUpload).
  const abort = async (): Promise<void> => {
    if (uploadId === null) return;
    const id = uploadId;
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: fullKey, UploadId: id }), {
        abortSignal: target.signal(),
      })
      .catch(() => {});
  };

  try {
    // Leaving this loop early (an error, the cap passed) ends `body` (a stream is destroyed).
    for await (const chunk of body) {
      size += chunk.length;
      if (size > options.maxBytes) throw storageError('too_large', 'darkroom_storage');
      for (let offset = 0; offset < chunk.length;) {
        if (filled === part.length) {
          // The first part grows as it fills; once one was sent, every part is a whole one.
          const capacity =
            uploadId === null
              ? Math.min(Math.max(part.length * 2, FIRST_BUFFER_BYTES), PART_BYTES)
              : PART_BYTES;
          const grown = Buffer.allocUnsafe(capacity);
          part.copy(grown, 0, 0, filled);
          part = grown;
        }
        const copied = chunk.copy(part, filled, offset);
        filled += copied;
        offset += copied;
        if (filled === PART_BYTES) await sendPart();
      }
    }
    // The last part may be smaller than 5 MiB; a body that filled no part is put whole on commit.
    if (uploadId !== null && filled > 0) await sendPart();
  } catch (error) {
    await abort();
    throw error;
  }

  const stored = (etag: string | undefined): StoredObject => ({
    key: target.key,
    size,
    lastModified: new Date(),
    etag: etag ?? '""',
  });

  if (uploadId === null) {
    const whole = part.subarray(0, filled);
    return {
      size,
      async commit() {
        const answer = await send(() =>
          client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: fullKey,
              Body: whole,
              ContentLength: whole.length,
              ContentType: options.contentType,
            }),
            { abortSignal: target.signal() },
          ),
        );
        return stored(answer.ETag);
      },
      async discard() {},
    };
  }
  const id: string = uploadId;
  return {
    size,
    async commit() {
      const answer = await send(() =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: fullKey,
            UploadId: id,
            MultipartUpload: { Parts: parts },
          }),
          { abortSignal: target.signal() },
        ),
      );
      return stored(answer.ETag);
    },
    discard: abort,
  };
}

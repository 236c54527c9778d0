import type { Readable } from 'node:stream';
import { readAll } from '../net/read-all.ts';
import type { StorageAdapter, StorageObject } from '../storage/types.ts';
import { SNIFF_BYTES } from './sniff-media.ts';

/** Files up to this size are read whole at once instead of sniffed first. */
const WHOLE_READ_BYTES = 256 * 1024;

/** The first `limit` bytes, then lets go of the stream (an origin may ignore the range). */
async function readPrefix(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= limit) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

export interface ObjectBytes {
  /** The whole file, or only its first bytes when `complete` is false. */
  bytes: Buffer;
  complete: boolean;
  /** What the origin said about the object when it sent the bytes. */
  object: StorageObject;
}

/** The whole object, as one `get`. */
export async function readWhole(adapter: StorageAdapter, path: string): Promise<ObjectBytes> {
  const answer = await adapter.get(path);
  const bytes = await readAll(answer.body);
  return { bytes, complete: true, object: { ...answer, size: answer.size ?? bytes.length } };
}

/**
 * Small files whole; larger ones only their first bytes, so a 50 MB archive is never fetched
 * to learn that it is not an image. The caller reads the rest with readWhole when it must.
 */
export async function readForSniffing(
  adapter: StorageAdapter,
  object: StorageObject,
): Promise<ObjectBytes> {
  if (object.size !== null && object.size <= WHOLE_READ_BYTES) {
    return readWhole(adapter, object.path);
  }
  const answer = await adapter.get(object.path, { start: 0, end: SNIFF_BYTES - 1 });
  const bytes = await readPrefix(answer.body, SNIFF_BYTES);
  // A ranged answer's size is the range's: the listing's size is the file's.
  return { bytes, complete: false, object: { ...answer, size: object.size ?? answer.size } };
}

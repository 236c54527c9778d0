// A finished generation's MP4 is kept in the install's object store (the data directory, or
// OBJECT_STORE_URL's bucket), never in a customer's storage: any process can then serve it.
import { Readable } from 'node:stream';
import {
  VIDEO_GENERATIONS_FOLDER,
  putObject,
  type ObjectStore,
} from '../storage/object-store/index.ts';

/** The key of a generation's MP4 in the object store. */
export function videoGenerationKey(id: string): string {
  return `${VIDEO_GENERATIONS_FOLDER}/${id}.mp4`;
}

/** Stored whole or not at all, so a reader never sees half a video. */
export async function storeVideoGeneration(
  store: ObjectStore,
  id: string,
  mp4: Buffer,
): Promise<void> {
  await putObject(store, videoGenerationKey(id), Readable.from([mp4]), {
    maxBytes: mp4.length,
    contentType: 'video/mp4',
  });
}

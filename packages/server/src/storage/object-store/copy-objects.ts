// Copies the objects below some folders of one store into another, keys unchanged: how an install
// moves its data directory's files into OBJECT_STORE_URL's bucket (`npm run objects:migrate`).
import { StorageError } from '../types.ts';
import { putObject, type ObjectStore, type StoredObject } from './types.ts';

export interface CopyCounts {
  copied: number;
  /** Already in the target with the same size: copied by an earlier run. */
  skipped: number;
  failed: number;
  /** Bytes copied. */
  bytes: number;
}

export interface CopyOptions {
  /** The media type recorded for a key in the target. */
  contentTypeOf(key: string): string;
  /** Told of each object that could not be copied; the copy goes on with the next. */
  onFailure(key: string, error: unknown): void;
  /** Told after each object, for progress. */
  onObject?(counts: Readonly<CopyCounts>): void;
}

/** Every object below `folder/`, folder by folder, a page at a time. */
async function* objectsBelow(store: ObjectStore, folder: string): AsyncGenerator<StoredObject> {
  const pending = [`${folder}/`];
  for (let prefix = pending.pop(); prefix !== undefined; prefix = pending.pop()) {
    let cursor: string | null = null;
    do {
      const page = await store.list(prefix, cursor);
      yield* page.objects;
      pending.push(...page.folders);
      cursor = page.cursor;
    } while (cursor !== null);
  }
}

/** The size of `key` in `store`, or null when it has none. */
async function sizeIn(store: ObjectStore, key: string): Promise<number | null> {
  try {
    return (await store.head(key)).size;
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not_found') return null;
    throw error;
  }
}

/**
 * Copies each object below `folders` of `from` that `to` lacks (or holds at another size), so a
 * run cut short is finished by running it again. Each object is streamed, and visible in `to`
 * only once whole.
 */
export async function copyObjects(
  from: ObjectStore,
  to: ObjectStore,
  folders: readonly string[],
  options: CopyOptions,
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  for (const folder of folders) {
    for await (const object of objectsBelow(from, folder)) {
      try {
        if ((await sizeIn(to, object.key)) === object.size) {
          counts.skipped += 1;
        } else {
          const source = await from.get(object.key);
          const copied = await putObject(to, object.key, source.body, {
            // The file as it is now: one that changed since it was listed is copied as it is.
            maxBytes: Number.MAX_SAFE_INTEGER,
            contentType: options.contentTypeOf(object.key),
          });
          counts.copied += 1;
          counts.bytes += copied.size;
        }
      } catch (error) {
        counts.failed += 1;
        options.onFailure(object.key, error);
      }
      options.onObject?.(counts);
    }
  }
  return counts;
}

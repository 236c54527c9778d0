// The install's object store: the files Darkroom creates (managed storage, generated videos), in
// the data directory or, with OBJECT_STORE_URL, in a bucket every process shares.
import type { Config } from '../../config.ts';
import { localObjectStore } from './local.ts';
import { s3ObjectStore } from './s3.ts';
import type { ObjectStore } from './types.ts';

export * from './types.ts';
export { isObjectKey } from './keys.ts';
export { localObjectStore } from './local.ts';
export { s3ObjectStore, type S3ObjectStoreSettings } from './s3.ts';

/** Key folders of the store: managed storage files, `managed/{sourceId}/{path}`. */
export const MANAGED_FOLDER = 'managed';
/** Generated videos, `video-generations/{id}.mp4`. */
export const VIDEO_GENERATIONS_FOLDER = 'video-generations';

export type ObjectStoreConfig = Pick<Config, 'dataDir' | 'objectStore'>;

/** The bucket of OBJECT_STORE_URL, or the data directory without it. */
export function createObjectStore(config: ObjectStoreConfig): ObjectStore {
  return config.objectStore === null
    ? localObjectStore(config.dataDir)
    : s3ObjectStore(config.objectStore);
}

/**
 * The store a server process keeps its files in. Several processes on one PostgreSQL each
 * keeping files in their own data directory answer 404 for the others' files, but one process
 * on PostgreSQL is a sound install: a warning, not a refusal.
 */
export function installObjectStore(
  config: ObjectStoreConfig & Pick<Config, 'databaseUrl'>,
  log: { warn(message: string): void },
): ObjectStore {
  if (config.databaseUrl !== null && config.objectStore === null) {
    log.warn(
      'DATABASE_URL is set without OBJECT_STORE_URL: managed storage files and generated videos created on this process stay in its DATA_DIR, and other processes sharing the database cannot read them.',
    );
  }
  return createObjectStore(config);
}

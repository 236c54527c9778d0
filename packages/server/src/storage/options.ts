// The options every storage adapter of this install is built with, from the configuration.
import { mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { DEFAULT_FETCH_LIMITS } from '../net/fetch-limits.ts';
import { managedFilesOf } from './managed.ts';
import { localObjectStore, type ObjectStore } from './object-store/index.ts';
import type { StorageOptions } from './types.ts';

/** The settings the storage adapters are built from. */
export type StorageConfig = Pick<
  Config,
  | 'dataDir'
  | 's3EndpointOverride'
  | 'azureEndpointOverride'
  | 'allowPrivateOrigins'
  | 'originMaxBytes'
>;

/** The demo source's images, shipped with the server (spec platform section 9). */
const DEMO_IMAGES_DIR = fileURLToPath(new URL('../../demo-images/', import.meta.url));

function originLimits(config: StorageConfig): Omit<StorageOptions, 'managedFiles'> {
  return {
    ...DEFAULT_FETCH_LIMITS,
    s3EndpointOverride: config.s3EndpointOverride,
    azureEndpointOverride: config.azureEndpointOverride,
    allowPrivateOrigins: config.allowPrivateOrigins,
    maxBytes: config.originMaxBytes,
  };
}

/** The options of this install's adapters; managed storage files in `objectStore`. */
export function storageOptions(config: StorageConfig, objectStore: ObjectStore): StorageOptions {
  return { ...originLimits(config), managedFiles: managedFilesOf(objectStore) };
}

/**
 * Storage options under which the managed adapter (which reads `{sourceId}/` of its managed
 * files) finds the demo source's images: a folder in the data directory holding one link, named
 * after the demo source's id, to the images shipped in packages/server/demo-images. They ship
 * with every process, so they stay on disk whatever the object store.
 */
export function demoStorageOptions(config: StorageConfig, demoSourceId: string): StorageOptions {
  const root = path.join(config.dataDir, 'demo-storage');
  const link = path.join(root, demoSourceId);
  mkdirSync(root, { recursive: true });
  let current: string | null = null;
  try {
    current = readlinkSync(link);
  } catch {
    current = null;
  }
  if (current !== DEMO_IMAGES_DIR) {
    // A checkout that moved leaves a link to the old place behind.
    rmSync(link, { force: true });
    symlinkSync(DEMO_IMAGES_DIR, link, 'dir');
  }
  return { ...originLimits(config), managedFiles: localObjectStore(root) };
}

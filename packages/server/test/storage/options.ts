import os from 'node:os';
import path from 'node:path';
import { localObjectStore } from '../../src/storage/object-store/index.ts';
import type { StorageOptions } from '../../src/storage/types.ts';

/** Storage options for tests: loopback origins allowed, small limits so failures come fast. */
export function testStorageOptions(overrides: Partial<StorageOptions> = {}): StorageOptions {
  return {
    s3EndpointOverride: null,
    azureEndpointOverride: null,
    allowPrivateOrigins: true,
    maxBytes: 1_000_000,
    connectTimeoutMs: 2_000,
    requestTimeoutMs: 5_000,
    maxRedirects: 5,
    managedFiles: localObjectStore(path.join(os.tmpdir(), 'darkroom-managed-unused')),
    ...overrides,
  };
}

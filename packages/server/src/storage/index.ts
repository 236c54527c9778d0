// The one entry point the API, the deployment job and delivery use to reach an origin: the
// adapter of a configuration (createStorageAdapter), behind a factory tests can replace.
import type { SourceConfiguration } from '@darkroom/core';
import type { Agent } from 'undici';
import { createAzureAdapter, azureSettings } from './azure.ts';
import { createManagedAdapter } from './managed.ts';
import { createS3Adapter, s3Settings } from './s3.ts';
import type { StorageAdapter, StorageContext, StorageOptions } from './types.ts';
import { StorageError } from './types.ts';
import { createWebFolderAdapter } from './web-folder.ts';
import { createWebProxyAdapter } from './web-proxy.ts';

export * from './types.ts';
export {
  managedFilesOf,
  putManagedFile,
  sanitizeManagedPath,
  stageManagedFile,
  type StagedFile,
} from './managed.ts';

/**
 * The adapter for a source configuration (`production`: `type`, `storage_provider` and the
 * provider's credential fields). `context.sourceId` is required for `darkroom_storage`;
 * `context.agent` replaces the guarded HTTP agent of web folders and web proxies (tests);
 * `context.originAuth` is what they send their origin to authenticate.
 */
export function createStorageAdapter(
  configuration: Readonly<Record<string, unknown>>,
  options: StorageOptions,
  context: StorageContext & { agent?: Agent } = {},
): StorageAdapter {
  switch (configuration.type) {
    case 's3':
    case 's3_compatible':
    case 'gcs':
      return createS3Adapter(s3Settings(configuration), options);
    case 'azure':
      return createAzureAdapter(azureSettings(configuration), options);
    case 'webfolder':
      return createWebFolderAdapter(configuration, options, context.agent, context.originAuth);
    case 'webproxy':
      return createWebProxyAdapter(options, context.agent, context.originAuth);
    case 'darkroom_storage':
      if (context.sourceId === undefined) {
        throw new StorageError('origin_error', 'Managed storage needs the source id.');
      }
      return createManagedAdapter(options, context.sourceId);
    default:
      throw new StorageError('origin_error', 'This is not a valid source type.', {
        field: 'type',
      });
  }
}

/** Builds the adapter of a source configuration (its secrets in plain text). */
export type StorageAdapterFactory = (
  configuration: SourceConfiguration,
  options: StorageOptions,
  context?: StorageContext,
) => StorageAdapter | Promise<StorageAdapter>;

/** The real adapters; tests pass their own factory to buildApp to put fakes in their place. */
export const defaultStorageAdapterFactory: StorageAdapterFactory = (
  configuration,
  options,
  context,
) => createStorageAdapter(configuration, options, context ?? {});

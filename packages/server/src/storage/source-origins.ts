// The one way the server reaches a stored source's origin: its configuration read from the row
// (secrets decrypted), the install's storage options (the demo source's own for the demo), and
// the adapter factory (tests replace it).
import type { SourceConfiguration } from '@darkroom/core';
import type { SecretBox } from '../crypto/secrets.ts';
import type { SourceRow } from '../db/schema.ts';
import { configurationOf } from '../store/source-configuration.ts';
import type { StorageAdapterFactory } from './index.ts';
import type { ObjectStore } from './object-store/index.ts';
import { decryptOriginAuth } from './origin-auth.ts';
import { demoStorageOptions, storageOptions, type StorageConfig } from './options.ts';
import type { StorageAdapter, StorageContext, StorageOptions } from './types.ts';

/**
 * What an adapter is built from: the row's type, provider, credentials, origin authentication
 * and demo flag.
 */
type OriginSource = Pick<
  SourceRow,
  'id' | 'is_demo' | 'type' | 'storage_provider' | 'credentials' | 'origin_auth'
>;

export interface SourceOrigins {
  /** The options of every adapter of this install (limits, managed storage files). */
  readonly options: StorageOptions;
  /** The adapter of a stored source's origin. */
  adapterFor(source: OriginSource): Promise<StorageAdapter>;
  /** The adapter of a configuration not stored yet (a check before saving it). */
  adapterForConfiguration(
    configuration: SourceConfiguration,
    context?: StorageContext,
  ): Promise<StorageAdapter>;
}

export interface SourceOriginsDependencies {
  secrets: SecretBox;
  factory: StorageAdapterFactory;
  options: StorageOptions;
  /**
   * The options of the demo source's adapter (demoStorageOptions links the images shipped with
   * the server into the data directory); without it the demo reads managed storage.
   */
  demoOptions?: (demoSourceId: string) => StorageOptions;
}

export function createSourceOrigins(deps: SourceOriginsDependencies): SourceOrigins {
  const { options } = deps;
  return {
    options,
    async adapterFor(source) {
      // The demo source reads the images shipped with the server (spec platform section 9).
      const sourceOptions =
        source.is_demo && deps.demoOptions !== undefined ? deps.demoOptions(source.id) : options;
      return deps.factory(configurationOf(deps.secrets, source), sourceOptions, {
        sourceId: source.id,
        originAuth: decryptOriginAuth(deps.secrets, source.origin_auth),
      });
    },
    async adapterForConfiguration(configuration, context) {
      return deps.factory(configuration, options, context);
    },
  };
}

/**
 * The origins of this install: its storage options (managed storage files in `objectStore`),
 * and the shipped images for the demo.
 */
export function installOrigins(
  config: StorageConfig,
  secrets: SecretBox,
  factory: StorageAdapterFactory,
  objectStore: ObjectStore,
): SourceOrigins {
  return createSourceOrigins({
    secrets,
    factory,
    options: storageOptions(config, objectStore),
    demoOptions: (demoSourceId) => demoStorageOptions(config, demoSourceId),
  });
}

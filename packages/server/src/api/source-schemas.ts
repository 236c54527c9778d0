import {
  newSourceSchema,
  productionSettingsPatchSchema,
  sourceConfigurationSchema,
  type SourceSchemaOptions,
} from '@darkroom/core';
import type { Config } from '../config.ts';

function buildSchemas(options: SourceSchemaOptions) {
  return {
    configuration: sourceConfigurationSchema(options),
    newSource: newSourceSchema(options),
    settingsPatch: productionSettingsPatchSchema(options),
  };
}

export type SourceSchemas = ReturnType<typeof buildSchemas>;

// Building the schemas takes tens of milliseconds, so each set is built once per process for
// its options (tests build many apps with the same settings).
const cache = new Map<string, SourceSchemas>();

/** The source schemas for the configured delivery domain and private-origin switch. */
export function sourceSchemasFor(
  config: Pick<Config, 'deliveryDomain' | 'allowPrivateOrigins'>,
): SourceSchemas {
  const options = {
    deliveryDomain: config.deliveryDomain,
    allowPrivateOrigins: config.allowPrivateOrigins,
  };
  const key = JSON.stringify(options);
  let schemas = cache.get(key);
  if (schemas === undefined) {
    schemas = buildSchemas(options);
    cache.set(key, schemas);
  }
  return schemas;
}

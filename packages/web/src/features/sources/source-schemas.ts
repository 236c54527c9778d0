import {
  customDomainSchema,
  productionSettingsPatchSchema,
  sourceConfigurationSchema,
  type SourceSchemaOptions,
} from '@darkroom/core';
import type { PlatformSettings } from '../../api/platform-settings.ts';

export interface SourceSchemas {
  configuration: ReturnType<typeof sourceConfigurationSchema>;
  settingsPatch: ReturnType<typeof productionSettingsPatchSchema>;
  customDomain: ReturnType<typeof customDomainSchema>;
}

// Building the schemas takes tens of milliseconds, so each set of settings builds them once.
const cache = new Map<string, SourceSchemas>();

/** The shared validation rules with the server's options (delivery domain, private origins). */
export function schemasFor(settings: PlatformSettings): SourceSchemas {
  const options: SourceSchemaOptions = {
    deliveryDomain: settings.delivery_domain,
    allowPrivateOrigins: settings.allow_private_origins,
  };
  const key = `${options.deliveryDomain}|${String(options.allowPrivateOrigins)}`;
  let schemas = cache.get(key);
  if (!schemas) {
    schemas = {
      configuration: sourceConfigurationSchema(options),
      settingsPatch: productionSettingsPatchSchema(options),
      customDomain: customDomainSchema(options.deliveryDomain),
    };
    cache.set(key, schemas);
  }
  return schemas;
}

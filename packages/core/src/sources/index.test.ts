import { describe, expect, it } from 'vitest';
import * as core from '../index.ts';

describe('the public API of the source domain', () => {
  it('is exported from @darkroom/core', () => {
    for (const name of [
      'SOURCE_TYPE_LABELS',
      'PROVIDER_CARDS',
      'deriveSourceType',
      'displayStatus',
      'S3_COMPATIBLE_PRESETS',
      'fieldsFor',
      'requiredFieldsFor',
      'pickProviderFields',
      'accessKeySchema',
      'azureSasSchema',
      's3CompatibleEndpointSchema',
      'subdomainSchema',
      'customDomainSchema',
      'webfolderUrlSchema',
      'isPrivateOrLoopbackIp',
      'sourceConfigurationSchema',
      'productionSettingsSchema',
      'mapServerError',
      'mapDomainValidationError',
      'defaultSubdomain',
    ]) {
      expect(core, name).toHaveProperty(name);
    }
  });

  it('keeps the platform URL wrapper internal', () => {
    expect(core).not.toHaveProperty('parseUrl');
  });
});

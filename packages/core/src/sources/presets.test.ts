import { describe, expect, it } from 'vitest';
import { endpointProblem } from './endpoints.ts';
import { R2_ACCOUNT_ID_PLACEHOLDER, S3_COMPATIBLE_PRESETS, r2Endpoint } from './presets.ts';

describe('S3-compatible presets', () => {
  it('defaults each provider to the endpoint and region of spec section 3', () => {
    expect(S3_COMPATIBLE_PRESETS.digitalocean).toMatchObject({
      endpoint: 'nyc3.digitaloceanspaces.com',
      region: 'nyc3',
    });
    expect(S3_COMPATIBLE_PRESETS.linode).toMatchObject({
      endpoint: 'us-east-1.linodeobjects.com',
      region: 'us-east-1',
    });
    expect(S3_COMPATIBLE_PRESETS.wasabi).toMatchObject({
      endpoint: 's3.us-west-1.wasabisys.com',
      region: 'us-west-1',
    });
  });

  it('gives R2 an endpoint with an account-id placeholder, region auto and no region field', () => {
    expect(S3_COMPATIBLE_PRESETS.r2.endpoint).toBe(
      `${R2_ACCOUNT_ID_PLACEHOLDER}.r2.cloudflarestorage.com`,
    );
    expect(S3_COMPATIBLE_PRESETS.r2.region).toBe('auto');
    expect(S3_COMPATIBLE_PRESETS.r2.showRegion).toBe(false);
  });

  it('uses default endpoints that pass their own provider rule, except the R2 placeholder', () => {
    expect(endpointProblem(S3_COMPATIBLE_PRESETS.digitalocean.endpoint, 'digitalocean')).toBeNull();
    expect(endpointProblem(S3_COMPATIBLE_PRESETS.linode.endpoint, 'linode')).toBeNull();
    expect(endpointProblem(S3_COMPATIBLE_PRESETS.wasabi.endpoint, 'wasabi')).toBeNull();
    expect(endpointProblem(S3_COMPATIBLE_PRESETS.r2.endpoint, 'r2')).toMatch(/Replace/);
  });

  it('links every preset to an https page about its regions', () => {
    for (const preset of Object.values(S3_COMPATIBLE_PRESETS)) {
      expect(preset.regionHelpUrl).toMatch(/^https:\/\//);
    }
  });

  it('fills the account id into the R2 endpoint, lowercased', () => {
    const accountId = '0123456789ABCDEF0123456789abcdef';
    expect(r2Endpoint(accountId)).toBe('0123456789abcdef0123456789abcdef.r2.cloudflarestorage.com');
    expect(endpointProblem(r2Endpoint(accountId), 'r2')).toBeNull();
  });
});

// The `objectStore` setting group (config/settings.ts) and the warning at start of a process on
// PostgreSQL that keeps its files to itself.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { installObjectStore } from '../../src/storage/object-store/index.ts';
import { testConfig } from '../test-app.ts';

const SECRET = 'a-secret-that-must-never-be-printed-0123';

function configError(env: Record<string, string>): string {
  try {
    testConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('the object store settings', () => {
  it('are unset by default: files stay in DATA_DIR', () => {
    expect(testConfig().objectStore).toBeNull();
  });

  it('read the bucket, prefix, endpoint, region and keys', () => {
    const config = testConfig({
      OBJECT_STORE_URL: 's3://darkroom-files/production/eu/',
      OBJECT_STORE_ENDPOINT: 'http://minio:9000',
      OBJECT_STORE_REGION: 'auto',
      OBJECT_STORE_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      OBJECT_STORE_SECRET_ACCESS_KEY: SECRET,
    });
    expect(config.objectStore).toEqual({
      location: { bucket: 'darkroom-files', prefix: 'production/eu' },
      endpoint: 'http://minio:9000',
      region: 'auto',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: SECRET,
    });
    expect(testConfig({ OBJECT_STORE_URL: 's3://darkroom-files' }).objectStore).toEqual({
      location: { bucket: 'darkroom-files', prefix: '' },
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
    });
  });

  it('refuse one key without the other, naming both and printing neither', () => {
    const url = { OBJECT_STORE_URL: 's3://darkroom-files' };
    const onlySecret = configError({ ...url, OBJECT_STORE_SECRET_ACCESS_KEY: SECRET });
    expect(onlySecret).toContain(
      'OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY must be set together',
    );
    expect(onlySecret).not.toContain(SECRET);
    expect(configError({ ...url, OBJECT_STORE_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toContain(
      'OBJECT_STORE_ACCESS_KEY_ID and OBJECT_STORE_SECRET_ACCESS_KEY must be set together',
    );
  });

  it('refuse an endpoint or keys without the bucket they belong to', () => {
    expect(configError({ OBJECT_STORE_ENDPOINT: 'http://minio:9000' })).toContain(
      'OBJECT_STORE_URL',
    );
    const keysAlone = configError({
      OBJECT_STORE_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      OBJECT_STORE_SECRET_ACCESS_KEY: SECRET,
    });
    expect(keysAlone).toContain('OBJECT_STORE_URL: must be set when OBJECT_STORE_ACCESS_KEY_ID');
    expect(keysAlone).not.toContain(SECRET);
  });

  it('refuse a location that is not s3://bucket/prefix', () => {
    expect(configError({ OBJECT_STORE_URL: 'https://darkroom-files' })).toContain(
      'must be s3://bucket or s3://bucket/prefix',
    );
  });
});

describe('a process on PostgreSQL without OBJECT_STORE_URL', () => {
  const warningsOf = (env: Record<string, string>): string[] => {
    const warnings: string[] = [];
    installObjectStore(testConfig(env), { warn: (message) => warnings.push(message) }).close();
    return warnings;
  };
  const postgres = { DATABASE_URL: 'postgres://darkroom@db.example/darkroom' };

  it('warns once that other processes cannot read its files, and starts', () => {
    const [warning, ...more] = warningsOf(postgres);
    expect(warning).toContain('OBJECT_STORE_URL');
    expect(warning).toContain('other processes sharing the database cannot read them');
    expect(more).toEqual([]);
  });

  it('does not warn with an object store, nor on the embedded database', () => {
    expect(warningsOf({ ...postgres, OBJECT_STORE_URL: 's3://darkroom-files' })).toEqual([]);
    expect(warningsOf({})).toEqual([]);
  });
});

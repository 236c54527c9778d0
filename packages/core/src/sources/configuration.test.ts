import { describe, expect, it } from 'vitest';
import { DAY, YEAR } from '../units/time.ts';
import {
  DEFAULT_PRODUCTION_SETTINGS,
  newSourceSchema,
  productionSettingsPatchSchema,
  productionSettingsSchema,
  sourceConfigurationSchema,
  sourceProductionSchema,
} from './configuration.ts';
import { pointerFromIssuePath } from './field-paths.ts';

const NOW = Date.UTC(2025, 0, 15);
const options = { deliveryDomain: 'darkroom.example', now: NOW };
const configuration = sourceConfigurationSchema(options);

const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const R2_HOST = '0123456789abcdef0123456789abcdef.r2.cloudflarestorage.com';
const SAS = `?sv=2022-11-02&ss=b&srt=co&sp=rl&se=${new Date(NOW + 2 * YEAR).toISOString()}&sig=abc%3D`;

/** `[field, message]` for every issue, or null when the value parses. */
function problems(schema: { safeParse: (value: unknown) => unknown }, value: unknown) {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
  if (result.success) return null;
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('sourceConfigurationSchema', () => {
  it('parses an Amazon S3 configuration and turns an empty prefix into null', () => {
    expect(
      configuration.parse({
        type: 's3',
        aws_access_key: ACCESS_KEY,
        aws_secret_key: SECRET_KEY,
        aws_bucket: 'my-images',
        aws_prefix: '',
      }),
    ).toEqual({
      type: 's3',
      aws_access_key: ACCESS_KEY,
      aws_secret_key: SECRET_KEY,
      aws_bucket: 'my-images',
      aws_prefix: null,
    });
  });

  it('reports each missing required field as required, under its own name', () => {
    expect(problems(configuration, { type: 's3' })).toEqual([
      ['aws_access_key', 'This field is required'],
      ['aws_secret_key', 'This field is required'],
      ['aws_bucket', 'This field is required'],
    ]);
  });

  it('refuses a field of another type at that field, naming the source type', () => {
    expect(
      problems(configuration, {
        type: 'gcs',
        gcs_access_key: 'GOOG1EXAMPLEACCESSKEY',
        gcs_secret_key: SECRET_KEY,
        gcs_bucket: 'photos',
        aws_bucket: 'left-over',
      }),
    ).toEqual([
      ['aws_bucket', 'This field is not used by Google Cloud Storage sources: remove it.'],
    ]);
  });

  it('gives issue paths that become JSON:API pointers of the server fields', () => {
    const result = configuration.safeParse({
      type: 's3',
      aws_access_key: ACCESS_KEY,
      aws_secret_key: SECRET_KEY,
      aws_bucket: 'my..images',
    });
    expect(result.error?.issues.map((issue) => pointerFromIssuePath(issue.path))).toEqual([
      '/data/attributes/configuration/aws_bucket',
    ]);
  });

  it('sets the region of an R2 source to auto and accepts us-east-1', () => {
    const r2 = {
      type: 's3_compatible',
      storage_provider: 'r2',
      access_key_id: 'a'.repeat(32),
      secret_key: 'b'.repeat(64),
      bucket_name: 'photos',
      endpoint_url: R2_HOST,
    };
    expect(configuration.parse(r2)).toMatchObject({ region: 'auto', prefix: null });
    expect(configuration.parse({ ...r2, region: 'us-east-1' })).toMatchObject({
      region: 'us-east-1',
    });
    expect(problems(configuration, { ...r2, region: 'eu-west-1' })).toEqual([
      ['region', 'Cloudflare R2 accepts only the regions auto and us-east-1.'],
    ]);
  });

  it('requires and lowercases the region of Linode, DigitalOcean and Wasabi sources', () => {
    const linode = {
      type: 's3_compatible',
      storage_provider: 'linode',
      access_key_id: 'a'.repeat(20),
      secret_key: 'b'.repeat(40),
      bucket_name: 'photos',
      endpoint_url: 'us-east-1.linodeobjects.com',
    };
    expect(problems(configuration, linode)).toEqual([['region', 'This field is required']]);
    expect(configuration.parse({ ...linode, region: 'US-EAST-1' })).toMatchObject({
      region: 'us-east-1',
    });
  });

  it('checks the endpoint against the chosen provider', () => {
    expect(
      problems(configuration, {
        type: 's3_compatible',
        storage_provider: 'wasabi',
        access_key_id: 'a'.repeat(20),
        secret_key: 'b'.repeat(40),
        bucket_name: 'photos',
        endpoint_url: 'nyc3.digitaloceanspaces.com',
        region: 'us-west-1',
      }),
    ).toEqual([
      [
        'endpoint_url',
        'This is not a valid endpoint URL. Enter a Wasabi endpoint, for example s3.us-west-1.wasabisys.com.',
      ],
    ]);
  });

  it('asks for the storage provider of an S3-compatible source', () => {
    expect(problems(configuration, { type: 's3_compatible' })).toEqual([
      ['storage_provider', 'This field is required'],
    ]);
    expect(problems(configuration, { type: 's3_compatible', storage_provider: 'minio' })).toEqual([
      [
        'storage_provider',
        'Choose a storage provider: Cloudflare R2, DigitalOcean, Linode, Wasabi.',
      ],
    ]);
  });

  it('asks for a type, and refuses an unknown one', () => {
    expect(problems(configuration, {})).toEqual([['type', 'This field is required']]);
    expect(problems(configuration, { type: 'ftp' })).toEqual([
      ['type', 'This is not a valid source type. Choose one of the storage types.'],
    ]);
  });

  it('defaults the Azure service to blob and checks the SAS against the given time', () => {
    const azure = {
      type: 'azure',
      azure_account: 'mystorage',
      azure_bucket: 'images',
      azure_sas_string: SAS,
    };
    expect(configuration.parse(azure)).toMatchObject({ azure_service_type: 'blob' });
    const lastDay = sourceConfigurationSchema({ ...options, now: NOW + YEAR + DAY });
    expect(problems(lastDay, azure)).toBeNull();
    const later = sourceConfigurationSchema({ ...options, now: NOW + YEAR + 2 * DAY });
    expect(problems(later, azure)?.[0]?.[0]).toBe('azure_sas_string');
  });

  it('checks a web folder URL with the delivery domain and the private-origin switch', () => {
    const folder = { type: 'webfolder', webfolder_prefix: 'http://127.0.0.1:9000/images/' };
    expect(problems(configuration, folder)).toEqual([
      ['webfolder_prefix', 'The URL cannot point to a private or loopback address.'],
    ]);
    const local = sourceConfigurationSchema({ ...options, allowPrivateOrigins: true });
    expect(problems(local, folder)).toBeNull();
    expect(
      problems(local, { type: 'webfolder', webfolder_prefix: 'https://a.darkroom.example/' }),
    ).toHaveLength(1);
  });

  it('accepts a web proxy with or without notes and managed storage with no fields', () => {
    expect(configuration.parse({ type: 'webproxy' })).toEqual({
      type: 'webproxy',
      webproxy_info: null,
    });
    expect(configuration.parse({ type: 'webproxy', webproxy_info: 'Supplier images' })).toEqual({
      type: 'webproxy',
      webproxy_info: 'Supplier images',
    });
    expect(configuration.parse({ type: 'darkroom_storage' })).toEqual({
      type: 'darkroom_storage',
    });
    expect(problems(configuration, { type: 'darkroom_storage', aws_bucket: 'x' })).toHaveLength(1);
  });
});

describe('productionSettingsSchema', () => {
  const settings = productionSettingsSchema(options);

  it('fills every missing setting with its default but needs a subdomain', () => {
    expect(settings.parse({ darkroom_subdomains: ['acme'] })).toEqual({
      ...DEFAULT_PRODUCTION_SETTINGS,
      darkroom_subdomains: ['acme'],
    });
    expect(problems(settings, {})).toEqual([['darkroom_subdomains', 'This field is required']]);
    expect(problems(settings, { darkroom_subdomains: [] })).toEqual([
      ['darkroom_subdomains', 'Add at least one subdomain.'],
    ]);
  });

  it('points at the subdomain or custom domain that is invalid or repeated', () => {
    expect(
      problems(settings, {
        darkroom_subdomains: ['acme', 'acme', 'Bad'],
        custom_domains: ['images.example.com', 'Images.Example.com', 'cdn.darkroom.example'],
      }),
    ).toEqual([
      ['custom_domains.2', expect.stringMatching(/^Custom domains must be outside/)],
      ['custom_domains.1', 'This domain is already in the list.'],
      [
        'darkroom_subdomains.2',
        'Subdomains can contain only lowercase letters, numbers and dashes.',
      ],
      ['darkroom_subdomains.1', 'This subdomain is already in the list.'],
    ]);
    expect(problems(settings, { darkroom_subdomains: ['acme', 'acme'] })).toEqual([
      ['darkroom_subdomains.1', 'This subdomain is already in the list.'],
    ]);
    expect(
      problems(settings, {
        darkroom_subdomains: ['acme'],
        custom_domains: ['images.example.com', 'IMAGES.example.com'],
      }),
    ).toEqual([['custom_domains.1', 'This domain is already in the list.']]);
  });

  it('checks TTLs, behaviour, switches and default parameters', () => {
    expect(
      problems(settings, {
        darkroom_subdomains: ['acme'],
        cache_ttl_behavior: 'always',
        cache_ttl_value: 60,
        cache_ttl_error: 0,
        secure_url_enabled: 'yes',
        default_params: { ch: 'Width' },
      }),
    ).toEqual([
      ['cache_ttl_behavior', 'Choose Respect origin, Override origin or Enforce minimum.'],
      ['cache_ttl_value', 'The TTL must be at least 30 minutes (1800 seconds).'],
      ['cache_ttl_error', 'The error TTL must be at least 1 second.'],
      ['default_params.ch', expect.stringContaining('cannot be a default parameter')],
      ['secure_url_enabled', 'Turn this setting on or off.'],
    ]);
  });

  it('takes fallback images with an http(s) URL, append_qs defaulting to false, or null', () => {
    const parsed = settings.parse({
      darkroom_subdomains: ['acme'],
      image_error: { url: 'https://example.com/error.png' },
      image_missing: null,
    });
    expect(parsed.image_error).toEqual({ url: 'https://example.com/error.png', append_qs: false });
    expect(parsed.image_missing).toBeNull();
    expect(
      problems(settings, {
        darkroom_subdomains: ['acme'],
        image_missing: { url: 'ftp://example.com/x.png', append_qs: true },
      })?.[0]?.[0],
    ).toBe('image_missing.url');
  });

  it('refuses unknown settings at their own path', () => {
    expect(problems(settings, { darkroom_subdomains: ['acme'], cache_ttl: 5 })).toEqual([
      ['cache_ttl', 'This field is not used by production settings sources: remove it.'],
    ]);
  });
});

describe('productionSettingsPatchSchema', () => {
  const patch = productionSettingsPatchSchema(options);

  it('accepts a single setting without filling in defaults', () => {
    expect(patch.parse({ cache_ttl_value: 3600 })).toEqual({ cache_ttl_value: 3600 });
    expect(patch.parse({})).toEqual({});
  });

  it('still checks the settings it is given and refuses unknown ones', () => {
    expect(problems(patch, { cache_ttl_value: 31536001 })?.[0]?.[0]).toBe('cache_ttl_value');
    expect(problems(patch, { darkroom_subdomains: [] })?.[0]?.[0]).toBe('darkroom_subdomains');
    expect(problems(patch, { colour: 'red' })?.[0]?.[0]).toBe('colour');
  });
});

describe('sourceProductionSchema and newSourceSchema', () => {
  const production = {
    type: 'webfolder',
    webfolder_prefix: 'https://www.example.com/images/',
    darkroom_subdomains: ['acme-shop'],
  };

  it('combines a configuration with its settings and their defaults', () => {
    expect(sourceProductionSchema(options).parse(production)).toEqual({
      ...DEFAULT_PRODUCTION_SETTINGS,
      ...production,
    });
  });

  it('refuses a setting with a configuration field of another type at its path', () => {
    expect(problems(sourceProductionSchema(options), { ...production, aws_bucket: 'x' })).toEqual([
      ['aws_bucket', 'This field is not used by Web Folder sources: remove it.'],
    ]);
  });

  it('accepts a new source named after its first subdomain', () => {
    expect(newSourceSchema(options).parse({ name: 'acme-shop', production }).name).toBe(
      'acme-shop',
    );
  });

  it('refuses a new source whose name is not its first subdomain', () => {
    expect(problems(newSourceSchema(options), { name: 'Acme', production })).toEqual([
      ['name', 'The name of a new source must be its first subdomain, acme-shop.'],
    ]);
  });

  it('reports production issues under production', () => {
    expect(
      problems(newSourceSchema(options), {
        name: 'acme-shop',
        production: { ...production, webfolder_prefix: 'https://example.com/?x=1' },
      }),
    ).toEqual([
      ['production.webfolder_prefix', 'The URL cannot contain a query string (the part after ?).'],
    ]);
  });
});

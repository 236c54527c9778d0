import { describe, expect, it } from 'vitest';
import {
  endpointHostKind,
  endpointProblem,
  parseEndpoint,
  s3CompatibleEndpointSchema,
} from './endpoints.ts';

const R2_ACCOUNT = '0123456789abcdef0123456789abcdef';

describe('endpointHostKind', () => {
  it.each([
    ['nyc3.digitaloceanspaces.com', 'digitalocean'],
    ['my-bucket.fra1.digitaloceanspaces.com', 'digitalocean'],
    ['s3.wasabisys.com', 'wasabi'],
    ['s3.eu-central-1.wasabisys.com', 'wasabi'],
    ['storage101.dfw1.clouddrive.com', 'rackspace'],
    ['storage101.ord1.rackspacecloud.com', 'rackspace'],
    ['ewr1.vultrobjects.com', 'vultr'],
    ['objects-us-east-1.dream.io', 'dream'],
    ['us-east-1.linodeobjects.com', 'linode'],
    ['s3.us-west-004.backblazeb2.com', 'backblaze'],
    [`${R2_ACCOUNT}.r2.cloudflarestorage.com`, 'r2'],
    [`${R2_ACCOUNT}.eu.r2.cloudflarestorage.com`, 'r2'],
    ['NYC3.DigitalOceanSpaces.com', 'digitalocean'],
  ])('recognises %s as %s', (host, kind) => {
    expect(endpointHostKind(host)).toBe(kind);
  });

  it.each([
    'digitaloceanspaces.com',
    'nyc3.digitaloceanspaces.com.evil.example',
    'evil-digitaloceanspaces.com',
    'wasabisys.com',
    'console.wasabisys.com',
    'linodeobjects.com',
    'backblazeb2.com',
    's3.backblazeb2.com',
    'r2.cloudflarestorage.com',
    '0123456789abcdef.r2.cloudflarestorage.com',
    `${R2_ACCOUNT}0.r2.cloudflarestorage.com`,
    `${R2_ACCOUNT}.evil.r2.cloudflarestorage.com`,
    'g123456789abcdef0123456789abcdef.r2.cloudflarestorage.com',
    's3.amazonaws.com',
    'localhost',
  ])('does not recognise %s', (host) => {
    expect(endpointHostKind(host)).toBeNull();
  });
});

describe('parseEndpoint', () => {
  it('splits host, port and path', () => {
    expect(parseEndpoint('Storage.Example.com:8443/v1/acct')).toEqual({
      host: 'storage.example.com',
      port: 8443,
      path: '/v1/acct',
    });
    expect(parseEndpoint('nyc3.digitaloceanspaces.com')).toEqual({
      host: 'nyc3.digitaloceanspaces.com',
      port: null,
      path: '',
    });
  });

  it('refuses ports outside 1 to 65535, single labels and query strings', () => {
    expect(parseEndpoint('a.example.com:0')).toBeNull();
    expect(parseEndpoint('a.example.com:65536')).toBeNull();
    expect(parseEndpoint('a.example.com:65535')).not.toBeNull();
    expect(parseEndpoint('localhost:9000')).toBeNull();
    expect(parseEndpoint('a.example.com/x?y=1')).toBeNull();
    expect(parseEndpoint('-a.example.com')).toBeNull();
  });
});

describe('s3CompatibleEndpointSchema', () => {
  const problem = (endpoint: unknown, provider?: 'r2' | 'digitalocean' | 'linode' | 'wasabi') => {
    const result = s3CompatibleEndpointSchema(provider).safeParse(endpoint);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it('needs a value', () => {
    expect(problem('')).toEqual(['This field is required']);
  });

  it('refuses whitespace inside the endpoint', () => {
    expect(problem('nyc3 .digitaloceanspaces.com')).toEqual([
      'This is not a valid endpoint URL. It cannot contain spaces.',
    ]);
  });

  it('refuses an http:// or https:// prefix', () => {
    for (const endpoint of [
      'https://nyc3.digitaloceanspaces.com',
      'HTTP://nyc3.digitaloceanspaces.com',
    ]) {
      expect(problem(endpoint, 'digitalocean')?.[0]).toMatch(/Leave out http:\/\/ or https:\/\//);
    }
  });

  it('refuses other schemes as an invalid host', () => {
    expect(problem('ftp://nyc3.digitaloceanspaces.com')?.[0]).toMatch(/Enter a host name/);
  });

  it('accepts a host with a port and a path when the provider matches', () => {
    expect(problem('nyc3.digitaloceanspaces.com:443/images', 'digitalocean')).toBeNull();
  });

  it('accepts any recognised provider when none is chosen', () => {
    expect(problem('ewr1.vultrobjects.com')).toBeNull();
    expect(problem('s3.us-west-004.backblazeb2.com')).toBeNull();
    expect(problem('minio.example.com')).toEqual([
      'This is not a valid endpoint URL. It does not belong to a supported storage provider.',
    ]);
  });

  it('holds an R2 source to the R2 form', () => {
    expect(problem(`${R2_ACCOUNT}.r2.cloudflarestorage.com`, 'r2')).toBeNull();
    expect(problem('nyc3.digitaloceanspaces.com', 'r2')?.[0]).toMatch(
      /<account id>\.r2\.cloudflarestorage\.com/,
    );
  });

  it('asks for the account id when the R2 placeholder is still there', () => {
    expect(problem('{account_id}.r2.cloudflarestorage.com', 'r2')).toEqual([
      'This is not a valid endpoint URL. Replace {account_id} with your 32-character Cloudflare account ID.',
    ]);
  });

  it('holds DigitalOcean, Linode and Wasabi sources to their own hosts', () => {
    expect(problem('us-east-1.linodeobjects.com', 'digitalocean')?.[0]).toMatch(
      /DigitalOcean Spaces endpoint, for example nyc3\.digitaloceanspaces\.com/,
    );
    expect(problem('nyc3.digitaloceanspaces.com', 'linode')?.[0]).toMatch(/Linode/);
    expect(problem('us-east-1.linodeobjects.com', 'wasabi')?.[0]).toMatch(/Wasabi/);
    expect(problem('us-east-1.linodeobjects.com', 'linode')).toBeNull();
    expect(problem('s3.wasabisys.com', 'wasabi')).toBeNull();
  });

  it('refuses a provider host that only ends like one', () => {
    expect(
      endpointProblem('nyc3.digitaloceanspaces.com.evil.example', 'digitalocean'),
    ).not.toBeNull();
  });
});

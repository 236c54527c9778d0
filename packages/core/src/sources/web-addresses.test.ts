import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customDomainSchema,
  deliveryScheme,
  isInsideDeliveryDomain,
  isValidHostname,
  parseDeliveryDomain,
  remoteImageUrlSchema,
  subdomainSchema,
  webfolderUrlSchema,
} from './web-addresses.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('subdomainSchema', () => {
  it('needs a value', () => {
    expect(messages(subdomainSchema, '')).toEqual(['This field is required']);
  });

  it('accepts one label of 1 to 63 lowercase letters, numbers and dashes', () => {
    for (const value of ['a', '7', 'acme-photos', 'a'.repeat(63), 'a-b-c']) {
      expect(messages(subdomainSchema, value)).toEqual([]);
    }
    expect(messages(subdomainSchema, 'a'.repeat(64))).toEqual([
      'Subdomains can be at most 63 characters long.',
    ]);
  });

  it('refuses uppercase letters, dots, underscores and spaces', () => {
    for (const value of ['Acme', 'acme.photos', 'acme_photos', 'acme photos', 'café']) {
      expect(messages(subdomainSchema, value)).toEqual([
        'Subdomains can contain only lowercase letters, numbers and dashes.',
      ]);
    }
  });

  it('refuses a leading or trailing dash', () => {
    for (const value of ['-acme', 'acme-', '-']) {
      expect(messages(subdomainSchema, value)).toEqual([
        'Subdomains cannot start or end with a dash.',
      ]);
    }
  });
});

describe('delivery domain helpers', () => {
  it('reads a delivery domain with or without scheme, wildcard and port', () => {
    expect(parseDeliveryDomain('darkroom.example')).toEqual({
      host: 'darkroom.example',
      port: null,
    });
    expect(parseDeliveryDomain('*.Darkroom.Example')).toEqual({
      host: 'darkroom.example',
      port: null,
    });
    expect(parseDeliveryDomain('localhost:8080')).toEqual({ host: 'localhost', port: '8080' });
    expect(parseDeliveryDomain('https://darkroom.example/')).toEqual({
      host: 'darkroom.example',
      port: null,
    });
  });

  it('finds the delivery domain and its subdomains, and nothing that merely ends alike', () => {
    expect(isInsideDeliveryDomain('darkroom.example', 'darkroom.example')).toBe(true);
    expect(isInsideDeliveryDomain('Acme.Darkroom.Example.', 'darkroom.example')).toBe(true);
    expect(isInsideDeliveryDomain('notdarkroom.example', 'darkroom.example')).toBe(false);
    expect(isInsideDeliveryDomain('darkroom.example.com', 'darkroom.example')).toBe(false);
  });

  it('compares ports only when the delivery domain names one', () => {
    expect(isInsideDeliveryDomain('acme.localhost', 'localhost:8080', '8080')).toBe(true);
    expect(isInsideDeliveryDomain('acme.localhost', 'localhost:8080', '9000')).toBe(false);
    expect(isInsideDeliveryDomain('acme.localhost', 'localhost:8080')).toBe(true);
    expect(isInsideDeliveryDomain('acme.darkroom.example', 'darkroom.example', '8443')).toBe(true);
  });

  it('validates host names label by label', () => {
    expect(isValidHostname('images.example.com')).toBe(true);
    expect(isValidHostname('xn--bcher-kva.de')).toBe(true);
    expect(isValidHostname('intranet')).toBe(false);
    expect(isValidHostname('intranet', 1)).toBe(true);
    expect(isValidHostname(`${'a'.repeat(63)}.com`)).toBe(true);
    expect(isValidHostname(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isValidHostname(`${'a.'.repeat(125)}com`)).toBe(true);
    expect(isValidHostname(`${'a.'.repeat(126)}com`)).toBe(false);
    expect(isValidHostname('-a.example.com')).toBe(false);
    expect(isValidHostname('a_b.example.com')).toBe(false);
    expect(isValidHostname('1.2.3.4')).toBe(false);
    expect(isValidHostname('example..com')).toBe(false);
  });
});

describe('customDomainSchema', () => {
  const schema = customDomainSchema('darkroom.example');

  it('accepts a host name outside the delivery domain and lowercases it', () => {
    expect(schema.parse(' Images.Example.COM ')).toBe('images.example.com');
  });

  it('refuses a single label, an IP address and a label of 64 characters', () => {
    for (const value of ['images', '192.168.0.1', `${'a'.repeat(64)}.example.com`]) {
      expect(messages(schema, value)).toEqual([
        'This is not a valid custom domain. Enter a domain name such as images.example.com.',
      ]);
    }
  });

  it('refuses a scheme, a port or a path', () => {
    for (const value of [
      'https://images.example.com',
      'images.example.com:8443',
      'images.example.com/a',
    ]) {
      expect(messages(schema, value)[0]).toMatch(/^Enter only the domain name/);
    }
  });

  it('refuses the delivery domain itself and any name inside it', () => {
    for (const value of ['darkroom.example', 'acme.darkroom.example', 'a.b.darkroom.example']) {
      expect(messages(schema, value)).toEqual([
        'Custom domains must be outside darkroom.example. For an address on darkroom.example, use a subdomain.',
      ]);
    }
    expect(messages(schema, 'darkroom.example.com')).toEqual([]);
  });

  it('needs a value', () => {
    expect(messages(schema, ' ')).toEqual(['This field is required']);
  });
});

describe('webfolderUrlSchema', () => {
  const strict = webfolderUrlSchema({ deliveryDomain: 'darkroom.example' });
  const local = webfolderUrlSchema({ deliveryDomain: 'localhost:8080', allowPrivateOrigins: true });

  it('accepts public http and https base URLs, with a port, an encoded path or an IDN host', () => {
    for (const value of [
      'https://www.example.com/images/',
      'http://example.com',
      'https://cdn.example.com:8443/a/b',
      'https://example.com/my%20photos/',
      'https://bücher.de/bilder/',
      'https://93.184.216.34/images/',
      'https://[2606:4700:4700::1111]/images/',
    ]) {
      expect(messages(strict, value)).toEqual([]);
    }
  });

  it('needs a value and a scheme of http or https', () => {
    expect(messages(strict, '')).toEqual(['This field is required']);
    for (const value of [
      'www.example.com/images',
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(messages(strict, value)).toEqual([
        'Enter the full address of the folder, starting with https:// or http://.',
      ]);
    }
  });

  it('refuses a URL the URL parser rejects', () => {
    for (const value of [
      'https://exa mple.com/',
      'https://',
      'https://[::1/',
      'https://example.com:99999/',
    ]) {
      expect(messages(strict, value)[0]).toMatch(/^This is not a valid URL\.|must be encoded/);
    }
  });

  it('refuses a path that is not encoded', () => {
    for (const value of [
      'https://example.com/my photos/',
      'https://example.com/ünï/',
      'https://example.com/100%/',
    ]) {
      expect(messages(strict, value)).toEqual([
        'The web folder path must be encoded: write special characters as %XX, for example a space as %20.',
      ]);
    }
  });

  it('refuses a query string, even an empty one, and a fragment', () => {
    expect(messages(strict, 'https://example.com/images/?v=1')).toEqual([
      'The URL cannot contain a query string (the part after ?).',
    ]);
    expect(messages(strict, 'https://example.com/images/?')).toHaveLength(1);
    expect(messages(strict, 'https://example.com/images/#top')).toEqual([
      'The URL cannot contain a fragment (the part after #).',
    ]);
  });

  it('refuses credentials in the URL', () => {
    expect(messages(strict, 'https://user:secret@example.com/images/')).toEqual([
      'The URL cannot contain a user name or password.',
    ]);
    expect(messages(strict, 'https://user@example.com/')).toHaveLength(1);
  });

  it('refuses backslashes, which parsers read differently', () => {
    expect(messages(strict, 'https://example.com\\@127.0.0.1/')[0]).toMatch(/not a valid URL/);
  });

  it('refuses localhost, .localhost, .local and single-label hosts', () => {
    for (const value of [
      'http://localhost/',
      'http://LOCALHOST:3000/images/',
      'http://localhost./',
      'http://shop.localhost/',
      'http://nas.local/photos/',
      'http://intranet/images/',
    ]) {
      expect(messages(strict, value)).toEqual([
        'The URL cannot point to localhost or a local network address.',
      ]);
    }
  });

  it('refuses private, loopback, link-local and metadata addresses in every numeric form', () => {
    for (const value of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://127.1/',
      'http://0/',
      'http://10.1.2.3/',
      'http://192.168.0.10:8080/',
      'http://172.20.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::]/',
    ]) {
      expect(messages(strict, value), value).toEqual([
        'The URL cannot point to a private or loopback address.',
      ]);
    }
  });

  it('refuses invalid host names', () => {
    expect(messages(strict, 'https://exa_mple.com/')).toEqual(['This is not a valid host name.']);
    expect(messages(strict, 'https://-example.com/')).toEqual(['This is not a valid host name.']);
  });

  it('refuses addresses inside the delivery domain', () => {
    for (const value of ['https://darkroom.example/', 'https://acme.darkroom.example/images/']) {
      expect(messages(strict, value)).toEqual([
        'The URL cannot point to a Darkroom delivery address: use the address of your own website.',
      ]);
    }
  });

  it('lets private addresses and localhost through when private origins are allowed', () => {
    for (const value of [
      'http://127.0.0.1:9000/images/',
      'http://[::1]:9000/',
      'http://localhost:9000/',
      'http://nas.local/',
      'http://intranet/',
    ]) {
      expect(messages(local, value), value).toEqual([]);
    }
  });

  it('keeps every other rule when private origins are allowed', () => {
    expect(messages(local, 'http://127.0.0.1:9000/?a=1')).toHaveLength(1);
    expect(messages(local, 'http://u:p@127.0.0.1:9000/')).toHaveLength(1);
    expect(messages(local, 'http://127.0.0.1:9000/a b/')).toHaveLength(1);
    expect(messages(local, 'http://acme.localhost:8080/')).toEqual([
      'The URL cannot point to a Darkroom delivery address: use the address of your own website.',
    ]);
  });
});

describe('remoteImageUrlSchema', () => {
  it('accepts http and https image URLs', () => {
    expect(messages(remoteImageUrlSchema, 'https://example.com/missing.png?w=10')).toEqual([]);
    expect(messages(remoteImageUrlSchema, 'http://example.com/x.jpg')).toEqual([]);
  });

  it('refuses other schemes, credentials, spaces and relative paths', () => {
    for (const value of [
      'ftp://example.com/x.png',
      'https://u:p@example.com/x.png',
      '/x.png',
      'https://exa mple.com/x.png',
    ]) {
      expect(messages(remoteImageUrlSchema, value)).toHaveLength(1);
    }
  });
});

describe('deliveryScheme', () => {
  it('uses http only for localhost and its subdomains, with or without a port', () => {
    expect(deliveryScheme('localhost')).toBe('http');
    expect(deliveryScheme('localhost:8080')).toBe('http');
    expect(deliveryScheme('img.localhost:3000')).toBe('http');
    expect(deliveryScheme('IMG.LOCALHOST')).toBe('http');
    expect(deliveryScheme('img.example')).toBe('https');
    expect(deliveryScheme('localhost.example.com')).toBe('https');
    expect(deliveryScheme('mylocalhost')).toBe('https');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CORS_HEADERS,
  IGNORED_PARAMS_HEADER,
  MAX_IGNORED_PARAMS_LENGTH,
  contentDisposition,
  etagMatches,
  ignoredParamsHeader,
  isActiveContent,
  maxAgeOf,
  successCacheControl,
} from './response-headers.ts';

describe('ignoredParamsHeader', () => {
  it('names the ignored parameters once each, in query order, or nothing', () => {
    expect(ignoredParamsHeader(['v', 'utm_source', 'v', 'ixid'])).toBe('v,utm_source,ixid');
    expect(ignoredParamsHeader([])).toBeNull();
    expect(ignoredParamsHeader([''])).toBeNull();
  });

  it('percent-encodes what could split the list or break the header', () => {
    const value = ignoredParamsHeader([
      'a,b',
      'x y',
      'w\u0000',
      'ça',
      '%zz',
      'a\r\nSet-Cookie: x=1',
    ]);
    expect(value).toBe('a%2Cb,x%20y,w%00,%C3%A7a,%25zz,a%0D%0ASet-Cookie%3A%20x%3D1');
    expect(ignoredParamsHeader(['\uD800'])).toBe('%EF%BF%BD');
  });

  it('stays within its bound and says when names were left off', () => {
    const names = Array.from({ length: 500 }, (_, index) => `utm_${index}`);
    const value = ignoredParamsHeader(names) ?? '';
    expect(value.length).toBeLessThanOrEqual(MAX_IGNORED_PARAMS_LENGTH);
    expect(value.startsWith('utm_0,utm_1,')).toBe(true);
    expect(value.endsWith(',...')).toBe(true);
    expect(ignoredParamsHeader(['x'.repeat(5000)])).toBe('...');
  });

  it('is readable by scripts of other origins when CORS is on', () => {
    expect(CORS_HEADERS['access-control-expose-headers']).toContain(IGNORED_PARAMS_HEADER);
  });
});

describe('successCacheControl', () => {
  const settings = (behaviour: 'default' | 'override' | 'minimum') => ({
    cache_ttl_behavior: behaviour,
    cache_ttl_value: 3600,
  });

  it('passes the origin header on under "default" and falls back to cache_ttl_value', () => {
    expect(successCacheControl(settings('default'), 'private, max-age=5', null)).toBe(
      'private, max-age=5',
    );
    expect(successCacheControl(settings('default'), null, null)).toBe('public, max-age=3600');
  });

  it('ignores the origin under "override"', () => {
    expect(successCacheControl(settings('override'), 'max-age=5', null)).toBe(
      'public, max-age=3600',
    );
  });

  it('takes the longer of the origin and cache_ttl_value under "minimum"', () => {
    expect(successCacheControl(settings('minimum'), 'max-age=5', null)).toBe(
      'public, max-age=3600',
    );
    expect(successCacheControl(settings('minimum'), 's-maxage=90000', null)).toBe(
      'public, max-age=90000',
    );
    expect(successCacheControl(settings('minimum'), 'no-cache', null)).toBe('public, max-age=3600');
  });

  it('never lets a response outlive its expires', () => {
    expect(successCacheControl(settings('override'), null, 42)).toBe('public, max-age=42');
    expect(successCacheControl(settings('default'), 'max-age=10', 42)).toBe('public, max-age=10');
  });
});

describe('maxAgeOf', () => {
  it('reads max-age or s-maxage, quoted or not, and null without either', () => {
    expect(maxAgeOf('public, max-age=60')).toBe(60);
    expect(maxAgeOf('s-maxage="120"')).toBe(120);
    expect(maxAgeOf('no-store')).toBeNull();
    expect(maxAgeOf(null)).toBeNull();
  });
});

describe('contentDisposition', () => {
  it('quotes the name for old clients and percent-encodes it for RFC 6266 ones', () => {
    expect(contentDisposition('café.jpg', 'a/b.jpg')).toBe(
      `attachment; filename="caf_.jpg"; filename*=UTF-8''caf%C3%A9.jpg`,
    );
  });

  it('falls back to the origin file name, then to "image"', () => {
    expect(contentDisposition('  ', 'photos/cat.png')).toBe(
      `attachment; filename="cat.png"; filename*=UTF-8''cat.png`,
    );
    expect(contentDisposition('..', 'x')).toBe(
      `attachment; filename="image"; filename*=UTF-8''image`,
    );
  });
});

describe('etagMatches', () => {
  it('matches one of a list, weak forms and the wildcard', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});

describe('isActiveContent', () => {
  it('treats SVG, JSON and text as active and raster images as inert', () => {
    expect(isActiveContent('image/svg+xml')).toBe(true);
    expect(isActiveContent('application/json')).toBe(true);
    expect(isActiveContent('text/plain; charset=utf-8')).toBe(true);
    expect(isActiveContent('image/png')).toBe(false);
    expect(isActiveContent('image/avif')).toBe(false);
  });
});

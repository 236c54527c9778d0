import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  etagMatches,
  isActiveContent,
  maxAgeOf,
  successCacheControl,
} from './response-headers.ts';

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

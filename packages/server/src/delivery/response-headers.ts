// The HTTP headers of a delivered image: caching (spec platform section 3, cache_ttl_behavior),
// downloads (`dl`), CORS and the headers that keep a browser from running what it is sent.
import type { SourceSettings } from '@darkroom/core';
import { AI_EXPOSED_HEADERS } from './ai-headers.ts';

/** `max-age` (or `s-maxage`) of a Cache-Control value in seconds; null when absent. */
export function maxAgeOf(cacheControl: string | null): number | null {
  if (cacheControl === null) return null;
  const match = /(?:^|[,\s])(?:s-maxage|max-age)\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * Cache-Control of a successful answer. "default" (Respect origin) passes the origin's header on
 * when it sent one and uses cache_ttl_value otherwise; "override" always uses cache_ttl_value;
 * "minimum" uses the longer of the origin's max-age and cache_ttl_value. An `expires` in the
 * future caps max-age at the seconds left (imgix's expiration documentation).
 */
export function successCacheControl(
  settings: Pick<SourceSettings, 'cache_ttl_behavior' | 'cache_ttl_value'>,
  originCacheControl: string | null,
  secondsUntilExpiry: number | null,
): string {
  let header: string;
  switch (settings.cache_ttl_behavior) {
    case 'override':
      header = `public, max-age=${settings.cache_ttl_value}`;
      break;
    case 'minimum': {
      const origin = maxAgeOf(originCacheControl) ?? 0;
      header = `public, max-age=${Math.max(origin, settings.cache_ttl_value)}`;
      break;
    }
    default:
      header = originCacheControl ?? `public, max-age=${settings.cache_ttl_value}`;
  }
  if (secondsUntilExpiry === null) return header;
  const maxAge = Math.min(maxAgeOf(header) ?? secondsUntilExpiry, secondsUntilExpiry);
  return `public, max-age=${Math.max(0, maxAge)}`;
}

/** Cache-Control of an error answer: cache_ttl_error. */
export function errorCacheControl(settings: Pick<SourceSettings, 'cache_ttl_error'>): string {
  return `public, max-age=${settings.cache_ttl_error}`;
}

/**
 * `Content-Disposition: attachment` for `dl` (RFC 6266): a plain ASCII `filename` every client
 * reads, and `filename*` with the exact UTF-8 name for the clients that know it. Path
 * separators and control characters never reach the header.
 */
export function contentDisposition(requestedName: string, originPath: string): string {
  const fallbackName = originPath.split('/').pop() ?? '';
  const cleaned = (requestedName.trim() === '' ? fallbackName : requestedName)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(0, 255);
  const name = cleaned === '' || cleaned === '.' || cleaned === '..' ? 'image' : cleaned;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The header naming the query parameters delivery ignored (names outside imgix's catalogue). */
export const IGNORED_PARAMS_HEADER = 'X-Darkroom-Ignored-Params';

/** Longest X-Darkroom-Ignored-Params value: names past it are left off, and `...` says so. */
export const MAX_IGNORED_PARAMS_LENGTH = 1000;

/**
 * The value of X-Darkroom-Ignored-Params for `names` (as written, in query order), or null when
 * there are none. Each name once, comma-separated; each percent-encoded as a URI component, so a
 * comma, a control character or a byte past ASCII can neither split the list nor break the
 * header (RFC 9110 section 5.5: a field value is visible ASCII), and `%` only ever starts an
 * escape. Empty names are nothing to name. Bounded: a URL of 8,000 characters can hold hundreds.
 */
export function ignoredParamsHeader(names: readonly string[]): string | null {
  const listed: string[] = [];
  let length = 0;
  for (const name of new Set(names)) {
    if (name === '') continue;
    // A lone surrogate has no UTF-8 form to escape (encodeURIComponent would throw).
    const encoded = encodeURIComponent(name.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
    const added = (listed.length === 0 ? 0 : 1) + encoded.length;
    if (length + added > MAX_IGNORED_PARAMS_LENGTH - ',...'.length) {
      listed.push('...');
      break;
    }
    listed.push(encoded);
    length += added;
  }
  return listed.length === 0 ? null : listed.join(',');
}

/** CORS headers of a source with crossdomain_cors_enabled (images are public by design). */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-expose-headers': [
    'Content-Length',
    'Content-Type',
    'ETag',
    'Retry-After',
    IGNORED_PARAMS_HEADER,
    ...AI_EXPOSED_HEADERS,
  ].join(', '),
  'access-control-max-age': '86400',
};

/**
 * Anything a browser could run as a document (SVG, JSON, text) is sandboxed: a hostile SVG
 * from an origin must not script the delivery domain.
 */
export function isActiveContent(contentType: string): boolean {
  return !/^image\/(?!svg)/i.test(contentType);
}

export const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** True when an If-None-Match header matches `etag` (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** The crossdomain.xml of a source with crossdomain_xml_enabled (Flash and Silverlight clients). */
export const CROSSDOMAIN_XML = `<?xml version="1.0"?>
<!DOCTYPE cross-domain-policy SYSTEM "http://www.adobe.com/xml/dtds/cross-domain-policy.dtd">
<cross-domain-policy>
  <allow-access-from domain="*" secure="false"/>
</cross-domain-policy>
`;

// The headers a web folder or web proxy source sends its origin to authenticate (core's
// sources/origin-auth.ts; docs/origin-authentication.md is what origin owners read): Basic
// authentication (RFC 7617), a custom header, and a per-request HMAC-SHA256 signature.
import { createHmac, randomUUID } from 'node:crypto';
import { ORIGIN_SIGNATURE_HEADERS } from '@darkroom/core';
import type { SecretBox } from '../crypto/secrets.ts';
import type { StoredOriginAuth } from '../db/schema.ts';

/** A source's origin authentication, its secrets in plain text. */
export interface OriginAuth {
  basic: { username: string; password: string } | null;
  header: { name: string; value: string } | null;
  signingKey: string | null;
}

export const NO_ORIGIN_AUTH: OriginAuth = { basic: null, header: null, signingKey: null };

export function hasOriginAuth(auth: OriginAuth | null | undefined): auth is OriginAuth {
  return (
    auth !== null &&
    auth !== undefined &&
    (auth.basic !== null || auth.header !== null || auth.signingKey !== null)
  );
}

export function encryptOriginAuth(secrets: SecretBox, auth: OriginAuth): StoredOriginAuth | null {
  if (!hasOriginAuth(auth)) return null;
  return {
    basic_username: auth.basic?.username ?? null,
    basic_password: auth.basic === null ? null : secrets.encrypt(auth.basic.password),
    header_name: auth.header?.name ?? null,
    header_value: auth.header === null ? null : secrets.encrypt(auth.header.value),
    signing_key: auth.signingKey === null ? null : secrets.encrypt(auth.signingKey),
  };
}

export function decryptOriginAuth(
  secrets: SecretBox,
  stored: StoredOriginAuth | null | undefined,
): OriginAuth {
  if (stored === null || stored === undefined) return NO_ORIGIN_AUTH;
  return {
    basic:
      stored.basic_username !== null && stored.basic_password !== null
        ? { username: stored.basic_username, password: secrets.decrypt(stored.basic_password) }
        : null,
    header:
      stored.header_name !== null && stored.header_value !== null
        ? { name: stored.header_name, value: secrets.decrypt(stored.header_value) }
        : null,
    signingKey: stored.signing_key === null ? null : secrets.decrypt(stored.signing_key),
  };
}

/** What one signature covers. */
export interface SignedRequest {
  method: string;
  /** The Host header: host name, and the port when it is not the scheme's default. */
  host: string;
  /** The request target as sent: the percent-encoded path, and `?query` when there is one. */
  path: string;
  requestId: string;
  /** Unix time in whole seconds, as decimal digits. */
  timestamp: string;
}

/**
 * The canonical string the signature is an HMAC-SHA256 of (docs/origin-authentication.md): the
 * five values, each on its own line, in this order, with no line break at the end. None of them
 * can hold a line break, so no two requests share a canonical string.
 */
export function canonicalRequestString(request: SignedRequest): string {
  return [
    request.method.toUpperCase(),
    request.host.toLowerCase(),
    request.path,
    request.requestId,
    request.timestamp,
  ].join('\n');
}

/** The signature: lowercase hex of HMAC-SHA256(key, canonical string). */
export function originSignature(signingKey: string, request: SignedRequest): string {
  return createHmac('sha256', signingKey).update(canonicalRequestString(request)).digest('hex');
}

/**
 * Whether a redirect's target may receive the credentials sent to `first`: the same host name,
 * and the same scheme and port or an upgrade from http to https on the default ports. Anything
 * else (another host, a downgrade to plain http) gets no authentication headers, as browsers
 * drop Authorization on a cross-origin redirect (Fetch standard, "HTTP-redirect fetch").
 */
export function sameOriginHop(first: URL, hop: URL): boolean {
  if (first.hostname !== hop.hostname) return false;
  if (first.origin === hop.origin) return true;
  return first.protocol === 'http:' && hop.protocol === 'https:' && hop.port === '';
}

/** Everything a signature needs that is not the request itself (tests fix them). */
export interface SigningClock {
  now(): number;
  requestId(): string;
}

export const SYSTEM_SIGNING_CLOCK: SigningClock = {
  now: () => Date.now(),
  requestId: () => randomUUID(),
};

/**
 * The authentication headers for one request to `url`: Basic, the custom header and a fresh
 * signature (its own request id and timestamp each time, so a redirect on the origin's host is
 * signed for the address it names).
 */
export function originAuthHeaders(
  auth: OriginAuth,
  method: string,
  url: URL,
  clock: SigningClock = SYSTEM_SIGNING_CLOCK,
): Record<string, string> {
  const headers: Record<string, string> = {};
  if (auth.basic !== null) {
    const pair = `${auth.basic.username}:${auth.basic.password}`;
    headers.authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  }
  if (auth.header !== null) headers[auth.header.name.toLowerCase()] = auth.header.value;
  if (auth.signingKey !== null) {
    const request: SignedRequest = {
      method,
      host: url.host,
      path: `${url.pathname}${url.search}`,
      requestId: clock.requestId(),
      timestamp: String(Math.floor(clock.now() / 1000)),
    };
    headers[ORIGIN_SIGNATURE_HEADERS.signature.toLowerCase()] = originSignature(
      auth.signingKey,
      request,
    );
    headers[ORIGIN_SIGNATURE_HEADERS.host.toLowerCase()] = request.host.toLowerCase();
    headers[ORIGIN_SIGNATURE_HEADERS.requestId.toLowerCase()] = request.requestId;
    headers[ORIGIN_SIGNATURE_HEADERS.timestamp.toLowerCase()] = request.timestamp;
  }
  return headers;
}

/**
 * The per-hop headers for guardedFetch: the source's authentication on the first address and on
 * redirects that stay on its origin, nothing on any other.
 */
export function originAuthForHops(
  auth: OriginAuth | null | undefined,
  first: URL,
  clock?: SigningClock,
): ((hop: URL, method: string) => Record<string, string>) | undefined {
  if (!hasOriginAuth(auth)) return undefined;
  return (hop, method) =>
    sameOriginHop(first, hop) ? originAuthHeaders(auth, method, hop, clock) : {};
}

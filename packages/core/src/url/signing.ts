import { md5Hex } from './md5.ts';

/**
 * Computes the imgix-compatible signature of a delivery URL (docs/ARCHITECTURE.md, Signed URLs):
 * `md5hex(token + path + query)`, where `path` is the path exactly as sent (leading `/`, still
 * percent-encoded) and `query` is the raw `?...` string without `s`, or empty.
 */
export function signaturePayload(token: string, path: string, query: string): string {
  const normalizedQuery =
    query === '' || query === '?' ? '' : query.startsWith('?') ? query : `?${query}`;
  return `${token}${path}${normalizedQuery}`;
}

/** Returns the `s` value for a path and raw query string (without `s`). */
export function signPath(token: string, path: string, query = ''): string {
  return md5Hex(signaturePayload(token, path, query));
}

/** Appends `s` as the last parameter of a path-and-query string such as `/a.png?w=400`. */
export function signUrlPath(token: string, pathAndQuery: string): string {
  const queryStart = pathAndQuery.indexOf('?');
  const path = queryStart === -1 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  const query = queryStart === -1 ? '' : pathAndQuery.slice(queryStart);
  const signature = signPath(token, path, query);
  const separator = query === '' || query === '?' ? '?' : '&';
  return `${path}${query === '?' ? '' : query}${separator}s=${signature}`;
}

/**
 * Splits a raw request target into the signed part and the given signature. Returns null when
 * `s` is missing or not the last parameter (imgix requires it last).
 */
export function extractSignature(
  rawTarget: string,
): { path: string; query: string; signature: string } | null {
  const queryStart = rawTarget.indexOf('?');
  if (queryStart === -1) return null;
  const path = rawTarget.slice(0, queryStart);
  const query = rawTarget.slice(queryStart + 1);
  const match = /(^|&)s=([0-9a-fA-F]{32})$/.exec(query);
  if (!match) return null;
  const rest = query.slice(0, match.index);
  return { path, query: rest === '' ? '' : `?${rest}`, signature: (match[2] ?? '').toLowerCase() };
}

// The request target as the client sent it, split into what delivery needs: the raw path (for
// the signature and the origin), the raw query and the query's pairs without the signature.

/**
 * Request targets longer than this answer 414 URI Too Long (RFC 9110 section 15.5.15): imgix
 * refuses URLs over 8,000 characters, so a URL Darkroom takes is one imgix takes too.
 */
export const MAX_TARGET_LENGTH = 8000;

/** Whether `rawUrl` (as sent, before any parsing) is longer than delivery takes. */
export function isTargetTooLong(rawUrl: string): boolean {
  return rawUrl.length > MAX_TARGET_LENGTH;
}

/** The 414's message: how long the URL is, the limit, and what to shorten. */
export function targetTooLongMessage(length: number): string {
  return `The URL is ${length} characters long; the limit is ${MAX_TARGET_LENGTH}. Shorten the query, such as a long txt value.`;
}

export interface RequestTarget {
  /** The target as sent, from the first `/` (an absolute-form target loses its origin). */
  raw: string;
  /** Still percent-encoded, with its leading `/`. */
  path: string;
  /** Without the `?`; empty when there is none. */
  query: string;
}

// A proxy may send the absolute form (RFC 9112 section 3.2.2); only its path and query count.
function originForm(rawUrl: string): string {
  if (!/^https?:\/\//i.test(rawUrl)) return rawUrl;
  const pathStart = rawUrl.indexOf('/', rawUrl.indexOf('//') + 2);
  return pathStart === -1 ? '/' : rawUrl.slice(pathStart);
}

/** Splits the raw request target (`request.raw.url`). */
export function parseRequestTarget(rawUrl: string): RequestTarget {
  const raw = originForm(rawUrl);
  const queryStart = raw.indexOf('?');
  return queryStart === -1
    ? { raw, path: raw, query: '' }
    : { raw, path: raw.slice(0, queryStart), query: raw.slice(queryStart + 1) };
}

/** The query without `s`, raw, for the parse cache and for appending to fallback URLs. */
export function queryWithoutSignature(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .filter((pair) => pair !== '' && pair !== 's' && !pair.startsWith('s='))
    .join('&');
}

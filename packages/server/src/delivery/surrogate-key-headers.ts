// The surrogate keys every delivery answer of a source carries (cdn/surrogate-keys.ts): the
// source's and its origin path's, so a CDN in front drops by key what a purge names. Two headers
// with the same keys: `Surrogate-Key` (Fastly; Varnish bans on it, docs/varnish/darkroom.vcl),
// space-separated, and `Cache-Tag` (Cloudflare), comma-separated.
//
// Hits are budgeted: a ready-made hit answer (hit-answers.ts) carries these headers in its block
// built once, and the other hits find the values here, built once per source and path, rather
// than hashing the path on every request.
import { pathSurrogateKey, sourceSurrogateKey } from '../cdn/surrogate-keys.ts';
import type { Answer } from './answers.ts';
import { pathHash } from './cached-render.ts';

export const SURROGATE_KEY_HEADER = 'surrogate-key';
export const CACHE_TAG_HEADER = 'cache-tag';

export interface SurrogateKeyHeaders {
  readonly 'surrogate-key': string;
  readonly 'cache-tag': string;
}

/** Sources and paths remembered at most; past either, that map starts again empty. */
const MAX_SOURCES = 1_000;
const MAX_PATHS_PER_SOURCE = 2_000;

/** Per source id: the headers of the source alone, and per origin path. */
interface SourceHeaders {
  source: SurrogateKeyHeaders;
  paths: Map<string, SurrogateKeyHeaders>;
}

const remembered = new Map<string, SourceHeaders>();

function headersOf(keys: readonly string[]): SurrogateKeyHeaders {
  return { [SURROGATE_KEY_HEADER]: keys.join(' '), [CACHE_TAG_HEADER]: keys.join(',') };
}

function sourceHeaders(sourceId: string): SourceHeaders {
  let entry = remembered.get(sourceId);
  if (entry === undefined) {
    if (remembered.size >= MAX_SOURCES) remembered.clear();
    entry = { source: headersOf([sourceSurrogateKey(sourceId)]), paths: new Map() };
    remembered.set(sourceId, entry);
  }
  return entry;
}

/**
 * The surrogate-key headers of an answer for `originPath` of a source (as delivery keys its
 * renders: origin-path.ts), or of the source alone when the path is not known (a refusal before
 * the path was read). Allocates nothing once built.
 */
export function surrogateKeyHeaders(
  sourceId: string,
  originPath: string | null,
): SurrogateKeyHeaders {
  const entry = sourceHeaders(sourceId);
  if (originPath === null) return entry.source;
  let headers = entry.paths.get(originPath);
  if (headers === undefined) {
    if (entry.paths.size >= MAX_PATHS_PER_SOURCE) entry.paths.clear();
    headers = headersOf([
      sourceSurrogateKey(sourceId),
      pathSurrogateKey(sourceId, pathHash(originPath)),
    ]);
    entry.paths.set(originPath, headers);
  }
  return headers;
}

/** `answer` with the surrogate keys of `originPath` of a source, unless it has its own already. */
export function withSurrogateKeys(
  answer: Answer,
  sourceId: string,
  originPath: string | null,
): Answer {
  if (answer.headers[SURROGATE_KEY_HEADER] !== undefined) return answer;
  return {
    ...answer,
    headers: { ...answer.headers, ...surrogateKeyHeaders(sourceId, originPath) },
  };
}

// Parsing the query is the costliest step of a cache hit, and the same URLs come back again and
// again: the parse (and the render-key part it yields) is remembered per source version and query.
import { parseParams, type ParamIssue, type Params } from '@darkroom/core';
import { ignoredParamsHeader } from './response-headers.ts';

export type ParsedQuery =
  | {
      ok: true;
      params: Params;
      /** Built from the known parameters alone: unknown ones never split the render cache. */
      renderKeyPart: string;
      /** X-Darkroom-Ignored-Params for the names delivery ignored, or null when none were. */
      ignoredParams: string | null;
    }
  | { ok: false; issues: readonly ParamIssue[] };

/** Answer headers and not pixels: they must not split the render cache. */
const NOT_IN_RENDER = { expires: undefined, dl: undefined } as const;

export class ParamsCache {
  readonly #entries = new Map<string, ParsedQuery>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /**
   * Parses `query` (raw, without `s`) over the source's default_params. `scope` names the
   * source and its version, whose defaults the result depends on.
   */
  parse(scope: string, query: string, defaults: Readonly<Record<string, string>>): ParsedQuery {
    const key = `${scope}?${query}`;
    const known = this.#entries.get(key);
    if (known !== undefined) return known;
    // Names imgix does not know are ignored on delivery, as imgix ignores them (a source's
    // default_params cannot hold one: the source rules refuse it when they are saved).
    const result = parseParams(new URLSearchParams(query), { defaults, unknownNames: 'ignore' });
    const parsed: ParsedQuery = result.ok
      ? {
          ok: true,
          params: result.params,
          renderKeyPart:
            result.params.has('expires') || result.params.has('dl')
              ? result.params.with(NOT_IN_RENDER).cacheKey()
              : result.params.cacheKey(),
          ignoredParams: ignoredParamsHeader(result.ignored),
        }
      : { ok: false, issues: result.issues };
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, parsed);
    return parsed;
  }
}

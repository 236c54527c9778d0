// Parsing the query is the costliest step of a cache hit, and the same URLs come back again and
// again: the parse (and the render-key part it yields) is remembered per source version and query.
import { parseParams, type ParamIssue, type Params } from '@darkroom/core';

export type ParsedQuery =
  | { ok: true; params: Params; renderKeyPart: string }
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
    const result = parseParams(new URLSearchParams(query), { defaults });
    const parsed: ParsedQuery = result.ok
      ? {
          ok: true,
          params: result.params,
          renderKeyPart:
            result.params.has('expires') || result.params.has('dl')
              ? result.params.with(NOT_IN_RENDER).cacheKey()
              : result.params.cacheKey(),
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

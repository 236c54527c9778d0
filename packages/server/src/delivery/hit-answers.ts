// The answers of hot cache hits, ready to write: per request target, the status-200 and 304
// header blocks (Content-Length included) built once from the source, the render and the
// parameters, so a repeated hit only checks that all three are still the ones it was built from.
// At 20,000 hits a second, building them per request was a sixth of the process's time.
import type { CachedRender } from './cached-render.ts';
import type { DeliverySource } from './delivery-source.ts';
import type { Resolved } from './resolve.ts';
import { namesStreamFiles } from './stream-uris.ts';

/** A hit's answer as it leaves: statuses share headers but for Content-Length (RFC 9110 8.6). */
export interface HitAnswer {
  source: DeliverySource;
  /**
   * Weak: a render the memory cache has dropped must not stay in memory for the sake of its
   * ready-made answer (the cache's byte cap would not hold).
   */
  render: WeakRef<CachedRender>;
  /** The memory cache key of the render. */
  identity: string;
  /** Origin path, for metering. */
  path: string;
  /** Headers of the 200 answer (GET and HEAD), Content-Length included. */
  headers: Readonly<Record<string, string>>;
  /** Headers of the 304 answer: the same without Content-Length. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/** Hit answers per raw request target, the oldest dropped past `maxEntries`. */
export class HitAnswers {
  readonly #entries = new Map<string, HitAnswer>();
  readonly #maxEntries: number;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** The answer built for `target` of `source`, if it was built from this very source object. */
  get(target: string, source: DeliverySource): HitAnswer | undefined {
    const answer = this.#entries.get(target);
    return answer?.source === source ? answer : undefined;
  }

  set(target: string, answer: HitAnswer): void {
    this.#entries.delete(target);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(target, answer);
  }
}

/**
 * The ready-made answer of a hit whose headers depend on nothing but the request target, the
 * source and the render (If-None-Match aside); null when they also depend on the clock
 * (`expires`) or on request headers (Accept under `auto=format`, client hints under `ch`).
 */
export function buildHitAnswer(
  source: DeliverySource,
  render: CachedRender,
  resolved: Resolved,
  headers: Readonly<Record<string, string>>,
): HitAnswer | null {
  const { params, path: originPathName } = resolved.input;
  if (params.has('expires') || params.has('ch') || params.strings('auto').includes('format')) {
    return null;
  }
  // A manifest's addresses are written per request (stream-uris.ts).
  if (namesStreamFiles(render.contentType)) return null;
  return {
    source,
    render: new WeakRef(render),
    identity: resolved.identity,
    path: originPathName,
    headers: { ...headers, 'content-length': String(render.body.length) },
    notModifiedHeaders: { ...headers },
  };
}

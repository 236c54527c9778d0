// What the request paths count for /metrics, read by metrics-registry.ts when Prometheus scrapes:
// requests by kind and status class, delivery cache results, render times and the usage events
// metering dropped. The cache-hit path counts here tens of thousands of times a second, so a count
// is one increment of a typed-array slot found by arithmetic: no label object, no hashing, nothing
// allocated (prom-client's own `labels(...).inc()` hashes its label set on every call).
import { Histogram } from 'prom-client';
import type { CdnPurgeMetrics } from '../cdn/cdn-purger.ts';
import type { DeliveryMetrics } from '../delivery/delivery-metrics.ts';
import type { Usage } from '../delivery/usage.ts';

/** The `kind` label of darkroom_http_requests_total, in slot order. */
export const REQUEST_KINDS = ['delivery', 'api', 'dashboard', 'other'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The `status_class` label, in slot order: the class of a final status (RFC 9110 section 15). */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** The `result` label of darkroom_delivery_cache_total, in slot order. */
export const CACHE_RESULTS = ['hit', 'miss', 'none'] as const satisfies readonly Usage['cache'][];

const KIND_SLOTS: Readonly<Record<RequestKind, number>> = {
  delivery: 0,
  api: 1,
  dashboard: 2,
  other: 3,
};

/**
 * Render buckets from 5 ms (a small cached-origin resize) to 60 s (past RENDER_TIMEOUT_MS's
 * default of 30 s, for video transcodes), roughly doubling: Prometheus's histogram_quantile
 * interpolates within a bucket, so its error is about a bucket's width.
 */
const RENDER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class ServerCounters implements DeliveryMetrics, CdnPurgeMetrics {
  /** Slot kind * STATUS_CLASSES.length + class. Doubles count exactly to 2^53. */
  readonly #requests = new Float64Array(REQUEST_KINDS.length * STATUS_CLASSES.length);
  readonly #cacheResults = new Float64Array(CACHE_RESULTS.length);
  #droppedUsageEvents = 0;
  #cdnPurgeFailures = 0;
  /** Observed as renders happen (a few a second at most); registered by metrics-registry.ts. */
  readonly renderSeconds = new Histogram({
    name: 'darkroom_render_duration_seconds',
    help: 'Time to render an image or video (a miss, or a render job), in seconds.',
    buckets: RENDER_BUCKETS,
    // Registered in each app's own registry, never in prom-client's global one.
    registers: [],
  });

  /** A final answer of `kind` with `status`; statuses outside 200-599 are not counted. */
  countRequest(kind: RequestKind, status: number): void {
    const statusClass = Math.floor(status / 100) - 2;
    if (statusClass < 0 || statusClass >= STATUS_CLASSES.length) return;
    const slot = KIND_SLOTS[kind] * STATUS_CLASSES.length + statusClass;
    this.#requests[slot] = (this.#requests[slot] ?? 0) + 1;
  }

  fastAnswer(status: number): void {
    this.countRequest('delivery', status);
  }

  cacheResult(result: Usage['cache']): void {
    const slot = result === 'hit' ? 0 : result === 'miss' ? 1 : 2;
    this.#cacheResults[slot] = (this.#cacheResults[slot] ?? 0) + 1;
  }

  rendered(ms: number): void {
    this.renderSeconds.observe(ms / 1000);
  }

  usageDropped(requests: number): void {
    this.#droppedUsageEvents += requests;
  }

  /** Requests answered so far of `kind` in the status class at `classIndex` of STATUS_CLASSES. */
  requests(kind: RequestKind, classIndex: number): number {
    return this.#requests[KIND_SLOTS[kind] * STATUS_CLASSES.length + classIndex] ?? 0;
  }

  /** Answers so far with the cache result at `index` of CACHE_RESULTS. */
  cacheResults(index: number): number {
    return this.#cacheResults[index] ?? 0;
  }

  get droppedUsageEvents(): number {
    return this.#droppedUsageEvents;
  }

  cdnPurgeFailed(): void {
    this.#cdnPurgeFailures += 1;
  }

  /** CDN purge requests that failed for good (cdn/cdn-purger.ts). */
  get cdnPurgeFailures(): number {
    return this.#cdnPurgeFailures;
  }
}

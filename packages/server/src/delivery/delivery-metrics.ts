// What delivery tells the server's metrics (metrics/ implements it): the answers the fast path
// writes past Fastify (which counts the others itself), each answer's cache result, each render's
// time and the usage events metering had to drop. It is called on the cache-hit path, so an
// implementation counts in O(1), allocates nothing and never waits.
import type { Usage } from './usage.ts';

export interface DeliveryMetrics {
  /** An answer the fast path (fast-path.ts) wrote, with its status. */
  fastAnswer(status: number): void;
  /** The cache result of one answer to a request for a source's URL (usage.ts). */
  cacheResult(result: Usage['cache']): void;
  /** A render this process made, for a request or for a job, in milliseconds. */
  rendered(ms: number): void;
  /** Usage events (requests) the meter gave up past its bounds (metering.ts). */
  usageDropped(requests: number): void;
}

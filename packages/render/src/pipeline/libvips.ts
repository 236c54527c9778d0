import sharp from 'sharp';
import { keepRenderingThreadsLow } from '../workers/thread-priority.ts';

/** libvips threads per operation, unless the operator sets `VIPS_CONCURRENCY` (libvips' own). */
const THREADS_PER_OPERATION = 1;

/**
 * Process-wide libvips settings for rendering untrusted origins, one request after another.
 * libvips' operation cache (sharp's default: 50 MB, 100 operations) keys on the input buffer,
 * and every request brings its own buffer, so it never hits and only holds memory (the delivery
 * benchmark, `npm run bench -- --only=delivery`: resident memory while rendering at full
 * concurrency).
 *
 * One thread per operation: requests already run side by side on libuv's pool, so more threads
 * per operation only contend for the same cores and multiply the buffers each operation holds.
 * sharp picks one on glibc but one per core once jemalloc is preloaded (its documented default),
 * which `npm start` does; the hostile-input battery (`npm run battery`) measured a lower peak
 * and shorter event-loop stalls with one.
 */
export function configureLibvips(): void {
  sharp.cache(false);
  if (process.env['VIPS_CONCURRENCY'] === undefined) sharp.concurrency(THREADS_PER_OPERATION);
  // Rendering threads run below the event loop (workers/thread-priority.ts).
  keepRenderingThreadsLow();
}

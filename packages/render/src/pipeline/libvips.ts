import sharp from 'sharp';
import { keepLibvipsThreadsLow } from '../workers/thread-priority.ts';

/**
 * Process-wide libvips settings for rendering untrusted origins, one request after another.
 * libvips' operation cache (sharp's default: 50 MB, 100 operations) keys on the input buffer,
 * and every request brings its own buffer, so it never hits and only holds memory (the delivery
 * benchmark, `npm run bench -- --only=delivery`: resident memory while rendering at full
 * concurrency). Threads per operation stay sharp's choice: one on glibc, whose allocator
 * fragments under libvips' threads.
 */
export function configureLibvips(): void {
  sharp.cache(false);
  // libvips' threads render below the event loop (workers/thread-priority.ts).
  keepLibvipsThreadsLow();
}

// The size of libuv's thread pool for a server process, which scripts/start.mjs sets in the
// environment it starts the server with: Node reads UV_THREADPOOL_SIZE once, when the pool first
// starts (its first file-system, crypto, DNS or sharp call), so it cannot be changed from inside.
import { CONFIG_SETTINGS } from '../config/settings.ts';
import type { Env } from '../config/setting.ts';

/**
 * Threads beside the renders, for the work around them on the same pool: reading origins and
 * uploads from disk, writing the render cache, password hashing (argon2), DNS lookups of HTTP
 * origins. libuv's own default of four, so that work never waits behind renders for longer than
 * in a process that renders nothing. They cost the uncached figure nothing measurable: on two
 * cores, with two renders at once, 2, 4 and 6 threads served 63, 60 and 59 req/s (57, 57 and 57
 * in another run), within the 50-62 req/s the same setup measures from one run to the next
 * (`npm run bench -- --only=workers`).
 */
export const THREADS_BESIDE_RENDERS = 4;
/** libuv's ceiling (uv_threadpool's MAX_THREADPOOL_SIZE). */
const MAX_THREADS = 1024;

export type ThreadPoolSizing =
  | { kind: 'sized'; threads: number; renders: number }
  /** The operator set UV_THREADPOOL_SIZE: theirs is kept. */
  | { kind: 'operator'; threads: string }
  /** RENDER_CONCURRENCY or WORKERS does not read: the server's configuration check says why. */
  | { kind: 'unreadable' };

/**
 * How many threads the server's pool needs: one per render it runs at once (libvips works on
 * the pool, one thread per operation: packages/render/src/pipeline/libvips.ts), so no render
 * waits for a thread while a render slot is free, plus THREADS_BESIDE_RENDERS. libuv's default
 * of four threads otherwise caps a process at four renders whatever RENDER_CONCURRENCY says.
 */
export function threadPoolSizing(env: Env): ThreadPoolSizing {
  const asked = env['UV_THREADPOOL_SIZE'];
  if (asked !== undefined && asked !== '') return { kind: 'operator', threads: asked };
  let renders: number;
  try {
    // Read as the server reads it, default included (CPU count / WORKERS).
    renders = CONFIG_SETTINGS.renderConcurrency.read(env);
  } catch {
    return { kind: 'unreadable' };
  }
  return {
    kind: 'sized',
    threads: Math.min(renders + THREADS_BESIDE_RENDERS, MAX_THREADS),
    renders,
  };
}

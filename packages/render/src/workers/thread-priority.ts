// The event loop answers every request (health checks, cache hits, the API), and renders run on
// other threads: libvips' workers, libuv's thread pool (where sharp runs its pipelines), the
// render worker threads and the AI process. On a machine whose cores the renders fill, the
// kernel shares each core evenly among the threads that want it, and the event loop waited its
// turn behind them: `/healthz` took 200-370 ms while three large renders ran on two cores.
// Rendering threads run at a lower priority (a higher nice value, per thread on Linux, see
// setpriority(2) NOTES): they still get every cycle nobody else wants, and the event loop gets a
// core as soon as it has work.
import { readdirSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of rendering threads: at 10 the kernel weighs them about a tenth of nice 0. */
export const RENDER_THREAD_NICE = 10;
/** How often new threads are looked for (libvips starts threads as renders need them). */
const SCAN_MS = 250;

const TASKS = '/proc/self/task';
const lowered = new Set<string>();
let scanner: NodeJS.Timeout | null = null;
/** The thread whose event loop serves requests: the one that asked to keep the others low. */
let servingTid: string | null = null;

function lower(tid: number): boolean {
  try {
    setPriority(tid, RENDER_THREAD_NICE);
    return true;
  } catch {
    // The thread has exited, or the system refuses: the render runs as it would have.
    return false;
  }
}

function ownTid(): string | null {
  try {
    return readlinkSync('/proc/thread-self').split('/').at(-1) ?? null;
  } catch {
    return null; // No /proc: threads keep the process's priority.
  }
}

/**
 * Lowers every thread of this process but the serving one, not lowered yet: libvips' workers,
 * and libuv's thread pool, where sharp runs each pipeline's own share of the work (decoding
 * formats read whole, encoding, metadata). Left at the event loop's priority, the pool's threads
 * took as much CPU as libvips' own in the hostile-input battery (`npm run battery --
 * --only=files`: 14.8 s against 12.5 s) and `/healthz` waited behind them. The pool's other
 * users (file reads of cache hits, password hashing) wait on I/O or can wait. V8's helper
 * threads are lowered too: the event loop's thread finishes a collection itself when they lag.
 */
export function lowerRenderingThreads(): void {
  const serving = servingTid ?? ownTid();
  let tids: string[];
  try {
    tids = readdirSync(TASKS);
  } catch {
    return; // Not Linux: threads keep the process's priority.
  }
  const present = new Set(tids);
  for (const tid of lowered) if (!present.has(tid)) lowered.delete(tid);
  for (const tid of tids) {
    if (tid === serving || lowered.has(tid)) continue;
    if (lower(Number(tid))) lowered.add(tid);
  }
}

/** Keeps every other thread of this process at the rendering priority from now on (idempotent). */
export function keepRenderingThreadsLow(): void {
  if (scanner !== null || process.platform !== 'linux') return;
  servingTid = ownTid();
  if (servingTid === null) return;
  lowerRenderingThreads();
  scanner = setInterval(lowerRenderingThreads, SCAN_MS);
  scanner.unref();
}

/**
 * Lowers the calling thread (a render worker thread, the AI process before its models start
 * their threads, which inherit it). Linux only: elsewhere setpriority would lower the process.
 */
export function lowerThisThread(): void {
  if (process.platform !== 'linux') return;
  const tid = Number(ownTid());
  if (Number.isInteger(tid) && tid > 0) lower(tid);
}

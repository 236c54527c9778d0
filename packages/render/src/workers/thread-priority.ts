// The event loop answers every request (health checks, cache hits, the API), and renders run on
// other threads: libvips' workers, the render worker threads and the AI process. On a machine
// whose cores the renders fill, the kernel shares each core evenly among the threads that want
// it, and the event loop waited its turn behind them: `/healthz` took 200-370 ms while three
// large renders ran on two cores. Rendering threads run at a lower priority (a higher nice
// value, per thread on Linux, see setpriority(2) NOTES): they still get every cycle nobody else
// wants, and the event loop gets a core as soon as it has work.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of rendering threads: at 10 the kernel weighs them about a tenth of nice 0. */
export const RENDER_THREAD_NICE = 10;
/** How often new libvips threads are looked for; they live on in libvips' thread set. */
const SCAN_MS = 250;
/** The name libvips gives its worker threads (threads they start inherit their priority). */
const LIBVIPS_THREAD = 'libvips worker';

const TASKS = '/proc/self/task';
const lowered = new Set<string>();
let scanner: NodeJS.Timeout | null = null;

function lower(tid: number): boolean {
  try {
    setPriority(tid, RENDER_THREAD_NICE);
    return true;
  } catch {
    // The thread has exited, or the system refuses: the render runs as it would have.
    return false;
  }
}

/** Lowers every libvips worker thread of this process not lowered yet. */
export function lowerLibvipsThreads(): void {
  let tids: string[];
  try {
    tids = readdirSync(TASKS);
  } catch {
    return; // Not Linux: threads keep the process's priority.
  }
  const present = new Set(tids);
  for (const tid of lowered) if (!present.has(tid)) lowered.delete(tid);
  for (const tid of tids) {
    if (lowered.has(tid)) continue;
    let name: string;
    try {
      name = readFileSync(`${TASKS}/${tid}/comm`, 'latin1').trim();
    } catch {
      continue;
    }
    if (name === LIBVIPS_THREAD && lower(Number(tid))) lowered.add(tid);
  }
}

/** Keeps libvips' worker threads at the rendering priority from now on (idempotent). */
export function keepLibvipsThreadsLow(): void {
  if (scanner !== null || process.platform !== 'linux') return;
  lowerLibvipsThreads();
  scanner = setInterval(lowerLibvipsThreads, SCAN_MS);
  scanner.unref();
}

/**
 * Lowers the calling thread (a render worker thread, the AI process before its models start
 * their threads, which inherit it). Linux only: elsewhere setpriority would lower the process.
 */
export function lowerThisThread(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) lower(tid);
  } catch {
    // No /proc: the thread keeps its priority.
  }
}

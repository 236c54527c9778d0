import { currentDeadline } from '../pipeline/render-deadline.ts';
import { renderWorkers } from './pool.ts';

/** Memory pages, as the kernel faults them in. */
const PAGE_BYTES = 4096;

/**
 * Memory of `bytes` that a worker thread has written to once, so that the kernel has already
 * mapped every page: shared, it crosses between threads without a copy.
 */
export function faultedSharedMemory(bytes: number): Uint8Array {
  const view = new Uint8Array(new SharedArrayBuffer(bytes));
  for (let at = 0; at < bytes; at += PAGE_BYTES) view[at] = 0;
  return view;
}

/**
 * `data` in memory shared with the render workers, for a task to read and write in place.
 * sharp's output buffers cannot be handed to another thread (V8 cannot detach external
 * memory), and postMessage serialised them on the event loop: about 40 ms per 12 MB here,
 * seconds at the pixel budget. Copying into fresh memory costs the same, because the first
 * write to each page is a page fault (about 3 ms a megabyte on this virtual machine). So a
 * worker faults the memory in, and the event loop only copies into it: 3 ms for 48 MB.
 */
export async function sharedCopy(data: Uint8Array): Promise<Uint8Array> {
  const shared = await renderWorkers().run(
    'sharedMemory',
    { bytes: data.byteLength },
    { signal: currentDeadline().signal },
  );
  shared.set(data);
  return shared;
}

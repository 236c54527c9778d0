import { currentDeadline } from '../pipeline/render-deadline.ts';
import { renderWorkers } from './pool.ts';

/** Memory pages, as the kernel faults them in. */
const PAGE_BYTES = 4096;

/**
 * Zeroed memory of `bytes` whose every page this thread has written to once, so that the
 * kernel has mapped them all: the thread that calls this pays for the page faults.
 */
export function faultedMemory(bytes: number): Uint8Array<ArrayBuffer> {
  const view = new Uint8Array(bytes);
  for (let at = 0; at < bytes; at += PAGE_BYTES) view[at] = 0;
  return view;
}

/**
 * `data` in memory a render worker has faulted in, to be transferred (not copied) to a task.
 * sharp's output buffers cannot be transferred (V8 cannot detach external memory), and
 * postMessage serialised them on the event loop: about 40 ms per 12 MB here, seconds at the
 * pixel budget. Copying into fresh memory on the event loop costs the same, because the first
 * write to each page is a page fault (about 3 ms a megabyte on this virtual machine). So a
 * worker faults the memory in and transfers it here, and the event loop only copies into it
 * (3 ms for 48 MB). Transferred both ways, the memory is never held by two threads at once,
 * so it is freed with the last reference, not whenever an idle worker happens to collect.
 */
export async function copyForWorker(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const memory = await renderWorkers().run(
    'faultedMemory',
    { bytes: data.byteLength },
    { signal: currentDeadline().signal },
  );
  memory.set(data);
  return memory;
}

// Origin files read whole from this server's disk land in reused buffers. Every uncached render
// reads its origin into memory, and a fresh buffer each time is external memory that V8 counts
// against the old generation's allocation limit without growing that limit: under `npm run
// bench`'s uncached load (a 270 kB JPEG, ~60 renders a second) it started a full collection of
// the ~65 MB heap about twice a second; with reused buffers, a few a minute. A leased buffer
// goes back to the pool once the render is done with it.

/** Bytes on loan from a pool: `bytes` is valid until `release()`, which is safe to call twice. */
export interface BufferLease {
  bytes: Buffer;
  release(): void;
}

export interface BufferPoolOptions {
  /** The smallest buffer handed out; smaller requests get one of this size. */
  minBufferBytes: number;
  /** Requests above this get a buffer of their own, never pooled. */
  maxBufferBytes: number;
  /** Bytes the pool may keep idle across all sizes; released buffers past it are dropped. */
  maxIdleBytes: number;
}

export class BufferPool {
  readonly #options: BufferPoolOptions;
  /** Idle buffers by size (powers of two), most recently released last. */
  readonly #idle = new Map<number, Buffer[]>();
  #idleBytes = 0;

  constructor(options: BufferPoolOptions) {
    this.#options = options;
  }

  /** Bytes held idle, for tests and diagnostics. */
  get idleBytes(): number {
    return this.#idleBytes;
  }

  /** A buffer of exactly `size` bytes (a view on a pooled one when the size is pooled). */
  lease(size: number): BufferLease {
    if (size > this.#options.maxBufferBytes) {
      return { bytes: Buffer.allocUnsafeSlow(size), release: () => {} };
    }
    const capacity = sizeClass(Math.max(size, this.#options.minBufferBytes));
    const reused = this.#idle.get(capacity)?.pop();
    if (reused !== undefined) this.#idleBytes -= capacity;
    const buffer = reused ?? Buffer.allocUnsafeSlow(capacity);
    let released = false;
    return {
      bytes: buffer.subarray(0, size),
      release: () => {
        if (released) return;
        released = true;
        this.#keep(buffer);
      },
    };
  }

  #keep(buffer: Buffer): void {
    if (this.#idleBytes + buffer.length > this.#options.maxIdleBytes) return;
    const idle = this.#idle.get(buffer.length);
    if (idle === undefined) this.#idle.set(buffer.length, [buffer]);
    else idle.push(buffer);
    this.#idleBytes += buffer.length;
  }
}

/** The power of two at or above `size`. */
function sizeClass(size: number): number {
  return 2 ** Math.ceil(Math.log2(size));
}

/**
 * The pool managed storage reads origins into. Buffers of up to 16 MiB are reused (a large
 * photo); at most 32 MiB wait idle, a small part of the memory budget of one server process.
 */
export const originReadBuffers = new BufferPool({
  minBufferBytes: 64 * 1024,
  maxBufferBytes: 16 * 1024 * 1024,
  maxIdleBytes: 32 * 1024 * 1024,
});

// The renders of render jobs (AI renders, video transcodes and streams) for every process: a job
// runs in one process, whose render caches are its own, while the requests waiting for its
// render arrive at any process. So the job also writes each render it makes to the install's
// object store (OBJECT_STORE_URL), under `renders/{sourceId}/{pathHash}/{key}.render`, before
// its job is recorded done; a process whose own caches miss a job's render reads it from there
// and keeps it in its caches. Without OBJECT_STORE_URL there is no SharedRenders: one process,
// or processes sharing DATA_DIR, find a job's render in the disk cache
// (docs/ARCHITECTURE.md, "An AI render").
import { Readable } from 'node:stream';
import { putObject, type ObjectStore } from '../storage/object-store/index.ts';
import { StorageError } from '../storage/types.ts';
import type { CachedRender, RenderLocation } from './cached-render.ts';

/** The folder of the object store the renders of render jobs are kept in. */
export const SHARED_RENDERS_FOLDER = 'renders';

const MAGIC = Buffer.from('DRS1');

type Header = Omit<CachedRender, 'body'>;

/** The object's parts: magic, header length, the header's JSON, then the body as it is. */
function encode(render: CachedRender): Buffer[] {
  const { body, ...header } = render;
  const json = Buffer.from(JSON.stringify(header satisfies Header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return [Buffer.concat([MAGIC, length, json]), body];
}

/** The render an object holds (its body copied: `bytes` goes back to a pool), or null. */
function decode(bytes: Buffer): CachedRender | null {
  if (bytes.length < 8 || !bytes.subarray(0, 4).equals(MAGIC)) return null;
  const length = bytes.readUInt32BE(4);
  if (8 + length > bytes.length) return null;
  try {
    const header = JSON.parse(bytes.subarray(8, 8 + length).toString('utf8')) as Header;
    return { ...header, body: Buffer.from(bytes.subarray(8 + length)) };
  } catch {
    return null;
  }
}

export class SharedRenders {
  readonly #store: ObjectStore;
  readonly #maxBytes: number;

  /** `store` is the install's object store; `maxBytes`, the largest object kept in it. */
  constructor(store: ObjectStore, maxBytes: number) {
    this.#store = store.within(SHARED_RENDERS_FOLDER);
    this.#maxBytes = maxBytes;
  }

  /** The render a job left at `location`, or null when there is none (yet). */
  async read(location: RenderLocation): Promise<CachedRender | null> {
    let object;
    try {
      object = await this.#store.readWhole(keyOf(location), this.#maxBytes);
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not_found') return null;
      throw error;
    }
    try {
      return decode(object.bytes);
    } finally {
      object.release();
    }
  }

  /** Whether a job left a render at `location`, without reading it. */
  async has(location: RenderLocation): Promise<boolean> {
    try {
      await this.#store.head(keyOf(location));
      return true;
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not_found') return false;
      throw error;
    }
  }

  /**
   * Keeps a job's render for every process. One larger than the cap is not kept, as the disk
   * cache keeps none larger than its own cap: such a render is made again when asked again.
   */
  async write(location: RenderLocation, render: CachedRender): Promise<void> {
    const parts = encode(render);
    const size = parts.reduce((total, part) => total + part.length, 0);
    if (size > this.#maxBytes) return;
    await putObject(this.#store, keyOf(location), Readable.from(parts), {
      maxBytes: size,
      contentType: 'application/octet-stream',
    });
  }

  /** Removes the renders of one origin path of a source, or all of the source's. */
  async purge(sourceId: string, pathHash: string | null): Promise<void> {
    await this.#removeBelow(pathHash === null ? `${sourceId}/` : `${sourceId}/${pathHash}/`);
  }

  async #removeBelow(prefix: string): Promise<void> {
    let cursor: string | null = null;
    do {
      const page = await this.#store.list(prefix, cursor);
      for (const object of page.objects) await this.#store.delete(object.key);
      for (const folder of page.folders) await this.#removeBelow(folder);
      cursor = page.cursor;
    } while (cursor !== null);
  }
}

function keyOf(location: RenderLocation): string {
  return `${location.sourceId}/${location.pathHash}/${location.key}.render`;
}

// Producing the render a resolved request asks for: the render caches first, then, on a miss,
// the origin and the renderer, one render per key at a time. Work that takes longer than a
// request may wait (an AI render, a video transcode) is not done here: the producer says it is
// deferred to its job, and the caller answers 423 while the job renders into the caches.
import { needsAiRender, type AiModels } from '@darkroom/render';
import { AI_RENDER_JOB, VIDEO_RENDER_JOB } from '../jobs/kinds.ts';
import type { CachedRender, RenderLocation } from './cached-render.ts';
import { fetchOriginImage, OriginFailure, type OriginImage } from './origin-fetch.ts';
import type { RenderCaches } from './render-caches.ts';
import type { Renderer } from './renderer.ts';
import type { RenderInput } from './resolve.ts';
import type { SharedRenders } from './shared-renders.ts';
import { isJobVideoWork } from './video-renders.ts';

/** A render at hand: `fresh` when this request rendered it (a miss), else read from a cache. */
export interface Produced {
  kind: 'produced';
  render: CachedRender;
  fresh: boolean;
  renderMs: number | null;
  originBytes: number | null;
  originMs: number | null;
}

/** A render left to its durable job, which leaves it in the caches. */
export interface Deferred {
  kind: 'deferred';
  job: typeof AI_RENDER_JOB | typeof VIDEO_RENDER_JOB;
}

function cachedRender(render: CachedRender): Produced {
  return {
    kind: 'produced',
    render,
    fresh: false,
    renderMs: null,
    originBytes: null,
    originMs: null,
  };
}

/** Reads a source's origin image, any failure to reach the storage an OriginFailure. */
export async function readOrigin(input: RenderInput): Promise<OriginImage> {
  const adapter = await input.source.adapter().catch((error: unknown) => {
    throw new OriginFailure(502, 'The source storage is not configured correctly.', {
      cause: error,
    });
  });
  return fetchOriginImage(adapter, input.path);
}

/**
 * The job a render is left to, or null to render it now. Video jobs first: fm=mp4 is premium for
 * a still, whose job (a video job) renders it too.
 */
function deferredTo(input: RenderInput, premiumModels?: AiModels): Deferred['job'] | null {
  if (isJobVideoWork(input.video)) return VIDEO_RENDER_JOB;
  if (premiumModels === undefined && needsAiRender(input.params)) return AI_RENDER_JOB;
  return null;
}

export class RenderProducer {
  readonly #caches: RenderCaches;
  readonly #renderer: Renderer;
  /** Where render jobs leave their renders for every process; null: the disk cache is shared. */
  readonly #shared: SharedRenders | null;
  readonly #inflight = new Map<string, Promise<Produced | Deferred>>();

  constructor(caches: RenderCaches, renderer: Renderer, shared: SharedRenders | null = null) {
    this.#caches = caches;
    this.#renderer = renderer;
    this.#shared = shared;
  }

  /**
   * The render of a request that missed the memory cache. Concurrent identical requests share
   * the first one's work (single flight), and are counted as hits.
   */
  async produce(
    identity: string,
    location: RenderLocation,
    input: RenderInput,
  ): Promise<Produced | Deferred> {
    if (!this.#caches.enabled) return this.readOrRender(identity, location, input);
    const running = this.#inflight.get(location.key);
    if (running !== undefined) {
      const shared = await running;
      return shared.kind === 'produced' ? cachedRender(shared.render) : shared;
    }
    const work = this.readOrRender(identity, location, input).finally(() => {
      this.#inflight.delete(location.key);
    });
    this.#inflight.set(location.key, work);
    return work;
  }

  /**
   * The render from the disk cache, or rendered now. `premiumModels` are given by the AI render
   * job, which renders what requests defer to it.
   */
  async readOrRender(
    identity: string,
    location: RenderLocation,
    input: RenderInput,
    premiumModels?: AiModels,
  ): Promise<Produced | Deferred> {
    const caching = this.#caches.enabled;
    const stored = await this.#caches.fromDisk(identity, location);
    if (stored !== null) return cachedRender(stored);
    // Without a render cache there is nowhere for a job to leave its result: render inline.
    const job = caching ? deferredTo(input, premiumModels) : null;
    if (job !== null) {
      // The job may have run in another process, which left its render in the object store.
      const shared = await this.#shared?.read(location);
      if (shared == null) return { kind: 'deferred', job };
      await this.#caches.store(identity, location, shared);
      return cachedRender(shared);
    }
    const origin = await readOrigin(input);
    const { video } = input;
    const rendered = isJobVideoWork(video)
      ? await this.#renderer.videoInline(identity, { ...input, video }, origin)
      : await this.#renderer.image(input, origin, premiumModels);
    if (!isJobVideoWork(video)) await this.#caches.store(identity, location, rendered.render);
    return {
      kind: 'produced',
      render: rendered.render,
      fresh: true,
      renderMs: rendered.renderMs,
      originBytes: origin.bytes.length,
      originMs: origin.fetchMs,
    };
  }
}

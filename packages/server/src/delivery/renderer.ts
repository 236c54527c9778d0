// Producing the bytes of a render once its origin is read: the image pipeline under the render
// queue and RENDER_TIMEOUT_MS (a premium render, in its job, under AI_TIMEOUT_MS instead), and
// the video engine. Nothing here knows of caches or HTTP.
import { performance } from 'node:perf_hooks';
import {
  render,
  RenderError,
  videoPoster,
  type AiModels,
  type GenerativeEditor,
  type RenderResult,
  type SubtitleProvider,
} from '@darkroom/render';
import type { Config } from '../config.ts';
import type { StorageOptions } from '../storage/types.ts';
import { aiHeaders } from './ai-headers.ts';
import { strongEtag, type CachedRender } from './cached-render.ts';
import type { OriginImage } from './origin-fetch.ts';
import { overlayFetcher } from './overlay-fetch.ts';
import { RenderQueue, runWithDeadline } from './render-queue.ts';
import type { RenderInput } from './resolve.ts';
import { subtitleFetcher } from './subtitle-fetch.ts';
import { isStreamWork, isVideoPath, videoVariant } from './video-request.ts';
import {
  isAnimatedImage,
  renderVideoWork,
  type JobVideoWork,
  type VideoRenderOutput,
} from './video-renders.ts';

export interface RendererOptions {
  config: Pick<
    Config,
    | 'renderConcurrency'
    | 'renderQueueSize'
    | 'renderTimeoutMs'
    | 'renderMaxSide'
    | 'renderMaxMegapixels'
    | 'renderMaxFrames'
    | 'renderMaxMemoryMb'
    | 'aiTimeoutMs'
    | 'videoLimits'
    | 'videoConcurrency'
  >;
  storage: StorageOptions;
  /** Face detection for face-aware parameters (a worker process in production). */
  detector?: AiModels | undefined;
  /** The generative provider (GENERATIVE_API_URL) for premium renders; absent when unset. */
  generative?: GenerativeEditor | undefined;
  /** The same provider's transcriptions and translations, for subtitles; absent when unset. */
  subtitles?: SubtitleProvider | undefined;
}

/** A render result as the caches keep it, with the origin's Cache-Control beside it. */
async function cachedRender(result: RenderResult, origin: OriginImage): Promise<CachedRender> {
  return {
    body: result.body,
    contentType: result.contentType,
    etag: await strongEtag(result.body),
    variesOnAccept: result.variesOnAccept,
    originCacheControl: origin.cacheControl,
    premium: result.premium,
  };
}

/** A render as the caches keep it, and how long it took. */
export interface RenderedImage {
  render: CachedRender;
  renderMs: number;
}

export class Renderer {
  readonly #options: RendererOptions;
  readonly #queue: RenderQueue;
  /** Video renders made in the request (no render cache to leave a job's result in). */
  readonly #videoQueue: RenderQueue;

  constructor(options: RendererOptions) {
    this.#options = options;
    const { config } = options;
    this.#queue = new RenderQueue({
      concurrency: config.renderConcurrency,
      maxWaiting: config.renderQueueSize,
    });
    this.#videoQueue = new RenderQueue({
      concurrency: Math.max(1, config.videoConcurrency),
      maxWaiting: config.renderQueueSize,
    });
  }

  /** The image render of `input` from the origin, as the caches keep it. */
  async image(
    input: RenderInput,
    origin: OriginImage,
    premiumModels?: AiModels,
  ): Promise<RenderedImage> {
    const started = performance.now();
    const result = await this.#render(input, origin.bytes, premiumModels);
    // The answer is new bytes and the render is over: the origin's buffer can be reused. A
    // failed or timed-out render may still be decoding it, so it is left to the collector.
    origin.release();
    const renderMs = Math.round(performance.now() - started);
    const headers = aiHeaders(result);
    return {
      render: { ...(await cachedRender(result, origin)), ...(headers === null ? {} : { headers }) },
      renderMs,
    };
  }

  /**
   * Renders a video work of the origin: the video engine, except fm=mp4 of a GIF or WebP with
   * one frame, which is image to video (the image pipeline, with its capability check).
   * `subtitles` is the provider subtitles are made with (a job's remembers its answers).
   */
  async video(
    input: RenderInput & { video: JobVideoWork },
    origin: OriginImage,
    signal: AbortSignal,
    subtitles: SubtitleProvider | null = this.#options.subtitles ?? null,
  ): Promise<VideoRenderOutput> {
    const { video } = input;
    if (
      video.kind === 'transcode' &&
      !isVideoPath(input.path) &&
      !(await isAnimatedImage(origin.bytes))
    ) {
      if (video.format !== 'mp4') {
        throw new RenderError(
          400,
          `fm=${video.format} needs a video or an animation; this image has one frame.`,
        );
      }
      const result = await this.#render({ ...input, video: null }, origin.bytes);
      const rendered = await cachedRender(result, origin);
      return {
        entries: [{ variant: videoVariant(video), render: rendered }],
        encodedMs: null,
        premium: rendered.premium,
      };
    }
    return renderVideoWork(video, {
      bytes: origin.bytes,
      params: input.params,
      limits: this.#options.config.videoLimits,
      originCacheControl: origin.cacheControl,
      signal,
      detector: this.#options.detector,
      subtitles,
      fetchSubtitles: subtitleFetcher({
        source: input.source,
        storage: this.#options.storage,
      }),
    });
  }

  /**
   * A video render in the request, when there is no render cache for a job to leave it in:
   * under VIDEO_CONCURRENCY and the render timeout. A stream has many files and needs the cache.
   */
  async videoInline(
    identity: string,
    input: RenderInput & { video: JobVideoWork },
    origin: OriginImage,
  ): Promise<RenderedImage> {
    if (isStreamWork(input.video)) {
      throw new RenderError(
        422,
        `${input.video.kind === 'hls' ? 'HLS' : 'DASH'} streaming needs the render cache, which this server has switched off (RENDER_CACHE_MAX_BYTES=0).`,
      );
    }
    const timeoutMs = this.#options.config.renderTimeoutMs;
    const started = performance.now();
    const output = await runWithDeadline(
      this.#videoQueue,
      timeoutMs,
      (signal) => this.video(input, origin, signal),
      () => new RenderError(504, `The video took longer than ${timeoutMs} ms to render.`),
    );
    const entry = output.entries.find((candidate) => identity.endsWith(`\n${candidate.variant}`));
    if (entry === undefined) throw new Error('The video render left no answer for the request.');
    return { render: entry.render, renderMs: Math.round(performance.now() - started) };
  }

  /**
   * Renders in the queue, answering 504 once RENDER_TIMEOUT_MS pass. A premium render (its
   * job, with the models given) runs outside the queue, which the job runner bounds instead,
   * under AI_TIMEOUT_MS.
   */
  #render(input: RenderInput, bytes: Buffer, premiumModels?: AiModels): Promise<RenderResult> {
    const { config, detector, generative, storage } = this.#options;
    const premium = premiumModels !== undefined;
    const timeoutMs = premium ? config.aiTimeoutMs : config.renderTimeoutMs;
    const work = async (signal: AbortSignal) =>
      render({
        // A video path in an image format renders its poster frame like an image (imgix's
        // video thumbnails: docs.imgix.com/apis/rendering/video).
        input:
          input.video?.kind === 'poster'
            ? await videoPoster({
                input: bytes,
                params: input.params,
                limits: config.videoLimits,
                signal,
              })
            : bytes,
        params: input.params,
        accept: input.accept,
        clientHints: input.hints,
        fetchImage: overlayFetcher({ source: input.source, originPath: input.path, storage }),
        // The budget checked before any pixel is decoded (RENDER_MAX_*, render's budget.ts).
        limits: {
          timeoutMs,
          maxOutputSide: config.renderMaxSide,
          maxInputPixels: config.renderMaxMegapixels * 1_000_000,
          maxFrames: config.renderMaxFrames,
          maxMemoryBytes: config.renderMaxMemoryMb * 1024 * 1024,
        },
        signal,
        ...(premium ? { ai: premiumModels } : detector ? { ai: detector } : {}),
        ...(premium && generative ? { generative } : {}),
        imageToVideo: input.source.capabilities.has('image_to_video'),
      });
    if (premium) return work(AbortSignal.timeout(timeoutMs));
    return runWithDeadline(
      this.#queue,
      timeoutMs,
      work,
      () => new RenderError(504, `The image took longer than ${timeoutMs} ms to render.`),
    );
  }
}

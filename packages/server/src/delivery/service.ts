// The delivery pipeline of one request (ARCHITECTURE.md, delivery/): source checks, signature,
// parameters, expiry, then the render caches (memory, disk), and only on a miss the origin and
// the render queue. Every answer is metered. Hits in memory can also be answered from node:http
// directly (fast-path.ts), through the same checks, so both paths answer alike.
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  effectiveCapabilities,
  missingCapability,
  missingCapabilityMessage,
  requiredCapabilities,
  type CapabilityName,
  type Params,
} from '@darkroom/core';
import {
  render,
  RenderError,
  HLS_MEDIA_TYPES,
  needsAiRender,
  videoPoster,
  type AiModels,
  type GenerativeEditor,
  type ClientHints,
  type RenderResult,
} from '@darkroom/render';
import type { Config } from '../config.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema, SourceRow } from '../db/schema.ts';
import { capabilityGrants, installedCapabilitiesOf } from '../store/capabilities.ts';
import { storageOptions, type StorageAdapterFactory } from '../api/origin-check.ts';
import {
  combineRunners,
  createJobRunner,
  PermanentJobError,
  type JobRunner,
} from '../jobs/runner.ts';
import { findSourceByHost, onSourceChange } from '../store/sources.ts';
import type { StorageOptions } from '../storage/types.ts';
import {
  AI_RENDER_JOB,
  jobErrorText,
  renderHeaders,
  requestAiRender,
  type AiRenderPayload,
} from './ai-renders.ts';
import { aiHeaders } from './ai-headers.ts';
import {
  baseHeaders,
  errorAnswer,
  sendAnswer,
  withDashboardCors,
  writeAnswer,
  type Answer,
} from './answers.ts';
import { byteRange } from './byte-range.ts';
import { pathHash, strongEtag, type CachedRender, type RenderLocation } from './cached-render.ts';
import { deliverySource, type DeliverySource } from './delivery-source.ts';
import { DiskRenderCache } from './disk-cache.ts';
import { FALLBACK_HEADER, fetchFallback } from './fallback.ts';
import { HitAnswers, type HitAnswer } from './hit-answers.ts';
import type { HitResponse } from './raw-http.ts';
import { MemoryRenderCache } from './memory-cache.ts';
import { UsageMeter } from './metering.ts';
import { OriginFailure, fetchOriginImage, type OriginImage } from './origin-fetch.ts';
import { originPath } from './origin-path.ts';
import { overlayFetcher } from './overlay-fetch.ts';
import { ParamsCache } from './params-cache.ts';
import { clientHintsOf, renderIdentity, renderKey, varyHeaders } from './render-key.ts';
import { QueueFullError, RenderQueue, runWithDeadline } from './render-queue.ts';
import { SourceCache } from './source-cache.ts';
import { playlistForRequest } from './hls-uris.ts';
import {
  isVideoPath,
  splitStreamQuery,
  videoVariant,
  videoWorkOf,
  type VideoWork,
} from './video-request.ts';
import {
  isAnimatedImage,
  isJobVideoWork,
  renderVideoWork,
  requestVideoRender,
  VIDEO_RENDER_JOB,
  VIDEO_RENDER_TIMEOUT_MS,
  type JobVideoWork,
  type VideoRenderOutput,
} from './video-renders.ts';
import { refusal } from './refusal.ts';
import { parseRequestTarget, queryWithoutSignature, type RequestTarget } from './request-target.ts';
import {
  CORS_HEADERS,
  contentDisposition,
  errorCacheControl,
  etagMatches,
  successCacheControl,
} from './response-headers.ts';

/** Source lookups are trusted this long; edits in this process drop them at once. */
const SOURCE_CACHE_TTL_MS = 5_000;
const SOURCE_CACHE_MAX_HOSTS = 10_000;
const PARAMS_CACHE_MAX_QUERIES = 10_000;
const HIT_ANSWERS_MAX_TARGETS = 10_000;
/** How long a hot render is served from memory before the disk is asked again (purges elsewhere). */
const MEMORY_FRESH_MS = 10_000;

export interface DeliveryDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  storageAdapterFactory: StorageAdapterFactory;
  log: FastifyBaseLogger;
  /** Face detection for face-aware parameters (a worker process in production). */
  detector?: AiModels;
  /** The generative provider (GENERATIVE_API_URL) for premium renders; absent when unset. */
  generative?: GenerativeEditor;
}

export { AI_RENDER_JOB };

/** A miss of a premium render outside its job: the request is answered 423 while a job renders. */
class AiRenderPending extends Error {}

/** A miss of a video transcode or stream outside its job: answered 423 while a job renders. */
class VideoRenderPending extends Error {}

interface Usage {
  path: string;
  cache: 'hit' | 'miss' | 'none';
  renderMs: number | null;
  originBytes: number | null;
  originMs: number | null;
  premium: boolean;
  /** Milliseconds of video encoded by this request (a video job's), for the video metrics. */
  encodedMs?: number | null;
  /** The answer's video length and size, to meter the milliseconds delivered (a range counts its share). */
  video?: { ms: number; bytes: number } | null;
}

interface Outcome {
  answer: Answer;
  usage: Usage;
}

/** What delivery reads of a request, the same whether Fastify or node:http hands it over. */
export interface DeliveryRequest {
  method: string;
  /** The request target exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The lowercased host the source was found by (Host, or X-Forwarded-Host behind a proxy). */
  host?: string;
  /** The request's own logger (with its id) when Fastify has one. */
  log?: FastifyBaseLogger;
}

/** A request that passed every check before the render caches: what finding its render needs. */
interface Lookup {
  usage: Usage;
  identity: string;
  /** The identity without the video variant: a stream's files share it. */
  baseIdentity: string;
  target: RequestTarget;
  input: RenderInput;
  /** The query without `s`, for fallback URLs. */
  query: string;
  secondsLeft: number | null;
}

/** A render as produced for one request: `fresh` when this request rendered it. */
interface Produced {
  render: CachedRender;
  fresh: boolean;
  renderMs: number | null;
  originBytes: number | null;
  originMs: number | null;
}

interface RenderInput {
  source: DeliverySource;
  path: string;
  params: Params;
  /** What the video engine does for the request; null for the image pipeline. */
  video: VideoWork | null;
  accept: string | null;
  hints: ClientHints;
}

function hostOf(request: DeliveryRequest): string {
  return request.host ?? (headerText(request, 'host') ?? '').toLowerCase();
}

function headerText(request: DeliveryRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * The ready-made answer of a hit whose headers depend on nothing but the request target, the
 * source and the render (If-None-Match aside); null when they also depend on the clock
 * (`expires`) or on request headers (Accept under `auto=format`, client hints under `ch`).
 */
function hitAnswer(
  source: DeliverySource,
  render: CachedRender,
  lookup: Lookup,
  headers: Readonly<Record<string, string>>,
): HitAnswer | null {
  const { params, path: originPathName } = lookup.input;
  if (params.has('expires') || params.has('ch') || params.strings('auto').includes('format')) {
    return null;
  }
  // A playlist's addresses are written per request (hls-uris.ts).
  if (render.contentType === HLS_MEDIA_TYPES.m3u8) return null;
  return {
    source,
    render: new WeakRef(render),
    identity: lookup.identity,
    path: originPathName,
    headers: { ...headers, 'content-length': String(render.body.length) },
    notModifiedHeaders: { ...headers },
  };
}

/**
 * An answer of an HLS stream, readable across origins whatever the source's CORS setting: a
 * player built on Media Source Extensions (hls.js) fetches playlists and segments with XHR,
 * and must read a 423 to know to wait. The files are as public as the video they stream.
 */
function streamable(answer: Answer): Answer {
  return { ...answer, headers: { ...answer.headers, ...CORS_HEADERS } };
}

/** The video length and size of a render, for metering; null for anything but video. */
function videoOf(render: CachedRender): { ms: number; bytes: number } | null {
  return render.videoMs === undefined ? null : { ms: render.videoMs, bytes: render.body.length };
}

export class Delivery {
  readonly #config: Readonly<Config>;
  readonly #db: Kysely<DatabaseSchema>;
  readonly #log: FastifyBaseLogger;
  readonly #storage: StorageOptions;
  readonly #sources: SourceCache<DeliverySource>;
  readonly #params = new ParamsCache(PARAMS_CACHE_MAX_QUERIES);
  readonly #hitAnswers = new HitAnswers(HIT_ANSWERS_MAX_TARGETS);
  readonly #memory: MemoryRenderCache;
  readonly #disk: DiskRenderCache;
  readonly #queue: RenderQueue;
  /** Video renders made in the request (no render cache to leave a job's result in). */
  readonly #videoQueue: RenderQueue;
  readonly #meter: UsageMeter;
  readonly #caching: boolean;
  readonly #inflight = new Map<string, Promise<Produced>>();
  readonly #stopListening: () => void;
  readonly #detector: AiModels | undefined;
  readonly #generative: GenerativeEditor | undefined;
  #closed = false;
  /** VIDEO_CONCURRENCY runners of video jobs; tests drain them (`app.delivery.videoJobs`). */
  readonly videoJobs: JobRunner;

  constructor(deps: DeliveryDependencies) {
    this.#config = deps.config;
    this.#db = deps.db;
    this.#log = deps.log;
    this.#detector = deps.detector;
    this.#generative = deps.generative;
    this.#storage = storageOptions(deps.config);
    this.#sources = new SourceCache<DeliverySource>({
      load: async (host) => {
        const row = await findSourceByHost(this.#db, host, deps.config.deliveryDomain, {
          includeDisabled: true,
        });
        if (row === undefined) return null;
        return deliverySource(row, deps, await this.#capabilitiesOf(row));
      },
      idOf: (source) => source.id,
      ttlMs: SOURCE_CACHE_TTL_MS,
      maxEntries: SOURCE_CACHE_MAX_HOSTS,
    });
    this.#stopListening = onSourceChange((sourceId) => this.#sources.invalidate(sourceId));
    // RENDER_CACHE_MAX_BYTES=0 switches caching off altogether: every request renders.
    this.#caching = deps.config.renderCacheMaxBytes > 0;
    this.#memory = new MemoryRenderCache({
      maxBytes: this.#caching ? deps.config.renderMemoryCacheBytes : 0,
      freshForMs: MEMORY_FRESH_MS,
    });
    this.#disk = new DiskRenderCache({
      directory: path.join(deps.config.dataDir, 'render-cache'),
      maxBytes: deps.config.renderCacheMaxBytes,
      onError: (error) => this.#log.warn({ err: error }, 'render cache write failed'),
    });
    this.#queue = new RenderQueue({
      concurrency: deps.config.renderConcurrency,
      maxWaiting: deps.config.renderQueueSize,
    });
    this.#videoQueue = new RenderQueue({
      concurrency: Math.max(1, deps.config.videoConcurrency),
      maxWaiting: deps.config.renderQueueSize,
    });
    this.videoJobs = combineRunners(
      Array.from({ length: deps.config.videoConcurrency }, () =>
        createJobRunner({
          db: this.#db,
          handlers: {
            [VIDEO_RENDER_JOB]: async (job) => {
              await this.renderVideoInBackground(job.payload as unknown as AiRenderPayload);
            },
          },
          leaseMs: VIDEO_RENDER_TIMEOUT_MS + 60_000,
          onError: (error, job) =>
            this.#log.warn({ err: error, jobId: job?.id, kind: job?.kind }, 'video render failed'),
        }),
      ),
    );
    this.#meter = new UsageMeter({
      db: this.#db,
      onError: (error, dropped) =>
        this.#log.error({ err: error, dropped }, 'usage events could not be written'),
    });
  }

  /**
   * The premium capabilities a source may use: its own and its account's grants, within what
   * this install can run. The demo source shows every feature the install has.
   */
  async #capabilitiesOf(row: SourceRow): Promise<ReadonlySet<CapabilityName>> {
    const installed = installedCapabilitiesOf(this.#config);
    if (row.is_demo) return new Set(installed);
    const grants = await capabilityGrants(this.#db, row.id);
    const granted = new Set(effectiveCapabilities(grants?.account ?? [], grants?.source ?? []));
    return new Set(installed.filter((name) => granted.has(name)));
  }

  /** Indexes the disk cache a previous run left (in the background). */
  start(): void {
    this.#disk.start().catch((error: unknown) => {
      this.#log.warn({ err: error }, 'render cache could not be indexed');
    });
    this.videoJobs.start();
  }

  /** Stops listening for source edits and writes the usage events still buffered. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopListening();
    await this.videoJobs.stop();
    await this.#meter.close();
  }

  /** Writes buffered usage events now (tests, shutdown). */
  flushUsage(): Promise<void> {
    return this.#meter.flush();
  }

  /** The source a delivery host names (lowercased Host header), or null. */
  source(host: string): Promise<DeliverySource | null> {
    return this.#sources.get(host);
  }

  /** Drops the cached renders of one origin path of a source, or all of them when path is null. */
  async purge(sourceId: string, originPathOrAll: string | null): Promise<void> {
    const hash = originPathOrAll === null ? null : pathHash(originPathOrAll);
    this.#memory.purge(sourceId, hash);
    await this.#disk.purge(sourceId, hash);
  }

  /** Answers a request on a delivery host; `source` null means no source has the host. */
  async handle(
    request: DeliveryRequest,
    reply: FastifyReply,
    source: DeliverySource | null,
  ): Promise<FastifyReply> {
    if (source === null) {
      return sendAnswer(
        reply,
        errorAnswer(404, 'No source is configured for this host.', null),
        request.method,
      );
    }
    const { answer, usage } = await this.#serve(request, source);
    sendAnswer(
      reply,
      withDashboardCors(answer, request.host, headerText(request, 'origin') ?? undefined),
      request.method,
    );
    this.#record(request, source, answer.status, answer.body, usage);
    return reply;
  }

  /**
   * Answers straight on the node:http response when the host's source and the render are both
   * in memory, without waiting for anything: the cache-hit path, well above the rate Fastify's
   * request lifecycle allows on the same machine. Returns false, having written nothing, for
   * every other request (misses, errors, lookups not yet cached), for the Fastify route to
   * answer. `host` is the lowercased Host the request is served for.
   */
  answerFromMemory(request: DeliveryRequest, response: HitResponse, host: string): boolean {
    if (this.#closed || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    // Ranges are rare (video seeking, resumed downloads): the slow path answers them.
    if (request.headers.range !== undefined) return false;
    // So are reads by scripts of other origins (an <img> sends no Origin): the slow path decides
    // whether the dashboard may read the answer (answers.ts withDashboardCors).
    if (request.headers.origin !== undefined) return false;
    // null (no source has the host) is answered by the slow path, like every error.
    const source = this.#sources.peek(host);
    if (source === undefined || source === null) return false;
    const ready = this.#hitAnswers.get(request.url, source);
    if (ready !== undefined) {
      const render = this.#memory.get(ready.identity);
      if (render !== undefined && render === ready.render.deref()) {
        this.#writeHit(request, response, source, ready, render);
        return true;
      }
    }
    const lookup = this.#lookup(request, source);
    if (!('identity' in lookup)) return false;
    const cached = this.#memory.get(lookup.identity);
    if (cached === undefined) return false;
    const answer = this.#success(request, source, cached, lookup);
    const hit = hitAnswer(source, cached, lookup, answer.headers);
    if (hit !== null) this.#hitAnswers.set(request.url, hit);
    const { usage } = lookup;
    usage.cache = 'hit';
    usage.premium = cached.premium;
    usage.video = videoOf(cached);
    writeAnswer(response, answer, request.method);
    this.#record(request, source, answer.status, answer.body, usage);
    return true;
  }

  /** Writes a hit from its ready-made answer: only If-None-Match is read per request. */
  #writeHit(
    request: DeliveryRequest,
    response: HitResponse,
    source: DeliverySource,
    hit: HitAnswer,
    render: CachedRender,
  ): void {
    const notModified = etagMatches(headerText(request, 'if-none-match') ?? undefined, render.etag);
    const body = notModified ? null : render.body;
    response.writeHead(notModified ? 304 : 200, notModified ? hit.notModifiedHeaders : hit.headers);
    response.end(body === null || request.method === 'HEAD' ? undefined : body);
    this.#record(request, source, notModified ? 304 : 200, body, {
      path: hit.path,
      cache: 'hit',
      renderMs: null,
      originBytes: null,
      originMs: null,
      premium: render.premium,
      video: videoOf(render),
    });
  }

  #record(
    request: DeliveryRequest,
    source: DeliverySource,
    status: number,
    body: Buffer | null,
    usage: Usage,
  ): void {
    const sentBytes = request.method === 'HEAD' || body === null ? 0 : body.length;
    const video = usage.video ?? null;
    // Minutes delivered: a whole clip or segment sent counts its length, a range its share.
    const deliveredMs =
      video === null || sentBytes === 0 || (status !== 200 && status !== 206)
        ? null
        : Math.round((video.ms * sentBytes) / Math.max(1, video.bytes));
    this.#meter.record({
      source_id: source.id,
      account_id: source.accountId,
      path: usage.path,
      status,
      bytes_out: sentBytes,
      render_ms: usage.renderMs,
      cache: usage.cache,
      origin_bytes: usage.originBytes,
      origin_ms: usage.originMs,
      user_agent: headerText(request, 'user-agent'),
      referrer: headerText(request, 'referer'),
      operation: usage.premium ? 'premium' : 'standard',
      occurred_at: new Date(),
      video_encoded_ms: usage.encodedMs ?? null,
      video_delivered_ms: deliveredMs,
    });
  }

  async #serve(request: DeliveryRequest, source: DeliverySource): Promise<Outcome> {
    const lookup = this.#lookup(request, source);
    if (!('identity' in lookup)) return lookup;
    const { usage, identity, input } = lookup;
    const answer = (result: Answer): Outcome => ({
      answer: input.video?.kind === 'hls' ? streamable(result) : result,
      usage,
    });
    let cached = this.#memory.get(identity);
    if (cached !== undefined) {
      usage.cache = 'hit';
    } else {
      const location = {
        sourceId: source.id,
        pathHash: pathHash(input.path),
        key: renderKey(identity),
      };
      usage.cache = 'miss';
      try {
        const produced = await this.#produce(identity, location, input);
        cached = produced.render;
        usage.cache = produced.fresh ? 'miss' : 'hit';
        usage.renderMs = produced.renderMs;
        usage.originBytes = produced.originBytes;
        usage.originMs = produced.originMs;
      } catch (error) {
        if (error instanceof AiRenderPending) {
          usage.cache = 'none';
          return answer(await this.#pendingAiRender(request, source, location.key));
        }
        if (error instanceof VideoRenderPending) {
          usage.cache = 'none';
          return answer(await this.#pendingVideoRender(request, source, lookup));
        }
        return answer(await this.#failure(error, request, source, lookup.query));
      }
    }
    usage.premium = cached.premium;
    usage.video = videoOf(cached);
    return answer(this.#success(request, source, cached, lookup));
  }

  /**
   * Every check before the render caches, synchronously (the source is at hand): the refusals,
   * the origin path, the parameters and `expires`. Returns the answer that ends the request, or
   * what finding its render needs.
   */
  #lookup(request: DeliveryRequest, source: DeliverySource): Outcome | Lookup {
    const target = parseRequestTarget(request.url);
    const usage: Usage = {
      path: target.path,
      cache: 'none',
      renderMs: null,
      originBytes: null,
      originMs: null,
      premium: false,
    };
    const answer = (result: Answer): Outcome => ({ answer: result, usage });
    const refused = refusal(request.method, target, source);
    if (refused !== null) return answer(refused);
    const origin = originPath(target.path, source.type);
    if (!origin.ok) return answer(errorAnswer(origin.status, origin.message, source));
    usage.path = origin.path;

    const query = queryWithoutSignature(target.query);
    const stream = splitStreamQuery(query);
    const parsed = this.#params.parse(
      `${source.id}:${source.globalVersion}`,
      stream.query,
      source.settings.default_params,
    );
    if (!parsed.ok) {
      return answer(
        errorAnswer(
          400,
          parsed.issues.map((issue) => issue.message),
          source,
        ),
      );
    }
    let { params } = parsed;
    // enable_multiframe off: an animation is its first frame (a video stays a video).
    const stillAnimations = !source.multiframe && !isVideoPath(origin.path) && !params.has('frame');
    if (stillAnimations) params = params.with({ frame: '1' });
    const video = stillAnimations ? null : videoWorkOf(origin.path, params, stream);
    if (video !== null && 'error' in video) {
      return answer(errorAnswer(400, video.error, source));
    }
    const refusedPremium = this.#premiumRefusal(params, source, video);
    if (refusedPremium !== null) return answer(refusedPremium);
    const expires = params.number('expires');
    const secondsLeft = expires === undefined ? null : Math.floor(expires - Date.now() / 1000);
    if (secondsLeft !== null && secondsLeft <= 0) {
      return answer(errorAnswer(404, 'This URL has expired.', source));
    }

    const accept = headerText(request, 'accept');
    const hints = clientHintsOf(request.headers);
    const baseIdentity = renderIdentity({
      sourceId: source.id,
      globalVersion: source.globalVersion,
      path: origin.path,
      renderKeyPart: stillAnimations ? `${parsed.renderKeyPart}&still` : parsed.renderKeyPart,
      params,
      accept,
      hints,
    });
    const variant = videoVariant(video);
    return {
      usage,
      identity: variant === '' ? baseIdentity : `${baseIdentity}\n${variant}`,
      baseIdentity,
      target,
      input: { source, path: origin.path, params, video, accept, hints },
      query,
      secondsLeft,
    };
  }

  /**
   * A premium parameter the source may not use (no grant, or no generative provider on this
   * install) is refused before anything is fetched; the dashboard shows the paywall for it.
   */
  #premiumRefusal(params: Params, source: DeliverySource, video: VideoWork | null): Answer | null {
    // fm=mp4 of a still is image to video; of a video or an animation it is a transcode.
    if (
      params.string('fm') === 'mp4' &&
      video === null &&
      !source.capabilities.has('image_to_video')
    ) {
      return errorAnswer(
        403,
        'fm=mp4 (image to video) needs the image_to_video capability, which neither this source nor its account has. An administrator can grant it to the account.',
        source,
      );
    }
    const required = requiredCapabilities(params);
    if (required.length === 0) return null;
    const needsProvider = required.find((requirement) => requirement.generative);
    if (needsProvider !== undefined && this.#config.generative === null) {
      return errorAnswer(
        422,
        `${needsProvider.parameter} needs a generative image provider, which this server does not have (set GENERATIVE_API_URL).`,
        source,
      );
    }
    const missing = missingCapability(required, source.capabilities);
    if (missing === undefined) return null;
    return errorAnswer(
      403,
      `${missingCapabilityMessage(missing)} An administrator can grant it to the account.`,
      source,
    );
  }

  /** One render per key at a time: concurrent identical requests share the first one's work. */
  async #produce(
    identity: string,
    location: RenderLocation,
    input: RenderInput,
  ): Promise<Produced> {
    if (!this.#caching) return this.#readOrRender(identity, location, input);
    const running = this.#inflight.get(location.key);
    if (running !== undefined) {
      const shared = await running;
      return {
        render: shared.render,
        fresh: false,
        renderMs: null,
        originBytes: null,
        originMs: null,
      };
    }
    const work = this.#readOrRender(identity, location, input).finally(() => {
      this.#inflight.delete(location.key);
    });
    this.#inflight.set(location.key, work);
    return work;
  }

  async #readOrRender(
    identity: string,
    location: RenderLocation,
    input: RenderInput,
    premiumModels?: AiModels,
  ): Promise<Produced> {
    const stored = await this.#disk.read(location);
    if (stored !== null) {
      this.#memory.set(identity, location, stored);
      return { render: stored, fresh: false, renderMs: null, originBytes: null, originMs: null };
    }
    // Without a render cache there is nowhere for a job to leave its result: render inline.
    // Video jobs first: fm=mp4 is premium for a still, whose job (a video job) renders it too.
    if (this.#caching && isJobVideoWork(input.video)) throw new VideoRenderPending();
    if (premiumModels === undefined && this.#caching && needsAiRender(input.params)) {
      throw new AiRenderPending();
    }
    const adapter = await input.source.adapter().catch((error: unknown) => {
      throw new OriginFailure(502, 'The source storage is not configured correctly.', {
        cause: error,
      });
    });
    const origin = await fetchOriginImage(adapter, input.path);
    const { video } = input;
    if (isJobVideoWork(video))
      return this.#renderVideoInline(identity, { ...input, video }, origin);
    const started = performance.now();
    const result = await this.#render(input, origin.bytes, premiumModels);
    // The answer is new bytes and the render is over: the origin's buffer can be reused. A
    // failed or timed-out render may still be decoding it, so it is left to the collector.
    origin.release();
    const renderMs = Math.round(performance.now() - started);
    const headers = aiHeaders(result);
    const rendered: CachedRender = {
      body: result.body,
      contentType: result.contentType,
      etag: strongEtag(result.body),
      variesOnAccept: result.variesOnAccept,
      originCacheControl: origin.cacheControl,
      premium: result.premium,
      ...(headers === null ? {} : { headers }),
    };
    this.#memory.set(identity, location, rendered);
    await this.#disk.write(location, rendered);
    return {
      render: rendered,
      fresh: true,
      renderMs,
      originBytes: origin.bytes.length,
      originMs: origin.fetchMs,
    };
  }

  /**
   * Renders in the queue, answering 504 once RENDER_TIMEOUT_MS pass. A premium render (its
   * job, with the models given) runs outside the queue, which the job runner bounds instead,
   * under AI_TIMEOUT_MS.
   */
  #render(input: RenderInput, bytes: Buffer, premiumModels?: AiModels): Promise<RenderResult> {
    const premium = premiumModels !== undefined;
    const timeoutMs = premium ? this.#config.aiTimeoutMs : this.#config.renderTimeoutMs;
    const work = async (signal: AbortSignal) =>
      render({
        // A video path in an image format renders its poster frame like an image (issue 10).
        input:
          input.video?.kind === 'poster'
            ? await videoPoster({
                input: bytes,
                params: input.params,
                limits: this.#config.videoLimits,
                signal,
              })
            : bytes,
        params: input.params,
        accept: input.accept,
        clientHints: input.hints,
        fetchImage: overlayFetcher({
          source: input.source,
          originPath: input.path,
          storage: this.#storage,
        }),
        limits: { timeoutMs },
        signal,
        ...(premium ? { ai: premiumModels } : this.#detector ? { ai: this.#detector } : {}),
        ...(premium && this.#generative ? { generative: this.#generative } : {}),
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

  /**
   * The premium render a job asked for (jobs/ai-render.ts): the request replayed, rendered with
   * the models and left in the render caches. Nothing to do when the request would not render
   * (the source went away, the URL is now refused) or the render is cached already. A render
   * that fails throws with its status first (jobErrorText), which the URL then answers.
   */
  async renderInBackground(payload: AiRenderPayload, models: AiModels): Promise<void> {
    const source = await this.#sources.get(payload.host);
    if (source === null) return;
    const request: DeliveryRequest = { method: 'GET', url: payload.url, headers: payload.headers };
    const lookup = this.#lookup(request, source);
    if (!('identity' in lookup)) return;
    const { identity, input, usage } = lookup;
    const location = {
      sourceId: source.id,
      pathHash: pathHash(input.path),
      key: renderKey(identity),
    };
    try {
      const produced = await this.#readOrRender(identity, location, input, models);
      if (!produced.fresh) return;
      this.#record(request, source, 200, null, {
        ...usage,
        cache: 'miss',
        renderMs: produced.renderMs,
        originBytes: produced.originBytes,
        originMs: produced.originMs,
        premium: produced.render.premium,
      });
    } catch (error) {
      if (error instanceof RenderError || error instanceof OriginFailure) {
        // 504 and 5xx origin answers may pass; a refusal on the image's merits would not.
        const transient =
          error.status === 504 || (error instanceof OriginFailure && error.status >= 500);
        const failure = transient ? Error : PermanentJobError;
        throw new failure(jobErrorText(error.status, error.message), { cause: error });
      }
      throw error;
    }
  }

  /** 423 while the job of a premium render runs; its error once it has failed. */
  async #pendingAiRender(
    request: DeliveryRequest,
    source: DeliverySource,
    key: string,
  ): Promise<Answer> {
    const state = await requestAiRender(this.#db, {
      host: hostOf(request),
      url: request.url,
      headers: renderHeaders(request.headers),
      key,
    });
    if (state.state === 'failed') return errorAnswer(state.status, state.message, source);
    return errorAnswer(423, 'The image is being processed. Ask again in a few seconds.', source, {
      'retry-after': '2',
    });
  }

  /** 423 while the job of a video render runs; its error once it has failed. */
  async #pendingVideoRender(
    request: DeliveryRequest,
    source: DeliverySource,
    lookup: Lookup,
  ): Promise<Answer> {
    const state = await requestVideoRender(this.#db, {
      host: hostOf(request),
      url: request.url,
      headers: renderHeaders(request.headers),
      key: this.#videoJobKey(lookup),
    });
    if (state.state === 'failed') return errorAnswer(state.status, state.message, source);
    return errorAnswer(423, 'The video is being processed. Ask again in a few seconds.', source, {
      'retry-after': '2',
    });
  }

  /** Every file of a stream shares one job; a transcode has one of its own. */
  #videoJobKey({ baseIdentity, input }: Lookup): string {
    return renderKey(`${baseIdentity}\n${input.video?.kind ?? ''}`);
  }

  #location(sourceId: string, originPathName: string, identity: string): RenderLocation {
    return { sourceId, pathHash: pathHash(originPathName), key: renderKey(identity) };
  }

  /**
   * Renders a video work of the origin: the video engine, except fm=mp4 of a GIF or WebP with
   * one frame, which is image to video (the image pipeline, with its capability check).
   */
  async #renderVideo(
    input: RenderInput & { video: JobVideoWork },
    origin: OriginImage,
    signal: AbortSignal,
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
      const rendered: CachedRender = {
        body: result.body,
        contentType: result.contentType,
        etag: strongEtag(result.body),
        variesOnAccept: result.variesOnAccept,
        originCacheControl: origin.cacheControl,
        premium: result.premium,
      };
      return { entries: [{ variant: videoVariant(video), render: rendered }], encodedMs: null };
    }
    return renderVideoWork(video, {
      bytes: origin.bytes,
      params: input.params,
      limits: this.#config.videoLimits,
      originCacheControl: origin.cacheControl,
      signal,
    });
  }

  /**
   * A video render in the request, when there is no render cache for a job to leave it in:
   * under VIDEO_CONCURRENCY and the render timeout. A stream has many files and needs the cache.
   */
  async #renderVideoInline(
    identity: string,
    input: RenderInput & { video: JobVideoWork },
    origin: OriginImage,
  ): Promise<Produced> {
    if (input.video.kind === 'hls') {
      throw new RenderError(
        422,
        'HLS streaming needs the render cache, which this server has switched off (RENDER_CACHE_MAX_BYTES=0).',
      );
    }
    const timeoutMs = this.#config.renderTimeoutMs;
    const started = performance.now();
    const output = await runWithDeadline(
      this.#videoQueue,
      timeoutMs,
      (signal) => this.#renderVideo(input, origin, signal),
      () => new RenderError(504, `The video took longer than ${timeoutMs} ms to render.`),
    );
    const entry = output.entries.find((candidate) => identity.endsWith(`\n${candidate.variant}`));
    if (entry === undefined) throw new Error('The video render left no answer for the request.');
    return {
      render: entry.render,
      fresh: true,
      renderMs: Math.round(performance.now() - started),
      originBytes: origin.bytes.length,
      originMs: origin.fetchMs,
    };
  }

  /**
   * The video transcode or stream a job asked for (VIDEO_RENDER_JOB): the request replayed,
   * rendered and left in the render caches, every file of a stream under its own identity,
   * and metered as the minutes encoded. Nothing to do when the URL would not render now or
   * its render is cached already. Failures are answered by the URL as for AI renders.
   */
  async renderVideoInBackground(payload: AiRenderPayload): Promise<void> {
    const source = await this.#sources.get(payload.host);
    if (source === null) return;
    const request: DeliveryRequest = { method: 'GET', url: payload.url, headers: payload.headers };
    const lookup = this.#lookup(request, source);
    if (!('identity' in lookup)) return;
    const { input, usage, baseIdentity } = lookup;
    const { video } = input;
    if (!isJobVideoWork(video)) return;
    // The master playlist is written last: with it cached, the whole stream is.
    const finalVariant = videoVariant(video.kind === 'hls' ? { kind: 'hls', part: null } : video);
    const at = (variant: string) =>
      this.#location(source.id, input.path, `${baseIdentity}\n${variant}`);
    if ((await this.#disk.read(at(finalVariant))) !== null) return;
    try {
      const adapter = await source.adapter().catch((error: unknown) => {
        throw new OriginFailure(502, 'The source storage is not configured correctly.', {
          cause: error,
        });
      });
      const origin = await fetchOriginImage(adapter, input.path);
      const started = performance.now();
      const output = await this.#renderVideo(
        { ...input, video },
        origin,
        AbortSignal.timeout(VIDEO_RENDER_TIMEOUT_MS),
      );
      for (const entry of output.entries) {
        const identity = `${baseIdentity}\n${entry.variant}`;
        const location = at(entry.variant);
        this.#memory.set(identity, location, entry.render);
        await this.#disk.write(location, entry.render);
      }
      this.#record(request, source, 200, null, {
        ...usage,
        cache: 'miss',
        renderMs: Math.round(performance.now() - started),
        originBytes: origin.bytes.length,
        originMs: origin.fetchMs,
        encodedMs: output.encodedMs,
      });
    } catch (error) {
      if (error instanceof RenderError || error instanceof OriginFailure) {
        const transient =
          error.status === 504 || (error instanceof OriginFailure && error.status >= 500);
        const failure = transient ? Error : PermanentJobError;
        throw new failure(jobErrorText(error.status, error.message), { cause: error });
      }
      throw error;
    }
  }

  #success(
    request: DeliveryRequest,
    source: DeliverySource,
    rendered: CachedRender,
    { input, secondsLeft, target }: Lookup,
  ): Answer {
    const { params, path: originPathName } = input;
    const headers: Record<string, string> = {
      ...baseHeaders(source, rendered.contentType),
      ...(input.video?.kind === 'hls' ? CORS_HEADERS : {}),
      'cache-control': successCacheControl(
        source.settings,
        rendered.originCacheControl,
        secondsLeft,
      ),
      etag: rendered.etag,
      'accept-ranges': 'bytes',
    };
    if (rendered.headers !== undefined) Object.assign(headers, rendered.headers);
    const vary = varyHeaders(params, rendered.variesOnAccept);
    if (vary.length > 0) headers.vary = vary.join(', ');
    if (params.has('dl')) {
      headers['content-disposition'] = contentDisposition(
        params.string('dl') ?? '',
        originPathName,
      );
    }
    if (etagMatches(headerText(request, 'if-none-match') ?? undefined, rendered.etag)) {
      return { status: 304, headers, body: null };
    }
    const body =
      rendered.contentType === HLS_MEDIA_TYPES.m3u8
        ? playlistForRequest(rendered.body, target, source)
        : rendered.body;
    const range = byteRange(
      headerText(request, 'range') ?? undefined,
      headerText(request, 'if-range') ?? undefined,
      rendered.etag,
      body.length,
    );
    if (range.kind === 'unsatisfiable') {
      return errorAnswer(416, 'The requested range is not in the image.', source, {
        'content-range': `bytes */${body.length}`,
      });
    }
    if (range.kind === 'part') {
      return {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${range.start}-${range.end}/${body.length}`,
        },
        body: body.subarray(range.start, range.end + 1),
      };
    }
    return { status: 200, headers, body };
  }

  async #failure(
    error: unknown,
    request: DeliveryRequest,
    source: DeliverySource,
    query: string,
  ): Promise<Answer> {
    if (error instanceof QueueFullError) {
      return errorAnswer(429, error.message, source, {
        'retry-after': String(error.retryAfterSeconds),
      });
    }
    let status: number;
    let message: string;
    let fallback = source.imageError;
    if (error instanceof OriginFailure) {
      status = error.status;
      message = error.message;
      if (status === 404) fallback = source.imageMissing;
    } else if (error instanceof RenderError) {
      status = error.status;
      message = error.message;
      // A wrong request (a mark on the same source, say) is the client's to fix, not an image error.
      if (status === 400) fallback = null;
    } else {
      (request.log ?? this.#log).error({ err: error }, 'delivery failed');
      status = 500;
      message = 'The image could not be rendered.';
    }
    // A fallback request arriving here (its URL is on a Darkroom source) never falls back again.
    if (fallback !== null && request.headers[FALLBACK_HEADER] === undefined) {
      const image = await fetchFallback(fallback, query, this.#storage);
      if (image !== null) {
        return {
          status,
          headers: {
            ...baseHeaders(source, image.contentType),
            'cache-control': errorCacheControl(source.settings),
          },
          body: image.body,
        };
      }
    }
    return errorAnswer(status, message, source);
  }
}

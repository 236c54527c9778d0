// Delivery of one request (docs/ARCHITECTURE.md, "A delivery from socket to bytes"): resolve it
// (resolve.ts), find its render (memory, then producer.ts: disk, origin and renderer, or a
// durable job), answer (success-answer.ts, failure-answer.ts) and meter it (usage.ts). Hits in
// memory are also answered straight from node:http (fast-path.ts, raw-http.ts) through the
// same resolution and answer, so both paths answer alike.
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AiModels, GenerativeEditor } from '@darkroom/render';
import type { GenerativeSubtitles } from '../ai/generative/index.ts';
import type { CdnPurger } from '../cdn/cdn-purger.ts';
import type { ClusterEvents } from '../cluster-events/cluster-events.ts';
import type { PurgeEvent } from '../cluster-events/events.ts';
import type { Config } from '../config.ts';
import { INTERNAL_MARKER_PARAM, type InternalMarkers } from '../crypto/internal-marker.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { AI_RENDER_JOB, type RenderRequestPayload } from '../jobs/kinds.ts';
import type { AfterCompletion } from '../jobs/runner.ts';
import type { ObjectStore } from '../storage/object-store/index.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import { errorAnswer, sendAnswer, withDashboardCors, writeAnswer, type Answer } from './answers.ts';
import type { CachedRender } from './cached-render.ts';
import type { DiskCacheShare } from './disk-cache.ts';
import type { DeliveryMetrics } from './delivery-metrics.ts';
import type { DeliverySource } from './delivery-source.ts';
import { failureAnswer, pendingAnswer } from './failure-answer.ts';
import { FirstServed } from './first-served.ts';
import { buildHitAnswer, HitAnswers, type HitAnswer } from './hit-answers.ts';
import { renderAiJob, renderVideoJob, type JobRenderParts } from './job-renders.ts';
import { UsageMeter } from './metering.ts';
import { ParamsCache } from './params-cache.ts';
import { RenderProducer } from './producer.ts';
import { RenderPurges } from './purges.ts';
import type { HitResponse } from './raw-http.ts';
import { RenderCaches } from './render-caches.ts';
import { holdUntilRendered, RenderJobWaits, type Hold } from './render-job-waits.ts';
import {
  renderJobKey,
  renderJobPayload,
  requestRenderJob,
  type RenderJobKind,
} from './render-jobs.ts';
import { Renderer } from './renderer.ts';
import { SharedRenders } from './shared-renders.ts';
import { headerText, type DeliveryRequest } from './request.ts';
import { resolveRequest, type Answered, type Resolved, type ResolveOptions } from './resolve.ts';
import { etagMatches } from './response-headers.ts';
import { SourceDirectory } from './source-directory.ts';
import { subtitleProviderOf } from './subtitle-provider.ts';
import { streamable, successAnswer, videoOf } from './success-answer.ts';
import { withSurrogateKeys } from './surrogate-key-headers.ts';
import { usageEvent, type Usage } from './usage.ts';
import { isCrossOriginMedia } from './video-request.ts';

const PARAMS_CACHE_MAX_QUERIES = 10_000;
/**
 * Requests held open at once for renders jobs are making (RENDER_JOB_WAIT_MS); past it they are
 * answered 423 at once. Each costs a socket and a timer, no work.
 */
const MAX_HELD_REQUESTS = 256;
const HIT_ANSWERS_MAX_TARGETS = 10_000;

export interface DeliveryDependencies {
  config: Readonly<Config>;
  db: Kysely<DatabaseSchema>;
  secrets: SecretBox;
  origins: SourceOrigins;
  log: FastifyBaseLogger;
  /** Where answers, cache results, render times and dropped usage rows are counted. */
  metrics: DeliveryMetrics;
  /** Face detection for face-aware parameters (a worker process in production). */
  detector?: AiModels;
  /** The generative provider (GENERATIVE_API_URL) for premium renders; absent when unset. */
  generative?: GenerativeEditor;
  /** The same provider's transcriptions and translations, for subtitles; absent when unset. */
  subtitles?: GenerativeSubtitles;
  /**
   * The install's object store: with OBJECT_STORE_URL, render jobs leave their renders in it
   * for every process (shared-renders.ts).
   */
  objectStore?: ObjectStore;
  /** The part of the render cache folder this cluster worker keeps (WORKERS above 1). */
  renderCacheShare?: DiskCacheShare;
  /** How purges reach the other processes sharing the database, and theirs this one. */
  clusterEvents: ClusterEvents;
  /** The CDN in front of delivery hosts (CDN_PURGE_*), purged with every purge; absent: none. */
  cdnPurger?: CdnPurger;
  /** Verifies the marker of the dashboard's own requests, which are not metered; absent: none. */
  internalMarkers?: InternalMarkers;
}

export class Delivery {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #log: FastifyBaseLogger;
  readonly #origins: SourceOrigins;
  readonly #sources: SourceDirectory;
  readonly #resolveOptions: ResolveOptions;
  readonly #hitAnswers = new HitAnswers(HIT_ANSWERS_MAX_TARGETS);
  readonly #caches: RenderCaches;
  readonly #producer: RenderProducer;
  /** Render jobs' renders for every process; null without OBJECT_STORE_URL. */
  readonly #shared: SharedRenders | null;
  readonly #meter: UsageMeter;
  readonly #metrics: DeliveryMetrics;
  /** What the render jobs work with (job-renders.ts). */
  readonly #jobParts: JobRenderParts;
  readonly #purges: RenderPurges;
  readonly #firstServed: FirstServed;
  /** PUBLIC_URL's origin: the dashboard's scripts may read delivery answers (answers.ts). */
  readonly #dashboardOrigin: string;
  /** Requests held while a job makes their render, and how long each may be (0: none). */
  readonly #waits = new RenderJobWaits(MAX_HELD_REQUESTS);
  readonly #waitMs: number;
  /** Tells this process's runners of a job just queued (app.ts), so none waits for a poll. */
  #jobQueued: (kind: RenderJobKind) => void = () => {};
  #closed = false;

  constructor(deps: DeliveryDependencies) {
    const { config } = deps;
    this.#db = deps.db;
    this.#log = deps.log;
    this.#origins = deps.origins;
    this.#metrics = deps.metrics;
    this.#firstServed = new FirstServed(deps.db, deps.log);
    this.#dashboardOrigin = new URL(config.publicUrl).origin;
    this.#waitMs = config.renderJobWaitMs;
    this.#resolveOptions = {
      params: new ParamsCache(PARAMS_CACHE_MAX_QUERIES),
      generativeAvailable: config.generative !== null,
      internalMarkers: deps.internalMarkers ?? null,
    };
    this.#sources = new SourceDirectory(deps);
    this.#caches = new RenderCaches({
      dataDir: config.dataDir,
      maxBytes: config.renderCacheMaxBytes,
      diskShare: deps.renderCacheShare,
      memoryBytes: config.renderMemoryCacheBytes,
      onError: (error) => this.#log.warn({ err: error }, 'render cache write failed'),
    });
    const subtitles = deps.subtitles === undefined ? null : subtitleProviderOf(deps.subtitles);
    const renderer = new Renderer({
      config,
      storage: deps.origins.options,
      detector: deps.detector,
      generative: deps.generative,
      subtitles: subtitles ?? undefined,
    });
    // Without OBJECT_STORE_URL the store is this process's data directory, which the disk cache
    // already is: processes sharing a database then share DATA_DIR (docs/ARCHITECTURE.md).
    this.#shared =
      config.objectStore !== null && deps.objectStore !== undefined && this.#caches.enabled
        ? new SharedRenders(deps.objectStore, config.renderCacheMaxBytes)
        : null;
    this.#producer = new RenderProducer(this.#caches, renderer, this.#shared);
    this.#purges = new RenderPurges({
      caches: this.#caches,
      shared: this.#shared,
      events: deps.clusterEvents,
      cdn: deps.cdnPurger ?? null,
    });
    deps.clusterEvents.subscribe(this.#purges);
    this.#meter = new UsageMeter({
      db: this.#db,
      onWriteFailed: (error, backlog) => {
        this.#log.warn({ err: error, backlog }, 'usage events could not be written: kept to retry');
      },
      onWritesResumed: (backlog) => {
        this.#log.info({ backlog }, 'usage events are written again');
      },
      onDropped: ({ reason, requests, bySource, error }) => {
        // The counts by source are what billing needs to account for them by hand.
        this.#log.error({ err: error, reason, requests, bySource }, 'usage events dropped');
        this.#metrics.usageDropped(requests);
      },
    });
    this.#jobParts = {
      source: (host) => this.#sources.get(host),
      resolve: (request, source) => this.#resolve(request, source),
      caches: this.#caches,
      shared: this.#shared,
      producer: this.#producer,
      renderer,
      subtitles,
      // A job's render answers no request: metered and timed, but no cache result of an answer.
      record: (request, source, status, body, usage) => {
        if (usage.renderMs !== null) this.#metrics.rendered(usage.renderMs);
        if (usage.internal !== true)
          this.#meter.record(usageEvent(request, source, status, body, usage));
      },
    };
  }

  /** Indexes the disk cache a previous run left (in the background). */
  start(): void {
    this.#caches.start().catch((error: unknown) => {
      this.#log.warn({ err: error }, 'render cache could not be indexed');
    });
  }

  /** Stops following source edits and writes the usage events still buffered. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#sources.close();
    await Promise.all([this.#meter.close(), this.#firstServed.settled()]);
  }

  /** Usage rows recorded and not yet written (for /metrics). */
  get usageBacklog(): number {
    return this.#meter.backlog;
  }

  /** Writes buffered usage events now (tests, shutdown). */
  flushUsage(): Promise<void> {
    return this.#meter.flush();
  }

  /** The source a delivery host names (lowercased Host header), or null. */
  source(host: string): Promise<DeliverySource | null> {
    return this.#sources.get(host);
  }

  /**
   * Drops the cached renders of one origin path of a source, or all of them when path is null,
   * in every process and the CDN (purges.ts); `kind` says why, for the log of the others.
   */
  purge(
    sourceId: string,
    originPathOrAll: string | null,
    kind: PurgeEvent['kind'] = 'purge',
  ): Promise<void> {
    return this.#purges.purge({ kind, sourceId, path: originPathOrAll });
  }

  /**
   * Drops the cached renders of every origin path of a source starting with `prefix`, in every
   * process; the CDN and the render jobs' shared renders drop the source's (purges.ts).
   */
  purgePrefix(sourceId: string, prefix: string): Promise<void> {
    return this.#purges.purge({ kind: 'purge-prefix', sourceId, path: prefix });
  }

  /** The id of the last cluster event the disk renders reflect (ClusterEvents.start). */
  renderEventCursor(): Promise<number | null | undefined> {
    return this.#purges.resumeAfter();
  }

  /** Renders what an AI render job asked for, with the job's models (job-renders.ts). */
  renderAiJob(
    payload: RenderRequestPayload,
    models: AiModels,
  ): Promise<AfterCompletion | undefined> {
    return renderAiJob(this.#jobParts, payload, models);
  }

  /** Calls `listener` each time a request queues a render job. */
  onRenderJobQueued(listener: (kind: RenderJobKind) => void): void {
    this.#jobQueued = listener;
  }

  /** A render job's end was recorded in this process: the requests held for it ask again. */
  renderJobSettled(key: string): void {
    this.#waits.settled(key);
  }

  /** The process is stopping: held requests are answered (423) now, and none is held again. */
  releaseHeldRequests(): void {
    this.#waits.close();
  }

  /** Renders what a video render job asked for (job-renders.ts). */
  renderVideoJob(
    payload: RenderRequestPayload,
    signal: AbortSignal,
  ): Promise<AfterCompletion | undefined> {
    return renderVideoJob(this.#jobParts, payload, signal);
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
    // A HEAD asks whether the render is ready (editor spec section 4 polls with HEAD and shows
    // its progress on 423), so only a GET, the request of an `<img>` or an imgix client, is held.
    const hold =
      this.#waitMs > 0 && request.method === 'GET'
        ? { until: Date.now() + this.#waitMs, connection: reply.raw }
        : null;
    const { answer, usage } = await this.#serve(request, source, hold);
    sendAnswer(
      reply,
      withDashboardCors(
        answer,
        request.host,
        headerText(request, 'origin') ?? undefined,
        this.#dashboardOrigin,
      ),
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
    // The dashboard's own requests: the slow path checks their marker each time (it lapses).
    if (request.url.includes(INTERNAL_MARKER_PARAM)) return false;
    // null (no source has the host) is answered by the slow path, like every error.
    const source = this.#sources.peek(host);
    if (source === undefined || source === null) return false;
    const ready = this.#hitAnswers.get(request.url, source);
    if (ready !== undefined) {
      const render = this.#caches.inMemory(ready.identity);
      if (render !== undefined && render === ready.render.deref()) {
        this.#writeHit(request, response, source, ready, render);
        return true;
      }
    }
    const resolved = this.#resolve(request, source);
    if (resolved.kind !== 'resolved') return false;
    const cached = this.#caches.inMemory(resolved.identity);
    if (cached === undefined) return false;
    const answer = successAnswer(request, source, cached, resolved);
    const hit = buildHitAnswer(source, cached, resolved, answer.headers);
    if (hit !== null) this.#hitAnswers.set(request.url, hit);
    const { usage } = resolved;
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

  #resolve(request: DeliveryRequest, source: DeliverySource): Answered | Resolved {
    return resolveRequest(request, source, this.#resolveOptions);
  }

  /** Meters one answer to a request for a source's URL, and counts its cache result. */
  #record(
    request: DeliveryRequest,
    source: DeliverySource,
    status: number,
    body: Buffer | null,
    usage: Usage,
  ): void {
    this.#metrics.cacheResult(usage.cache);
    if (usage.renderMs !== null) this.#metrics.rendered(usage.renderMs);
    // The dashboard's own thumbnails and previews are no customer traffic: not metered, so
    // neither analytics nor billing count them (crypto/internal-marker.ts).
    if (usage.internal === true) return;
    this.#meter.record(usageEvent(request, source, status, body, usage));
    // The dashboard's first-image-served flag (spec platform section 3): written beside the answer.
    if (status === 200 && !source.isDemo) this.#firstServed.note(source.id);
  }

  /** Answers `request`; with `hold`, a render a job is making is waited for until `hold.until`. */
  async #serve(
    request: DeliveryRequest,
    source: DeliverySource,
    hold: Hold | null,
  ): Promise<{ answer: Answer; usage: Usage }> {
    const resolved = this.#resolve(request, source);
    // Refusals and failures carry the keys too: a CDN keeps them for cache_ttl_error, and a purge
    // (of the file that was missing, say) must reach them (surrogate-key-headers.ts).
    if (resolved.kind !== 'resolved') {
      return { answer: withSurrogateKeys(resolved.answer, source.id, null), usage: resolved.usage };
    }
    const { usage, identity, input } = resolved;
    const answer = (result: Answer) => ({
      answer: withSurrogateKeys(
        isCrossOriginMedia(input.video) ? streamable(result) : result,
        source.id,
        input.path,
      ),
      usage,
    });
    let cached = this.#caches.inMemory(identity);
    if (cached !== undefined) {
      usage.cache = 'hit';
    } else {
      const location = this.#caches.location(source.id, input.path, identity);
      usage.cache = 'miss';
      const produced = await this.#producer
        .produce(identity, location, input)
        .catch((error: unknown) => ({ kind: 'failed' as const, error }));
      if (produced.kind === 'failed') {
        return answer(
          await failureAnswer(produced.error, {
            request,
            source,
            query: resolved.query,
            storage: this.#origins.options,
            log: this.#log,
          }),
        );
      }
      if (produced.kind === 'deferred') {
        usage.cache = 'none';
        const key = renderJobKey(produced.job, resolved, location);
        const state = await requestRenderJob(
          this.#db,
          produced.job,
          renderJobPayload(request, key),
        );
        if (state.state === 'pending') {
          this.#jobQueued(produced.job);
          if (hold !== null) {
            const served = await holdUntilRendered(this.#waits, key, hold, () =>
              this.#serve(request, source, null),
            );
            if (served !== null) return served;
          }
        }
        return answer(
          pendingAnswer(state, source, produced.job === AI_RENDER_JOB ? 'image' : 'video'),
        );
      }
      cached = produced.render;
      usage.cache = produced.fresh ? 'miss' : 'hit';
      usage.renderMs = produced.renderMs;
      usage.originBytes = produced.originBytes;
      usage.originMs = produced.originMs;
    }
    usage.premium = cached.premium;
    usage.video = videoOf(cached);
    return answer(successAnswer(request, source, cached, resolved));
  }
}

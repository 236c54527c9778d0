// What the render jobs do (render-jobs.ts enqueues them): the request replayed through the same
// resolution as when it was asked, rendered, left in the render caches (and in the object store
// for the other processes: shared-renders.ts) and metered as a miss. Nothing is done when the
// URL would not render now (the source went away, the URL is now refused) or its render is
// made already. A failure is recorded with its status, which the URL then answers
// (renderJobFailure). The render is metered only once the runner has recorded the job done
// (AfterCompletion): a runner whose lease another took over meters nothing, so a render is
// metered once per job however many runners worked on it.
import { performance } from 'node:perf_hooks';
import type { AiModels, SubtitleProvider } from '@darkroom/render';
import type { RenderRequestPayload } from '../jobs/kinds.ts';
import type { AfterCompletion } from '../jobs/runner.ts';
import type { DeliverySource } from './delivery-source.ts';
import type { RenderCaches } from './render-caches.ts';
import type { Renderer } from './renderer.ts';
import { readOrigin, type RenderProducer } from './producer.ts';
import { renderJobFailure, replayedRequest } from './render-jobs.ts';
import type { DeliveryRequest } from './request.ts';
import type { Answered, Resolved } from './resolve.ts';
import type { SharedRenders } from './shared-renders.ts';
import { cachedProviderAnswers, rememberingProvider } from './subtitle-provider.ts';
import type { Usage } from './usage.ts';
import { isStreamWork, videoVariant } from './video-request.ts';
import { isJobVideoWork, VIDEO_RENDER_TIMEOUT_MS } from './video-renders.ts';

/** The parts of delivery a render job works with. */
export interface JobRenderParts {
  source(host: string): Promise<DeliverySource | null>;
  resolve(request: DeliveryRequest, source: DeliverySource): Answered | Resolved;
  caches: RenderCaches;
  /** Where jobs leave their renders for every process; null: the disk cache is shared. */
  shared: SharedRenders | null;
  producer: RenderProducer;
  renderer: Renderer;
  /** The provider subtitles are made with; null without one (GENERATIVE_API_URL unset). */
  subtitles: SubtitleProvider | null;
  record(
    request: DeliveryRequest,
    source: DeliverySource,
    status: number,
    body: Buffer | null,
    usage: Usage,
  ): void;
}

/**
 * The request of a job replayed: its source and how its URL resolves now, or null when it would
 * not render now (the source went away, or the URL is refused).
 */
async function replay(
  parts: JobRenderParts,
  payload: RenderRequestPayload,
): Promise<{ source: DeliverySource; request: DeliveryRequest; resolved: Resolved } | null> {
  const source = await parts.source(payload.host);
  if (source === null) return null;
  const request = replayedRequest(payload);
  const resolved = parts.resolve(request, source);
  return resolved.kind === 'resolved' ? { source, request, resolved } : null;
}

/** The premium render an AI render job asked for, made with the job's `models`. */
export async function renderAiJob(
  parts: JobRenderParts,
  payload: RenderRequestPayload,
  models: AiModels,
): Promise<AfterCompletion | undefined> {
  const replayed = await replay(parts, payload);
  if (replayed === null) return;
  const { source, request, resolved } = replayed;
  const { identity, input, usage } = resolved;
  const location = parts.caches.location(source.id, input.path, identity);
  try {
    // Made by an earlier job, which metered it.
    if ((await parts.shared?.has(location)) === true) return;
    const produced = await parts.producer.readOrRender(identity, location, input, models);
    if (produced.kind !== 'produced') return;
    // Before the job is recorded done: a request that no longer finds the job finds the render.
    await parts.shared?.write(location, produced.render);
    // Read from this process's disk cache: an earlier job made it here, and metered it if its
    // end was recorded (one that died between the two leaves the render unmetered, not twice).
    if (!produced.fresh) return;
    return () =>
      parts.record(request, source, 200, null, {
        ...usage,
        cache: 'miss',
        renderMs: produced.renderMs,
        originBytes: produced.originBytes,
        originMs: produced.originMs,
        premium: produced.render.premium,
      });
  } catch (error) {
    throw renderJobFailure(error);
  }
}

/**
 * The video transcode, stream or subtitle track a video render job asked for, every file of a
 * stream under its own identity, metered as the minutes encoded (and as a premium render when
 * the provider made subtitles). The provider's answers are kept beside the renders of the path,
 * so other URLs of the same video ask it nothing new.
 */
export async function renderVideoJob(
  parts: JobRenderParts,
  payload: RenderRequestPayload,
  signal: AbortSignal,
): Promise<AfterCompletion | undefined> {
  const replayed = await replay(parts, payload);
  if (replayed === null) return;
  const { source, request, resolved } = replayed;
  const { input, usage, baseIdentity } = resolved;
  const { video } = input;
  if (!isJobVideoWork(video)) return;
  // A stream's manifest is written last: with it kept, the whole stream is.
  const finalVariant = videoVariant(isStreamWork(video) ? { kind: video.kind, part: null } : video);
  const at = (variant: string) =>
    parts.caches.location(source.id, input.path, `${baseIdentity}\n${variant}`);
  try {
    const made =
      parts.shared === null
        ? await parts.caches.onDisk(at(finalVariant))
        : await parts.shared.has(at(finalVariant));
    if (made) return;
    const origin = await readOrigin(input);
    const started = performance.now();
    const subtitles =
      parts.subtitles === null
        ? null
        : rememberingProvider(
            parts.subtitles,
            cachedProviderAnswers(parts.caches, source, input.path),
          );
    const output = await parts.renderer.video(
      { ...input, video },
      origin,
      // Stopped at the timeout, and when the runner stops or loses the job's lease.
      AbortSignal.any([AbortSignal.timeout(VIDEO_RENDER_TIMEOUT_MS), signal]),
      subtitles,
    );
    for (const entry of output.entries) {
      const identity = `${baseIdentity}\n${entry.variant}`;
      await parts.caches.store(identity, at(entry.variant), entry.render);
      await parts.shared?.write(at(entry.variant), entry.render);
    }
    const renderMs = Math.round(performance.now() - started);
    return () =>
      parts.record(request, source, 200, null, {
        ...usage,
        cache: 'miss',
        renderMs,
        originBytes: origin.bytes.length,
        originMs: origin.fetchMs,
        encodedMs: output.encodedMs,
        premium: output.premium,
      });
  } catch (error) {
    throw renderJobFailure(error);
  }
}

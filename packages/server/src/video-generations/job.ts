// Follows one generative video from the request to the stored MP4, one step per job: the first
// sends the still and the prompt, each later one asks the provider how far it is and enqueues
// the next, so a restart resumes where it stopped and no runner waits minutes on one video.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { GenerativeError, type GenerativeVideos } from '../ai/generative/index.ts';
import { readWhole } from '../assets/read-object.ts';
import type { AssetIndexDependencies } from '../assets/indexer.ts';
import type { DatabaseSchema, VideoGenerationRow } from '../db/schema.ts';
import { VIDEO_GENERATION_JOB } from '../jobs/kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { handleJob, type JobHandler } from '../jobs/runner.ts';
import { findSource } from '../store/sources.ts';
import type { ObjectStore } from '../storage/object-store/index.ts';
import { StorageError } from '../storage/types.ts';
import { storeVideoGeneration } from './files.ts';
import { videoStill } from './still.ts';
import { findVideoGeneration, updateVideoGeneration } from './store.ts';

type Db = Kysely<DatabaseSchema>;

export interface VideoGenerationDependencies extends AssetIndexDependencies {
  videos: GenerativeVideos;
  /** Where the MP4s are kept (the install's object store). */
  objectStore: ObjectStore;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Between two questions to the provider (OpenAI suggests polling every 10 to 20 s). */
  pollIntervalMs: number;
  /** A video still unfinished after this long is given up. */
  maxAgeMs?: number;
}

const DEFAULT_MAX_AGE_MS = 30 * 60_000;
// Failures that may pass (the provider or the origin unreachable, a 429 or a 5xx) are retried
// this many times in a row before the generation is failed.
const MAX_PASSING_FAILURES = 5;

export async function requestVideoGenerationStep(
  db: Db,
  generationId: string,
  delayMs = 0,
): Promise<void> {
  await enqueueJob(
    db,
    VIDEO_GENERATION_JOB,
    { generationId },
    { runAt: new Date(Date.now() + delayMs) },
  );
}

export function videoGenerationHandler(deps: VideoGenerationDependencies): JobHandler {
  return handleJob(VIDEO_GENERATION_JOB, async ({ generationId }) => {
    const generation = await findVideoGeneration(deps.db, generationId, null);
    if (generation === undefined || isFinished(generation)) return;
    try {
      await step(deps, generation);
      await updateVideoGeneration(deps.db, generation.id, { failed_attempts: 0 });
    } catch (error) {
      await onStepFailure(deps, generation, error);
    }
  });
}

function isFinished(generation: VideoGenerationRow): boolean {
  return generation.status === 'completed' || generation.status === 'failed';
}

async function step(deps: VideoGenerationDependencies, generation: VideoGenerationRow) {
  const maxAgeMs = deps.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  if (Date.now() - generation.created_at.getTime() > maxAgeMs) {
    await fail(
      deps.db,
      generation,
      `The provider did not finish the video within ${maxAgeMs / 60_000} minutes.`,
    );
    return;
  }
  if (generation.provider_id === null) {
    await start(deps, generation);
  } else {
    await follow(deps, generation, generation.provider_id);
  }
}

async function start(deps: VideoGenerationDependencies, generation: VideoGenerationRow) {
  const source = await findSource(deps.db, generation.source_id, null);
  if (source === undefined) {
    await fail(deps.db, generation, 'The source was deleted.');
    return;
  }
  const adapter = await deps.origins.adapterFor(source);
  // Storage keys have no leading slash; asset paths do.
  const { bytes } = await readWhole(adapter, generation.origin_path.replace(/^\/+/, ''));
  const still = await videoStill(bytes, generation.orientation);
  const providerId = await deps.videos.start({
    image: still.png,
    prompt: generation.prompt,
    seconds: generation.seconds as 4 | 8 | 12,
    size: still.size,
  });
  await updateVideoGeneration(deps.db, generation.id, {
    provider_id: providerId,
    status: 'queued',
  });
  await requestVideoGenerationStep(deps.db, generation.id, deps.pollIntervalMs);
}

async function follow(
  deps: VideoGenerationDependencies,
  generation: VideoGenerationRow,
  providerId: string,
) {
  const progress = await deps.videos.progress(providerId);
  switch (progress.state) {
    case 'queued':
    case 'in_progress':
      await updateVideoGeneration(deps.db, generation.id, {
        status: progress.state,
        progress: progress.progress,
      });
      await requestVideoGenerationStep(deps.db, generation.id, deps.pollIntervalMs);
      return;
    case 'failed':
      await fail(deps.db, generation, `The provider could not make the video: ${progress.message}`);
      return;
    case 'completed': {
      const mp4 = await deps.videos.content(providerId);
      await storeVideoGeneration(deps.objectStore, generation.id, mp4);
      await updateVideoGeneration(deps.db, generation.id, {
        status: 'completed',
        progress: 100,
        video_bytes: mp4.length,
      });
      await meter(deps.db, generation);
    }
  }
}

/**
 * A generative video is a premium operation (2 credits, spec platform section 9), metered as one
 * premium render of the still, like the AI renders delivery meters.
 */
async function meter(db: Db, generation: VideoGenerationRow): Promise<void> {
  await db
    .insertInto('usage_events')
    .values({
      source_id: generation.source_id,
      account_id: generation.account_id,
      path: generation.origin_path,
      status: 200,
      bytes_out: 0,
      render_ms: Date.now() - generation.created_at.getTime(),
      cache: 'none',
      operation: 'premium',
      occurred_at: new Date(),
    })
    .execute();
}

async function fail(db: Db, generation: VideoGenerationRow, message: string): Promise<void> {
  await updateVideoGeneration(db, generation.id, { status: 'failed', error: message });
}

/** A refusal is final; an outage is retried a few times, then the generation fails with it. */
async function onStepFailure(
  deps: VideoGenerationDependencies,
  generation: VideoGenerationRow,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  if (!isPassing(error) || generation.failed_attempts + 1 >= MAX_PASSING_FAILURES) {
    await fail(deps.db, generation, message);
    return;
  }
  deps.log.warn({ err: error, generationId: generation.id }, 'video generation step failed');
  await updateVideoGeneration(deps.db, generation.id, {
    failed_attempts: generation.failed_attempts + 1,
  });
  const backoffMs = deps.pollIntervalMs * 2 ** generation.failed_attempts;
  await requestVideoGenerationStep(deps.db, generation.id, backoffMs);
}

function isPassing(error: unknown): boolean {
  if (error instanceof StorageError) {
    return (
      error.kind === 'timeout' || error.kind === 'unreachable' || error.kind === 'origin_error'
    );
  }
  if (!(error instanceof GenerativeError)) return false;
  if (error.kind === 'unreachable' || error.kind === 'timeout') return true;
  const status = error.providerStatus;
  return error.kind === 'provider_error' && status !== null && (status === 429 || status >= 500);
}

// Every kind of durable job the server runs, with its payload (docs/ARCHITECTURE.md, "The job
// system"). Handlers live beside the work they do; job-runners.ts registers them all.
import { z } from 'zod';
import { defineJobKind } from './kind.ts';

/** Checks a new source's origin and marks it deployed or failed (spec platform section 4). */
export const SOURCE_DEPLOY_JOB = defineJobKind(
  'source-deploy',
  z.object({ sourceId: z.string(), userId: z.string() }),
);

/**
 * One slice of a source's asset indexing run (with `runId`), or a scheduled start of the next
 * run (without), which goes through the same guard as every other start.
 */
export const ASSET_INDEX_JOB = defineJobKind(
  'asset-index',
  z.object({ sourceId: z.string(), runId: z.string().optional(), reason: z.string().optional() }),
);

/** One slice of the faces, labels and alt text of a source's unanalysed images. */
export const ASSET_ANALYSIS_JOB = defineJobKind(
  'asset-analysis',
  z.object({ sourceId: z.string() }),
);

/** Bills the local ledger's billing periods that have ended, then queues the next close. */
export const BILLING_PERIOD_CLOSE_JOB = defineJobKind('billing-period-close', z.object({}));

/** One step of a generative image-to-video generation (send, then ask how far it is). */
export const VIDEO_GENERATION_JOB = defineJobKind(
  'video-generation',
  z.object({ generationId: z.string() }),
);

/**
 * A delivery request replayed by a job: what it renders depends on the host, the target and
 * the request headers that shape a render (Accept for auto=format, client hints for ch).
 */
const renderRequest = z.object({
  /** The lowercased Host the request was served for. */
  host: z.string(),
  /** The request target as sent. */
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  /** The render key, to find the job of a URL. */
  key: z.string(),
});

export type RenderRequestPayload = z.infer<typeof renderRequest>;

/** A premium (AI) render; one retry, since a render refused on its merits fails the same. */
export const AI_RENDER_JOB = defineJobKind('ai-render', renderRequest, { maxAttempts: 2 });

/** A video transcode or HLS stream; one retry for a timeout or a lost origin. */
export const VIDEO_RENDER_JOB = defineJobKind('video-render', renderRequest, { maxAttempts: 2 });

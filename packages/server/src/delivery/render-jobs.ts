// Renders that take longer than a request may wait (AI renders, video transcodes and streams)
// run as durable jobs: the first request for such a URL enqueues one, on whichever process it
// arrives, and requests are answered 423 until the render is in the render caches (or, made by
// another process, in the object store: shared-renders.ts). The job replays the request (host,
// target, the headers that shape the render), so it renders exactly what was asked, in
// whichever process claims it.
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { RenderError } from '@darkroom/render';
import type { DatabaseSchema } from '../db/schema.ts';
import { AI_RENDER_JOB, VIDEO_RENDER_JOB, type RenderRequestPayload } from '../jobs/kinds.ts';
import { deleteJob, enqueueJob, keyedJob } from '../jobs/queue.ts';
import { PermanentJobError } from '../jobs/runner.ts';
import type { RenderLocation } from './cached-render.ts';
import { OriginFailure } from './origin-fetch.ts';
import { renderKey } from './render-key.ts';
import { hostOf, type DeliveryRequest } from './request.ts';
import type { Resolved } from './resolve.ts';

/** A failed render job answers its error this long, then the next request tries again. */
const FAILURE_MEMORY_MS = 10 * 60_000;
/** Seconds a client is asked to wait before it asks again for a render a job is making. */
const RENDER_JOB_RETRY_AFTER_S = 2;

// The request headers a render depends on (Accept for auto=format, client hints for ch).
const RENDER_HEADERS = [
  'accept',
  'sec-ch-width',
  'width',
  'sec-ch-viewport-width',
  'viewport-width',
  'sec-ch-dpr',
  'dpr',
  'save-data',
] as const;

export type RenderJobKind = typeof AI_RENDER_JOB | typeof VIDEO_RENDER_JOB;

/** Where the job of a URL stands: rendering (ask again later) or failed with its answer. */
export type RenderJobState =
  | { state: 'pending'; retryAfterSeconds: number }
  | { state: 'failed'; status: number; message: string };

const FAILED_MESSAGES: ReadonlyMap<string, string> = new Map([
  [AI_RENDER_JOB.name, 'The AI render failed. Try again later.'],
  [VIDEO_RENDER_JOB.name, 'The video render failed. Try again later.'],
]);

/** A render error as a job records it: its status first, so delivery can answer it. */
function jobErrorText(status: number, message: string): string {
  return `${status} ${message}`;
}

function parseJobError(
  text: string | null,
  failedMessage: string,
): { status: number; message: string } {
  const match = /^([45]\d\d) ([\s\S]*)$/.exec(text ?? '');
  if (match?.[1] === undefined || match[2] === undefined) {
    return { status: 500, message: failedMessage };
  }
  return { status: Number(match[1]), message: match[2] };
}

function renderHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of RENDER_HEADERS) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined) kept[name] = text;
  }
  return kept;
}

/**
 * The key a render job is found by: an AI render's is its render's, while every file of a video
 * stream shares one job (a transcode has one of its own).
 */
export function renderJobKey(
  kind: RenderJobKind,
  resolved: Pick<Resolved, 'baseIdentity' | 'input'>,
  location: RenderLocation,
): string {
  if (kind === AI_RENDER_JOB) return location.key;
  return renderKey(`${resolved.baseIdentity}\n${resolved.input.video?.kind ?? ''}`);
}

/** The payload of the job that renders `request`, found again by its render `key`. */
export function renderJobPayload(request: DeliveryRequest, key: string): RenderRequestPayload {
  return { host: hostOf(request), url: request.url, headers: renderHeaders(request.headers), key };
}

/** The request a render job replays. */
export function replayedRequest(payload: RenderRequestPayload): DeliveryRequest {
  return { method: 'GET', url: payload.url, headers: payload.headers };
}

/**
 * The state of the job of `kind` rendering `payload.key`, enqueuing it when none is pending. The
 * render key is the job's work key, so processes asking at the same moment enqueue one job (the
 * others find it pending). A failed job answers its error for FAILURE_MEMORY_MS, by the
 * database's clock, then is deleted and the next request enqueues a new one, again one for all.
 */
export async function requestRenderJob(
  db: Kysely<DatabaseSchema>,
  kind: RenderJobKind,
  payload: RenderRequestPayload,
): Promise<RenderJobState> {
  const pending: RenderJobState = { state: 'pending', retryAfterSeconds: RENDER_JOB_RETRY_AFTER_S };
  const latest = await keyedJob(db, kind, payload.key);
  if (latest !== undefined && latest.failedMsAgo === null) return pending;
  if (latest?.failedMsAgo != null) {
    if (latest.failedMsAgo < FAILURE_MEMORY_MS) {
      const failedMessage = FAILED_MESSAGES.get(kind.name) ?? 'The render failed.';
      return { state: 'failed', ...parseJobError(latest.lastError, failedMessage) };
    }
    await deleteJob(db, latest.id);
  }
  // Not added when another process has just added it: either way, the render is pending.
  await enqueueJob(db, kind, payload, { key: payload.key });
  return pending;
}

/**
 * What a render job throws for a failure of its render: the error's status first (which the
 * URL then answers), retried when it may pass (a timeout, a 5xx origin), final when a retry
 * would fail the same (a refusal on the image's merits).
 */
export function renderJobFailure(error: unknown): unknown {
  if (!(error instanceof RenderError || error instanceof OriginFailure)) return error;
  const transient = error.status === 504 || (error instanceof OriginFailure && error.status >= 500);
  const failure = transient ? Error : PermanentJobError;
  return new failure(jobErrorText(error.status, error.message), { cause: error });
}

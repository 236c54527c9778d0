// Premium (AI) renders run as durable jobs (issue 6 item 1): the first request for such a URL
// enqueues one and answers 423 until it is in the render cache. The job replays the request
// (host, target, the headers that shape the render), so it renders exactly what was asked,
// in whichever server process claims it.
import type { IncomingHttpHeaders } from 'node:http';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';

export const AI_RENDER_JOB = 'ai-render';

/** One retry for a transient failure; a render that fails on its merits fails the same again. */
const AI_RENDER_MAX_ATTEMPTS = 2;
/** A failed render job answers its error this long, then the next request tries again. */
const FAILURE_MEMORY_MS = 10 * 60_000;

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

export interface AiRenderPayload {
  /** The lowercased Host the request was served for. */
  host: string;
  /** The request target as sent. */
  url: string;
  headers: Record<string, string>;
  /** The render key, to find the job of a URL. */
  key: string;
}

export type AiRenderState =
  { state: 'pending' } | { state: 'failed'; status: number; message: string };

/** A render error as a job records it: its status first, so delivery can answer it. */
export function jobErrorText(status: number, message: string): string {
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

export function renderHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of RENDER_HEADERS) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined) kept[name] = text;
  }
  return kept;
}

/**
 * The state of the job of `kind` rendering `payload.key`, enqueuing it when none is pending.
 * Two processes asking at once may both enqueue; the second job finds the render cached and
 * stops. A failed job answers its error for a while, then the next request tries again.
 */
export async function requestRenderJob(
  db: Kysely<DatabaseSchema>,
  kind: string,
  payload: AiRenderPayload,
  options: { maxAttempts: number; failedMessage: string },
): Promise<AiRenderState> {
  const latest = await db
    .selectFrom('jobs')
    .select(['id', 'failed_at', 'last_error'])
    .where('kind', '=', kind)
    .where(sql<string>`payload->>'key'`, '=', payload.key)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest !== undefined && latest.failed_at === null) return { state: 'pending' };
  if (latest?.failed_at != null) {
    if (Date.now() - latest.failed_at.getTime() < FAILURE_MEMORY_MS) {
      return { state: 'failed', ...parseJobError(latest.last_error, options.failedMessage) };
    }
    await db.deleteFrom('jobs').where('id', '=', latest.id).execute();
  }
  await enqueueJob(db, { kind, payload: { ...payload }, maxAttempts: options.maxAttempts });
  return { state: 'pending' };
}

/** The state of the AI render for `payload.key`, enqueuing it when none is pending. */
export function requestAiRender(
  db: Kysely<DatabaseSchema>,
  payload: AiRenderPayload,
): Promise<AiRenderState> {
  return requestRenderJob(db, AI_RENDER_JOB, payload, {
    maxAttempts: AI_RENDER_MAX_ATTEMPTS,
    failedMessage: 'The AI render failed. Try again later.',
  });
}

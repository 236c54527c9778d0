// The answers of a request whose render could not be had: a render still being made by its job
// (423 with Retry-After), a full render queue (429), and failures, which a source may answer
// with a fallback image (spec platform section 3: image_missing and image_error).
import type { FastifyBaseLogger } from 'fastify';
import { RenderError } from '@darkroom/render';
import type { StorageOptions } from '../storage/types.ts';
import { baseHeaders, errorAnswer, type Answer } from './answers.ts';
import type { DeliverySource } from './delivery-source.ts';
import { FALLBACK_HEADER, fetchFallback } from './fallback.ts';
import { OriginFailure } from './origin-fetch.ts';
import { QueueFullError } from './render-queue.ts';
import type { RenderJobState } from './render-jobs.ts';
import type { DeliveryRequest } from './request.ts';
import { errorCacheControl } from './response-headers.ts';

/** 423 while the job of a render runs; its error once it has failed. */
export function pendingAnswer(
  state: RenderJobState,
  source: DeliverySource,
  what: 'image' | 'video',
): Answer {
  if (state.state === 'failed') return errorAnswer(state.status, state.message, source);
  return errorAnswer(423, `The ${what} is being processed. Ask again in a few seconds.`, source, {
    'retry-after': String(state.retryAfterSeconds),
  });
}

export interface FailureContext {
  request: DeliveryRequest;
  source: DeliverySource;
  /** The request's query without `s`, appended to a fallback URL when the source asks. */
  query: string;
  storage: StorageOptions;
  log: FastifyBaseLogger;
}

/** The answer of a render that failed with `error`. */
export async function failureAnswer(error: unknown, context: FailureContext): Promise<Answer> {
  const { request, source } = context;
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
    (request.log ?? context.log).error({ err: error }, 'delivery failed');
    status = 500;
    message = 'The image could not be rendered.';
  }
  // A fallback request arriving here (its URL is on a Darkroom source) never falls back again.
  if (fallback !== null && request.headers[FALLBACK_HEADER] === undefined) {
    const image = await fetchFallback(fallback, context.query, context.storage);
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

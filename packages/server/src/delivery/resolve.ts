// Resolving a request (the first stage of delivery, like imgproxy's handler before its
// pipeline): every check before the render caches, synchronously and without I/O, since the
// source is at hand. The result is either the answer that ends the request (a refusal, a bad
// parameter, an expired URL) or what finding its render needs.
import type { Params } from '@darkroom/core';
import type { ClientHints } from '@darkroom/render';
import { takeInternalMarker, type InternalMarkers } from '../crypto/internal-marker.ts';
import { errorAnswer, type Answer } from './answers.ts';
import type { DeliverySource } from './delivery-source.ts';
import { originPath } from './origin-path.ts';
import type { ParamsCache } from './params-cache.ts';
import { premiumRefusal } from './premium-refusal.ts';
import { refusal } from './refusal.ts';
import { clientHintsOf, renderIdentity } from './render-key.ts';
import { headerText, type DeliveryRequest } from './request.ts';
import { parseRequestTarget, queryWithoutSignature, type RequestTarget } from './request-target.ts';
import { newUsage, type Usage } from './usage.ts';
import {
  isVideoPath,
  splitStreamQuery,
  videoVariant,
  videoWorkOf,
  type VideoWork,
} from './video-request.ts';

/** What a render is made from. */
export interface RenderInput {
  source: DeliverySource;
  /** The origin path. */
  path: string;
  params: Params;
  /** What the video engine does for the request; null for the image pipeline. */
  video: VideoWork | null;
  accept: string | null;
  hints: ClientHints;
}

/** A request answered before its render is looked for. */
export interface Answered {
  kind: 'answered';
  answer: Answer;
  usage: Usage;
}

/** A request that passed every check: what finding its render needs. */
export interface Resolved {
  kind: 'resolved';
  usage: Usage;
  /** Everything that decides the answer's bytes: the memory cache's key. */
  identity: string;
  /** The identity without the video variant: a stream's files share it. */
  baseIdentity: string;
  target: RequestTarget;
  input: RenderInput;
  /** The query without `s`, for fallback URLs. */
  query: string;
  /** Seconds until `expires`, or null without one. */
  secondsLeft: number | null;
  /** X-Darkroom-Ignored-Params: the query's names delivery ignored; null when none were. */
  ignoredParams: string | null;
}

export interface ResolveOptions {
  params: ParamsCache;
  /** A generative provider is configured (GENERATIVE_API_URL): images, and subtitles. */
  generativeAvailable: boolean;
  /** Verifies the dashboard's internal marker (crypto/internal-marker.ts); null: none counts. */
  internalMarkers: InternalMarkers | null;
}

/**
 * Resolves `request` on `source`: the refusals (method, URL length, source state, signature),
 * the origin path, the parameters over the source's defaults, video work, premium grants and
 * `expires`.
 */
export function resolveRequest(
  request: DeliveryRequest,
  source: DeliverySource,
  options: ResolveOptions,
): Answered | Resolved {
  // The dashboard's marker goes before anything reads the target: it is no parameter, is not
  // signed, and must not split the cache.
  const marked = takeInternalMarker(request.url);
  const target = parseRequestTarget(marked.url);
  const usage = newUsage(target.path);
  usage.internal =
    marked.marker !== null &&
    options.internalMarkers !== null &&
    options.internalMarkers.verifies(marked.marker, source.accountId);
  const answer = (result: Answer): Answered => ({ kind: 'answered', answer: result, usage });
  const refused = refusal(request.method, target, source);
  if (refused !== null) return answer(refused);
  const origin = originPath(target.path, source.type);
  if (!origin.ok) return answer(errorAnswer(origin.status, origin.message, source));
  usage.path = origin.path;
  // A hidden image, when its source stops delivering them, is answered as a missing one.
  if (source.hiddenPaths?.has(origin.path)) {
    return answer(errorAnswer(404, 'The image was not found.', source));
  }

  const query = queryWithoutSignature(target.query);
  const stream = splitStreamQuery(query);
  const parsed = options.params.parse(
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
  const refusedPremium = premiumRefusal(params, source, video, options.generativeAvailable);
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
    kind: 'resolved',
    usage,
    identity: variant === '' ? baseIdentity : `${baseIdentity}\n${variant}`,
    baseIdentity,
    target,
    input: { source, path: origin.path, params, video, accept, hints },
    query,
    secondsLeft,
    ignoredParams: parsed.ignoredParams,
  };
}

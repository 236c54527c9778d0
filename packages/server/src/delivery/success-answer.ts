// The answer of a request whose render is at hand: the source's caching rules, the render's
// own headers, Vary, downloads, the surrogate keys a CDN purges by, conditional requests (RFC 9110
// section 13) and byte ranges (RFC 9110 section 14), and stream manifests (HLS playlists, DASH
// MPDs) rewritten for the request.
import { baseHeaders, errorAnswer, withVary, type Answer } from './answers.ts';
import { byteRange } from './byte-range.ts';
import type { CachedRender } from './cached-render.ts';
import type { DeliverySource } from './delivery-source.ts';
import { varyHeaders } from './render-key.ts';
import { headerText, type DeliveryRequest } from './request.ts';
import type { Resolved } from './resolve.ts';
import { manifestForRequest } from './stream-uris.ts';
import { surrogateKeyHeaders } from './surrogate-key-headers.ts';
import {
  CORS_HEADERS,
  IGNORED_PARAMS_HEADER,
  contentDisposition,
  etagMatches,
  successCacheControl,
} from './response-headers.ts';
import { isCrossOriginMedia } from './video-request.ts';

export function successAnswer(
  request: DeliveryRequest,
  source: DeliverySource,
  rendered: CachedRender,
  { input, secondsLeft, target, ignoredParams }: Resolved,
): Answer {
  const { params, path: originPathName } = input;
  let headers: Record<string, string> = {
    ...baseHeaders(source, rendered.contentType),
    ...(isCrossOriginMedia(input.video) ? CORS_HEADERS : {}),
    'cache-control': successCacheControl(source.settings, rendered.originCacheControl, secondsLeft),
    etag: rendered.etag,
    'accept-ranges': 'bytes',
    // Built once per source and path; on a ready-made hit, part of its header block (hit-answers.ts).
    ...surrogateKeyHeaders(source.id, originPathName),
  };
  if (rendered.headers !== undefined) Object.assign(headers, rendered.headers);
  headers = withVary(headers, varyHeaders(params, rendered.variesOnAccept));
  if (params.has('dl')) {
    headers['content-disposition'] = contentDisposition(params.string('dl') ?? '', originPathName);
  }
  // From the query alone, so a ready-made hit answer (hit-answers.ts) carries it as it is.
  if (ignoredParams !== null) headers[IGNORED_PARAMS_HEADER.toLowerCase()] = ignoredParams;
  if (etagMatches(headerText(request, 'if-none-match') ?? undefined, rendered.etag)) {
    return { status: 304, headers, body: null };
  }
  const body = manifestForRequest(rendered.body, rendered.contentType, target, source);
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

/**
 * An answer of an HLS or DASH stream or a subtitle sidecar, readable across origins whatever the
 * source's CORS setting: a player built on Media Source Extensions (hls.js, dash.js) fetches
 * manifests and segments with XHR or fetch, and must read a 423 to know to wait; a `<track>` is
 * a CORS request.
 * The files are as public as the video they stream.
 */
export function streamable(answer: Answer): Answer {
  return { ...answer, headers: { ...answer.headers, ...CORS_HEADERS } };
}

/** The video length and size of a render, for metering; null for anything but video. */
export function videoOf(render: CachedRender): { ms: number; bytes: number } | null {
  return render.videoMs === undefined ? null : { ms: render.videoMs, bytes: render.body.length };
}

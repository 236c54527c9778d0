// The addresses inside stream manifests: HLS playlists (fm=hls) and DASH MPDs (fm=dash). The
// render cache keeps manifests with bare file names; each answer names every file by the request's
// own address with the file as `hls-part` or `dash-part`, signed with the source's token when the
// source signs URLs (docs/ARCHITECTURE.md, "Signed URLs"), so a player fetching them passes the
// same checks the manifest did.
import { signPath } from '@darkroom/core';
import {
  DASH_MEDIA_TYPES,
  HLS_MEDIA_TYPES,
  rewriteManifestUris,
  rewritePlaylistUris,
} from '@darkroom/render';
import type { DeliverySource } from './delivery-source.ts';
import { DASH_PART_PARAM, HLS_PART_PARAM } from './video-request.ts';
import type { RequestTarget } from './request-target.ts';
import { queryWithoutSignature } from './request-target.ts';

type SigningSource = Pick<DeliverySource, 'requiresSignature' | 'token'>;

/** A function from a stream file name to its address (as `partParam`), relative to the manifest's. */
function partUriOf(
  target: RequestTarget,
  source: SigningSource,
  partParam: string,
): (name: string) => string {
  const fileName = target.path.slice(target.path.lastIndexOf('/') + 1);
  const kept = queryWithoutSignature(target.query)
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith(`${partParam}=`));
  return (name) => {
    const query = [...kept, `${partParam}=${encodeURIComponent(name)}`].join('&');
    if (!source.requiresSignature) return `${fileName}?${query}`;
    return `${fileName}?${query}&s=${signPath(source.token, target.path, `?${query}`)}`;
  };
}

/** True for a render whose body names stream files, rewritten per request by manifestForRequest. */
export function namesStreamFiles(contentType: string): boolean {
  return contentType === HLS_MEDIA_TYPES.m3u8 || contentType === DASH_MEDIA_TYPES.mpd;
}

/**
 * A cached playlist or MPD (by `contentType`) with its file names made into addresses for this
 * request; any other body as it is.
 */
export function manifestForRequest(
  body: Buffer,
  contentType: string,
  target: RequestTarget,
  source: SigningSource,
): Buffer {
  if (contentType === HLS_MEDIA_TYPES.m3u8) {
    const uriOf = partUriOf(target, source, HLS_PART_PARAM);
    return Buffer.from(rewritePlaylistUris(body.toString('utf8'), uriOf));
  }
  if (contentType === DASH_MEDIA_TYPES.mpd) {
    const uriOf = partUriOf(target, source, DASH_PART_PARAM);
    return Buffer.from(rewriteManifestUris(body.toString('utf8'), uriOf));
  }
  return body;
}

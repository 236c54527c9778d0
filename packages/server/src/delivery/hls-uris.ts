// The addresses inside HLS playlists (fm=hls). The render cache keeps playlists with bare file
// names; each answer names every file by the request's own address with the file as `hls-part`,
// signed with the source's token when the source signs URLs (docs/ARCHITECTURE.md, "Signed URLs"),
// so a player fetching them passes the same checks the master playlist did.
import { signPath } from '@darkroom/core';
import { rewritePlaylistUris } from '@darkroom/render';
import type { DeliverySource } from './delivery-source.ts';
import { HLS_PART_PARAM } from './video-request.ts';
import type { RequestTarget } from './request-target.ts';
import { queryWithoutSignature } from './request-target.ts';

/** A function from a stream file name to its address, relative to the playlist's. */
function partUriOf(
  target: RequestTarget,
  source: Pick<DeliverySource, 'requiresSignature' | 'token'>,
): (name: string) => string {
  const fileName = target.path.slice(target.path.lastIndexOf('/') + 1);
  const kept = queryWithoutSignature(target.query)
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith(`${HLS_PART_PARAM}=`));
  return (name) => {
    const query = [...kept, `${HLS_PART_PARAM}=${encodeURIComponent(name)}`].join('&');
    if (!source.requiresSignature) return `${fileName}?${query}`;
    return `${fileName}?${query}&s=${signPath(source.token, target.path, `?${query}`)}`;
  };
}

/** A cached playlist with its file names made into addresses for this request. */
export function playlistForRequest(
  body: Buffer,
  target: RequestTarget,
  source: Pick<DeliverySource, 'requiresSignature' | 'token'>,
): Buffer {
  return Buffer.from(rewritePlaylistUris(body.toString('utf8'), partUriOf(target, source)));
}

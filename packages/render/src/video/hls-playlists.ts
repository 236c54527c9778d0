// HLS playlists (RFC 8216) as text. The files ffmpeg writes name their segments bare
// (`720p-000.ts`); delivery rewrites each name into a full, signed URL per request.
import type { Rendition } from './hls-ladder.ts';

/** `HLS_MEDIA_TYPES[extension]`: playlists (RFC 8216 section 4) and MPEG-TS segments. */
export const HLS_MEDIA_TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
} as const;

// H.264 High profile level 4.0 and AAC-LC: what packageHls encodes, for players to pick by.
const VIDEO_CODEC = 'avc1.640028';
const AUDIO_CODEC = 'mp4a.40.2';

/** The master playlist over `renditions`, each at `uriOf(playlist file name)`. */
export function masterPlaylist(
  renditions: readonly Rendition[],
  hasAudio: boolean,
  uriOf: (name: string) => string,
): string {
  const codecs = hasAudio ? `${VIDEO_CODEC},${AUDIO_CODEC}` : VIDEO_CODEC;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    // BANDWIDTH is the peak: the video's cap plus audio and container overhead.
    const peak = Math.round(rendition.bitrate * 1.1) + (hasAudio ? 128_000 : 0);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${codecs}"`,
      uriOf(`${rendition.name}.m3u8`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A playlist with every URI line (not a tag, not blank) replaced by `uriOf(line)`. */
export function rewritePlaylistUris(playlist: string, uriOf: (name: string) => string): string {
  return playlist
    .split('\n')
    .map((line) => (line === '' || line.startsWith('#') ? line : uriOf(line.trim())))
    .join('\n');
}

/** Each segment's duration (its #EXTINF) in milliseconds, by the name that follows it. */
export function segmentDurations(playlist: string): Map<string, number> {
  const durations = new Map<string, number>();
  let pending: number | null = null;
  for (const line of playlist.split('\n')) {
    const match = /^#EXTINF:([\d.]+)/.exec(line);
    if (match?.[1] !== undefined) {
      pending = Math.round(Number(match[1]) * 1000);
    } else if (line !== '' && !line.startsWith('#') && pending !== null) {
      durations.set(line.trim(), pending);
      pending = null;
    }
  }
  return durations;
}

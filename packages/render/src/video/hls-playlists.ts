// HLS playlists (RFC 8216) as text. The files ffmpeg writes name their segments bare
// (`720p-000.ts`); delivery rewrites each name into a full, signed URL per request.
import type { Rendition } from './hls-ladder.ts';
import { SUBTITLES_GROUP, type SubtitleRendition } from './hls-subtitles.ts';

/**
 * `HLS_MEDIA_TYPES[extension]`: playlists (RFC 8216 section 4), MPEG-TS segments and WebVTT
 * subtitle segments (section 3.5).
 */
export const HLS_MEDIA_TYPES = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  vtt: 'text/vtt',
} as const;

// H.264 High profile level 4.0 and AAC-LC: what packageHls encodes, for players to pick by.
const VIDEO_CODEC = 'avc1.640028';
const AUDIO_CODEC = 'mp4a.40.2';

/**
 * The master playlist over `renditions`, each at `uriOf(playlist file name)`, with `subtitles`
 * as the renditions of one SUBTITLES group that every variant names (section 4.3.4.1).
 */
export function masterPlaylist(
  renditions: readonly Rendition[],
  hasAudio: boolean,
  uriOf: (name: string) => string,
  subtitles: readonly SubtitleRendition[] = [],
): string {
  const codecs = hasAudio ? `${VIDEO_CODEC},${AUDIO_CODEC}` : VIDEO_CODEC;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const track of subtitles) {
    // Offered, not forced: AUTOSELECT lets a player pick the track of its user's language.
    const language = track.language === null ? '' : `,LANGUAGE="${track.language}"`;
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLES_GROUP}",NAME="${quotable(track.name)}"${language},DEFAULT=NO,AUTOSELECT=YES,URI="${uriOf(track.playlist)}"`,
    );
  }
  const group = subtitles.length === 0 ? '' : `,SUBTITLES="${SUBTITLES_GROUP}"`;
  for (const rendition of renditions) {
    // BANDWIDTH is the peak: the video's cap plus audio and container overhead.
    const peak = Math.round(rendition.bitrate * 1.1) + (hasAudio ? 128_000 : 0);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peak},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${codecs}"${group}`,
      uriOf(`${rendition.name}.m3u8`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** A quoted-string attribute value holds no double quote, CR or LF (section 4.2). */
function quotable(text: string): string {
  return text.replace(/["\r\n]/g, "'");
}

// The URI attribute of a tag (EXT-X-MEDIA's, section 4.3.4.1): a quoted string.
const URI_ATTRIBUTE = /([:,])URI="([^"]*)"/;

/**
 * A playlist with every URI line (not a tag, not blank) replaced by `uriOf(line)`, and so the
 * URI attribute of every tag that has one.
 */
export function rewritePlaylistUris(playlist: string, uriOf: (name: string) => string): string {
  return playlist
    .split('\n')
    .map((line) => {
      if (line === '') return line;
      if (!line.startsWith('#')) return uriOf(line.trim());
      return line.replace(URI_ATTRIBUTE, (_, before: string, uri: string) => {
        return `${before}URI="${uriOf(uri)}"`;
      });
    })
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

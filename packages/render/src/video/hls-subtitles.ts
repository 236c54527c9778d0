// Subtitle tracks in an HLS stream (RFC 8216): each track is a rendition of the master's
// SUBTITLES group (section 4.3.4.1) with a media playlist of its own, whose WebVTT segments
// (section 3.5) follow the video's segment boundaries. Each segment holds every cue showing
// during its period, with its full timings, and maps cue time 0 to the video's first MPEG-TS
// timestamp (X-TIMESTAMP-MAP), so players line the cues up with the picture.
import { languageName, type SubtitleTrack } from './subtitles.ts';
import { subtitleTrackStem } from './subtitle-plan.ts';
import { formatTimestamp, formatWebVtt, type Cue } from './webvtt.ts';

/** The master playlist's GROUP-ID of the subtitle renditions. */
export const SUBTITLES_GROUP = 'subs';

/** A subtitle rendition of the master playlist. */
export interface SubtitleRendition {
  /** Its media playlist's file name. */
  playlist: string;
  /** NAME: what players list it as. */
  name: string;
  /** LANGUAGE (RFC 5646: the shortest ISO 639 code is a valid tag), or null when not known. */
  language: string | null;
}

/** MPEG-TS timestamps tick at 90 kHz. */
const MPEGTS_HZ = 90_000;

/** The master playlist's entry of `track`. */
export function subtitleRendition(track: SubtitleTrack): SubtitleRendition {
  return {
    playlist: `${subtitleTrackStem(track.translation, track.supplied)}.m3u8`,
    name: track.language === null ? 'Subtitles' : languageName(track.language),
    language: track.language,
  };
}

/**
 * The master playlist's entries of `tracks`, in order. "All EXT-X-MEDIA tags in the same Group
 * MUST have different NAME attributes" (section 4.3.4.1): supplied tracks may share a language
 * or have none, so a name given before takes the track's number after it (`Spanish 2`).
 */
export function subtitleRenditions(tracks: readonly SubtitleTrack[]): SubtitleRendition[] {
  const names = new Set<string>();
  return tracks.map((track, position) => {
    const rendition = subtitleRendition(track);
    const name = names.has(rendition.name)
      ? `${rendition.name} ${(track.supplied ?? position) + 1}`
      : rendition.name;
    names.add(name);
    return { ...rendition, name };
  });
}

/**
 * The files of `track` in a stream whose segments last `segmentMs` (in order) and whose video
 * starts at `startSeconds` of MPEG-TS time: `{stem}.m3u8` and `{stem}-{n}.vtt`. The cues are
 * timed on the stream (its clip window already applied).
 */
export function subtitleFiles(
  track: SubtitleTrack,
  cues: readonly Cue[],
  segmentMs: readonly number[],
  startSeconds: number,
): Map<string, Buffer> {
  const stem = subtitleTrackStem(track.translation, track.supplied);
  const timestampMap = `X-TIMESTAMP-MAP=LOCAL:${formatTimestamp(0)},MPEGTS:${Math.round(startSeconds * MPEGTS_HZ)}`;
  const files = new Map<string, Buffer>();
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, ...segmentMs.map((ms) => Math.round(ms / 1000)))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  let fromMs = 0;
  for (const [index, durationMs] of segmentMs.entries()) {
    const toMs = fromMs + durationMs;
    const last = index === segmentMs.length - 1;
    const showing = cues.filter(
      (cue) => (cue.endMs > fromMs || cue.startMs >= fromMs) && (last || cue.startMs < toMs),
    );
    const name = `${stem}-${String(index).padStart(3, '0')}.vtt`;
    files.set(name, Buffer.from(formatWebVtt(showing, [timestampMap])));
    playlist.push(`#EXTINF:${(durationMs / 1000).toFixed(6)},`, name);
    fromMs = toMs;
  }
  playlist.push('#EXT-X-ENDLIST');
  files.set(`${stem}.m3u8`, Buffer.from(`${playlist.join('\n')}\n`));
  return files;
}

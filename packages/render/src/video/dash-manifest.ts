// The MPD of a DASH stream (fm=dash, ISO/IEC 23009-1) as text. Each Representation lists its
// segments one by one (SegmentList, section 5.3.9.3) with their exact times (SegmentTimeline,
// 5.3.9.6), rather than a SegmentTemplate's address pattern: delivery names every file by a full
// address of its own, signed when the source signs URLs, which no pattern can produce. That makes
// the presentation the ISO base media file format main profile's (section 8.5), which allows
// segment lists. The manifest render caches names its files bare (`720p-001.m4s`); delivery
// rewrites each name into an address per request.

/** The manifest's file name in a stream's files; delivery answers it for the bare fm=dash URL. */
export const DASH_MANIFEST = 'manifest.mpd';

/**
 * The media types of a DASH stream's files: the MPD (ISO/IEC 23009-1 Annex C), fragmented MP4
 * video and audio segments (RFC 4337) and WebVTT subtitle tracks.
 */
export const DASH_MEDIA_TYPES = {
  mpd: 'application/dash+xml',
  video: 'video/mp4',
  audio: 'audio/mp4',
  vtt: 'text/vtt',
} as const;

/** The stem of the audio track's files: `audio-init.mp4`, `audio-001.m4s`. */
export const AUDIO_STEM = 'audio';

/** One media segment of a Representation, on its timescale. */
export interface DashSegment {
  name: string;
  start: number;
  duration: number;
}

/** What every segmented Representation has: its initialization segment and media segments. */
export interface SegmentedTrack {
  /** The Representation's id, unique in the MPD. */
  id: string;
  /** RFC 6381 codecs string, as the muxer wrote it. */
  codecs: string;
  /** Peak bits per second (the Representation's required @bandwidth). */
  bandwidth: number;
  /** Ticks per second of the segments' times. */
  timescale: number;
  initialization: string;
  segments: readonly DashSegment[];
}

export interface VideoTrack extends SegmentedTrack {
  width: number;
  height: number;
}

export interface AudioTrack extends SegmentedTrack {
  /** Samples per second, or null when the muxer did not say. */
  samplingRate: number | null;
  channels: number;
}

/** A WebVTT subtitle track: one whole file, its own Representation's single segment. */
export interface SubtitleTrackFile {
  /** The file's name, also its Representation's id. */
  file: string;
  /** What players list it as. */
  name: string;
  /** RFC 5646 language tag, or null when not known. */
  language: string | null;
  /** The file's average bits per second over the stream. */
  bandwidth: number;
}

export interface DashPresentation {
  video: readonly VideoTrack[];
  audio: AudioTrack | null;
  subtitles: readonly SubtitleTrackFile[];
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** `text` as XML character data or an attribute value (XML 1.0 section 2.4). */
function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (mark) => XML_ESCAPES[mark] ?? mark);
}

/** An xs:duration of whole milliseconds: `PT9.000S`. */
function isoSeconds(seconds: number): string {
  return `PT${seconds.toFixed(3)}S`;
}

const secondsOf = (track: SegmentedTrack): number =>
  track.segments.reduce((sum, segment) => sum + segment.duration, 0) / track.timescale;

/**
 * The SegmentTimeline of `segments` (section 5.3.9.6): runs of equal, back-to-back segments as
 * one S with a repeat count, @t only where a segment does not start where the last one ended.
 */
function segmentTimeline(segments: readonly DashSegment[], indent: string): string[] {
  const runs: { start: number; duration: number; repeat: number; explicitStart: boolean }[] = [];
  let end: number | null = null;
  for (const segment of segments) {
    const last = runs.at(-1);
    const contiguous = end === segment.start;
    if (last !== undefined && contiguous && segment.duration === last.duration) {
      last.repeat += 1;
    } else {
      runs.push({
        start: segment.start,
        duration: segment.duration,
        repeat: 0,
        explicitStart: !contiguous,
      });
    }
    end = segment.start + segment.duration;
  }
  return runs.map((run) => {
    const t = run.explicitStart ? ` t="${run.start}"` : '';
    const r = run.repeat > 0 ? ` r="${run.repeat}"` : '';
    return `${indent}<S${t} d="${run.duration}"${r}/>`;
  });
}

/** The SegmentList of a track: its initialization segment, timeline and segment addresses. */
function segmentList(track: SegmentedTrack, indent: string): string[] {
  return [
    `${indent}<SegmentList timescale="${track.timescale}">`,
    `${indent}  <Initialization sourceURL="${xmlText(track.initialization)}"/>`,
    `${indent}  <SegmentTimeline>`,
    ...segmentTimeline(track.segments, `${indent}    `),
    `${indent}  </SegmentTimeline>`,
    ...track.segments.map((segment) => `${indent}  <SegmentURL media="${xmlText(segment.name)}"/>`),
    `${indent}</SegmentList>`,
  ];
}

function videoAdaptationSet(video: readonly VideoTrack[], id: number): string[] {
  const maxWidth = Math.max(...video.map((track) => track.width));
  const maxHeight = Math.max(...video.map((track) => track.height));
  // Every rendition has its keyframes at the same instants (rendition-encoding.ts): segments
  // align (segmentAlignment, section 5.3.3.2) and each starts with one (startWithSAP, 5.3.7).
  return [
    `    <AdaptationSet id="${id}" contentType="video" mimeType="${DASH_MEDIA_TYPES.video}" segmentAlignment="true" startWithSAP="1" maxWidth="${maxWidth}" maxHeight="${maxHeight}">`,
    ...video.flatMap((track) => [
      `      <Representation id="${xmlText(track.id)}" codecs="${xmlText(track.codecs)}" bandwidth="${track.bandwidth}" width="${track.width}" height="${track.height}" sar="1:1">`,
      ...segmentList(track, '        '),
      '      </Representation>',
    ]),
    '    </AdaptationSet>',
  ];
}

function audioAdaptationSet(audio: AudioTrack, id: number): string[] {
  const rate = audio.samplingRate === null ? '' : ` audioSamplingRate="${audio.samplingRate}"`;
  return [
    `    <AdaptationSet id="${id}" contentType="audio" mimeType="${DASH_MEDIA_TYPES.audio}" segmentAlignment="true" startWithSAP="1">`,
    `      <Representation id="${xmlText(audio.id)}" codecs="${xmlText(audio.codecs)}" bandwidth="${audio.bandwidth}"${rate}>`,
    // The channel count, in the scheme 23009-1 defines on ISO/IEC 23003-3's configurations.
    `        <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="${audio.channels}"/>`,
    ...segmentList(audio, '        '),
    '      </Representation>',
    '    </AdaptationSet>',
  ];
}

function subtitleAdaptationSet(track: SubtitleTrackFile, id: number): string[] {
  const language = track.language === null ? '' : ` lang="${xmlText(track.language)}"`;
  return [
    `    <AdaptationSet id="${id}" contentType="text" mimeType="${DASH_MEDIA_TYPES.vtt}"${language}>`,
    `      <Label>${xmlText(track.name)}</Label>`,
    // Section 5.8.5.5: a subtitle track, offered rather than forced on.
    '      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"/>',
    `      <Representation id="${xmlText(track.file)}" bandwidth="${track.bandwidth}">`,
    // No segment information: the Representation is one Segment, the file BaseURL names (5.3.9).
    `        <BaseURL>${xmlText(track.file)}</BaseURL>`,
    '      </Representation>',
    '    </AdaptationSet>',
  ];
}

/** The static MPD of `presentation`, one Period from time 0. */
export function dashManifest(presentation: DashPresentation): string {
  const { video, audio, subtitles } = presentation;
  const segmented: SegmentedTrack[] = [...video, ...(audio === null ? [] : [audio])];
  const durationS = Math.max(0, ...segmented.map(secondsOf));
  const longestSegmentS = Math.max(
    0,
    ...segmented.flatMap((track) =>
      track.segments.map((segment) => segment.duration / track.timescale),
    ),
  );
  const sets: string[][] = [];
  if (video.length > 0) sets.push(videoAdaptationSet(video, sets.length));
  if (audio !== null) sets.push(audioAdaptationSet(audio, sets.length));
  for (const track of subtitles) sets.push(subtitleAdaptationSet(track, sets.length));
  return `${[
    '<?xml version="1.0" encoding="UTF-8"?>',
    // minBufferTime: two segments, what a player holds before it starts (section 5.3.1.2).
    `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-main:2011" type="static" mediaPresentationDuration="${isoSeconds(durationS)}" maxSegmentDuration="${isoSeconds(longestSegmentS)}" minBufferTime="${isoSeconds(2 * longestSegmentS)}">`,
    `  <Period id="0" start="PT0S">`,
    ...sets.flat(),
    '  </Period>',
    '</MPD>',
  ].join('\n')}\n`;
}

// The attributes and element that hold a file's address in the MPDs dashManifest writes.
const ADDRESS = /(\b(?:sourceURL|media)=")([^"]*)(")|(<BaseURL>)([^<]*)(<\/BaseURL>)/g;

const XML_UNESCAPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(XML_ESCAPES).map(([mark, entity]) => [entity, mark]),
);

function xmlUnescaped(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|apos);/g, (entity) => XML_UNESCAPES[entity] ?? entity);
}

/**
 * A manifest of dashManifest's with every file address (Initialization@sourceURL,
 * SegmentURL@media, BaseURL) replaced by `uriOf(name)`, escaped for XML.
 */
export function rewriteManifestUris(manifest: string, uriOf: (name: string) => string): string {
  return manifest.replace(
    ADDRESS,
    (
      _,
      attributeOpen: string | undefined,
      attributeValue: string | undefined,
      attributeClose: string | undefined,
      elementOpen: string | undefined,
      elementValue: string | undefined,
      elementClose: string | undefined,
    ) => {
      if (attributeOpen !== undefined) {
        return `${attributeOpen}${xmlText(uriOf(xmlUnescaped(attributeValue ?? '')))}${attributeClose ?? ''}`;
      }
      return `${elementOpen ?? ''}${xmlText(uriOf(xmlUnescaped(elementValue ?? '')))}${elementClose ?? ''}`;
    },
  );
}

/** The media type of a stream file by its name (dash.ts names them). */
export function dashMediaType(name: string): string {
  if (name.endsWith('.mpd')) return DASH_MEDIA_TYPES.mpd;
  if (name.endsWith('.vtt')) return DASH_MEDIA_TYPES.vtt;
  if (name.startsWith(`${AUDIO_STEM}-`)) return DASH_MEDIA_TYPES.audio;
  return DASH_MEDIA_TYPES.video;
}

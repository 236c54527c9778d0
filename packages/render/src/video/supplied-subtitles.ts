// The subtitle tracks a URL brings of its own (docs.imgix.com/apis/video/subtitles/
// video-subtitle-src: "Imgix fetches the file at request time and incorporates it into the
// output as a subtitle track"): fetched by the server's `SubtitleFetch` (the SSRF guard, byte and
// time limits), then read as WebVTT or SubRip into cues, bounded as every track from outside is
// (webvtt.ts), and written again from the cues wherever they are delivered.
import { RenderError } from '../pipeline/context.ts';
import { parseSrt } from './srt.ts';
import type { SuppliedSubtitle } from './subtitle-plan.ts';
import type { SubtitleTrack } from './subtitles.ts';
import { parseWebVtt, WEBVTT_MAX_BYTES, type Cue } from './webvtt.ts';

/**
 * The bytes at a subtitle URL, at most `maxBytes` of them. The server's implementation refuses
 * with the RenderError the URL answers (422 naming the URL for one that cannot be fetched).
 */
export type SubtitleFetch = (
  url: string,
  maxBytes: number,
  signal?: AbortSignal,
) => Promise<Uint8Array>;

// A file that starts with the WebVTT signature is WebVTT (W3C WebVTT section 4.1); any other SubRip.
const WEBVTT_SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The cues of a fetched subtitle file, WebVTT or SubRip; 422 naming `url` when it is neither. */
export function suppliedCues(bytes: Uint8Array, url: string): Cue[] {
  const what = `The subtitle track at ${url}`;
  if (bytes.length > WEBVTT_MAX_BYTES) {
    throw new RenderError(422, `${what} is larger than ${WEBVTT_MAX_BYTES} bytes.`);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    throw new RenderError(422, `${what} is not UTF-8 text.`, { cause: error });
  }
  return WEBVTT_SIGNATURE.test(text) ? parseWebVtt(text, what) : parseSrt(text, what);
}

/** One supplied track, fetched and read. */
export async function suppliedTrack(
  source: SuppliedSubtitle,
  fetch: SubtitleFetch | null,
  signal?: AbortSignal,
): Promise<SubtitleTrack> {
  if (fetch === null) {
    throw new RenderError(
      500,
      'video-subtitle-src needs a way to fetch URLs, which this render has not.',
    );
  }
  const bytes = await fetch(source.url, WEBVTT_MAX_BYTES, signal);
  return {
    language: source.language,
    translation: null,
    supplied: source.index,
    origin: 'supplied',
    cues: suppliedCues(bytes, source.url),
  };
}

/** Every supplied track of `sources`, in index order, fetched one after the other. */
export async function suppliedTracks(
  sources: readonly SuppliedSubtitle[],
  fetch: SubtitleFetch | null,
  signal?: AbortSignal,
): Promise<SubtitleTrack[]> {
  const tracks: SubtitleTrack[] = [];
  for (const source of sources) tracks.push(await suppliedTrack(source, fetch, signal));
  return tracks;
}

// Burn-in captions in a transcode: the track's cues (cut to the clip) written as an ASS script
// (caption-script.ts) that ffmpeg's `subtitles` filter draws on the output frames, and with
// video-caption-embed the same cues muxed as a text stream ("Imgix also embeds the underlying VTT
// subtitle track into the output container", docs.imgix.com/apis/video/subtitles/
// video-caption-embed): mov_text in MP4, WebVTT in WebM. GIF and WebP have no text streams.
import { threeLetterLanguageCode } from '@darkroom/core';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaptionPlan } from './caption-plan.ts';
import { captionScript, type CaptionFrame } from './caption-script.ts';
import type { VideoFormat } from './video-plan.ts';
import { formatWebVtt, type Cue } from './webvtt.ts';

/** A track burned into a transcode, timed on the output. */
export interface BurnIn {
  plan: CaptionPlan;
  cues: readonly Cue[];
  /** The track's language (shortest ISO 639 code), or null when not known. */
  language: string | null;
}

/** What a transcode adds for burn-in captions. */
export interface CaptionPass {
  /** The filter that draws them, to put after the picture's own filters. */
  filter: string;
  /** The text stream's input (`-i file`), or [] when none is muxed. */
  inputArgs: string[];
  /** Its output options (map, codec, language), given the index its input will have. */
  outputArgs: (inputIndex: number) => string[];
}

/**
 * `value` as one option value of a filter in a filter graph (ffmpeg-filters, "Notes on
 * filtergraph escaping"): first escaped for the filter's option parser (`\`, `'` and the `:`
 * between options), then for the graph's (`\`, `'`, `[`, `]`, `,`, `;`).
 */
export function filterGraphValue(value: string): string {
  const option = value.replace(/[\\':]/g, '\\$&');
  return option.replace(/[\\'[\],;]/g, '\\$&');
}

/**
 * The text codec each clip container carries, and the form of ISO 639-2 code it tags a stream
 * with (threeLetterLanguageCode: MP4 the terminology `fra`, Matroska the bibliographic `fre`).
 */
const TEXT_STREAMS: Partial<
  Record<VideoFormat, { codec: string; language: 'terminology' | 'bibliographic' }>
> = {
  mp4: { codec: 'mov_text', language: 'terminology' },
  webm: { codec: 'webvtt', language: 'bibliographic' },
};

/**
 * Writes what burning `burnIn` into a `format` output of `frame` needs into `directory`, and
 * answers how ffmpeg is given it. The script goes by path, never in the command line.
 */
export async function captionPass(
  burnIn: BurnIn,
  frame: CaptionFrame,
  format: VideoFormat,
  directory: string,
): Promise<CaptionPass> {
  const script = path.join(directory, 'captions.ass');
  await writeFile(script, captionScript(burnIn.cues, burnIn.plan, frame));
  const filter = `subtitles=filename=${filterGraphValue(script)}`;
  const stream = TEXT_STREAMS[format];
  // An empty track is no stream: a muxer given no packet for it fails.
  if (!burnIn.plan.embed || stream === undefined || burnIn.cues.length === 0) {
    return { filter, inputArgs: [], outputArgs: () => [] };
  }
  const track = path.join(directory, 'captions.vtt');
  await writeFile(track, formatWebVtt(burnIn.cues));
  const language =
    burnIn.language === null
      ? undefined
      : threeLetterLanguageCode(burnIn.language, stream.language);
  return {
    filter,
    inputArgs: ['-i', track],
    outputArgs: (inputIndex) => [
      '-map',
      `${inputIndex}:0`,
      '-c:s',
      stream.codec,
      ...(language === undefined ? [] : ['-metadata:s:s:0', `language=${language}`]),
    ],
  };
}

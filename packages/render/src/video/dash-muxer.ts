// Fragmented MP4 tracks cut by ffmpeg's DASH muxer (ffmpeg-formats, "dash"): an initialization
// segment and media segments of about SEGMENT_SECONDS, cut at keyframes. Each ffmpeg run writes
// one track and an MPD of its own, which is read here for what only the muxer knows exactly: the
// codecs string, the timescale and each segment's time. dash.ts writes the stream's MPD from them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import type { DashSegment } from './dash-manifest.ts';
import { SEGMENT_SECONDS } from './rendition-encoding.ts';

/** What the muxer's MPD says of the one track it wrote. */
export interface MuxedTrack {
  codecs: string;
  timescale: number;
  initialization: string;
  segments: DashSegment[];
  /** Audio only: samples per second. */
  samplingRate: number | null;
}

const initializationName = (stem: string) => `${stem}-init.mp4`;
// The muxer numbers media segments from 1 and pads the number to three digits (`%03d`).
const segmentName = (stem: string, number: number) =>
  `${stem}-${String(number).padStart(3, '0')}.m4s`;
const muxerManifest = (directory: string, stem: string) => path.join(directory, `${stem}.mpd`);

/**
 * The ffmpeg output arguments that write the track named `stem` into `directory`: the segments
 * dash.ts serves and an MPD readMuxedTrack reads. They end the command.
 */
export function dashMuxerArgs(directory: string, stem: string): string[] {
  return [
    '-f',
    'dash',
    '-dash_segment_type',
    'mp4',
    '-seg_duration',
    String(SEGMENT_SECONDS),
    '-use_template',
    '1',
    '-use_timeline',
    '1',
    '-init_seg_name',
    initializationName(stem),
    '-media_seg_name',
    `${stem}-$Number%03d$.m4s`,
    '-y',
    muxerManifest(directory, stem),
  ];
}

function positiveInteger(value: string | undefined, what: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`ffmpeg's DASH muxer wrote ${what}="${String(value)}", not a whole number.`);
  }
  return number;
}

/** The track `stem` as ffmpeg's DASH muxer described it in `directory`. */
export async function readMuxedTrack(directory: string, stem: string): Promise<MuxedTrack> {
  const text = await readFile(muxerManifest(directory, stem), 'utf8');
  // Set by the parser's callbacks, which the compiler's flow analysis does not follow.
  const found: { codecs: string | null; timescale: number | null; samplingRate: number | null } = {
    codecs: null,
    timescale: null,
    samplingRate: null,
  };
  let number = 1;
  let next = 0;
  const segments: DashSegment[] = [];
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attribute = (name: string) => {
      const value = tag.attributes[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (tag.name === 'Representation') {
      found.codecs = attribute('codecs') ?? null;
      const rate = attribute('audioSamplingRate');
      if (rate !== undefined) found.samplingRate = positiveInteger(rate, 'audioSamplingRate');
    } else if (tag.name === 'SegmentTemplate') {
      found.timescale = positiveInteger(attribute('timescale') ?? '1', 'timescale');
      number = positiveInteger(attribute('startNumber') ?? '1', 'startNumber');
    } else if (tag.name === 'S') {
      // SegmentTimeline (ISO/IEC 23009-1 5.3.9.6): @t absent starts where the last one ended;
      // @r repeats the segment r more times. A static MPD of ffmpeg's has no negative @r.
      const t = attribute('t');
      if (t !== undefined) next = positiveInteger(t, 't');
      const duration = positiveInteger(attribute('d'), 'd');
      const repeat = positiveInteger(attribute('r') ?? '0', 'r');
      for (let index = 0; index <= repeat; index += 1) {
        segments.push({ name: segmentName(stem, number), start: next, duration });
        number += 1;
        next += duration;
      }
    }
  });
  parser.write(text).close();
  const { codecs, timescale, samplingRate } = found;
  if (codecs === null || timescale === null || timescale === 0 || segments.length === 0) {
    throw new Error(`ffmpeg's DASH muxer described no segments of the ${stem} track.`);
  }
  return { codecs, timescale, initialization: initializationName(stem), segments, samplingRate };
}

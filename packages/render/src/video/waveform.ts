// imgix's audio waveform (docs.imgix.com/apis/video/audio-waveforms/video-wave), drawn by ffmpeg's
// `showwaves` filter into the box waveform-plan.ts places. "When applied to animated formats such
// as MP4 or GIF, the waveform animates in sync with the audio. When applied to static formats
// such as JPG or PNG, a 'whole-song' view representing the entire audio track is rendered
// instead": on a still, one picture of the whole track laid over the poster frame; on a video
// (and an animation made of one), a picture per output frame, laid over it in the same filter
// graph. `showwaves` rather than `showwavespic`: both take imgix's scale, split and colours, but
// only `showwaves` has the drawing modes (point, line, p2p, cline: ffmpeg-filters, "showwaves")
// and draws a stream; one frame of it covers the whole track when each column holds `n` samples.
import type { Params, Rgba, Size } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from './ffmpeg.ts';
import type { VideoInput } from './video-input.ts';
import { waveformPlan, type WaveformPlan } from './waveform-plan.ts';

// Every track is resampled to one rate, so the samples a column holds follow from its length.
const SAMPLE_RATE = 44_100;
// The channels `showwaves` is given a colour each (7.1 sound's eight), the last colour asked for
// going on past the list, so the filter draws what the plan says whatever its own default.
const MAX_CHANNELS = 8;
// ffmpeg's own frame rate for a stream that does not say its own.
const FALLBACK_FRAME_RATE = 25;

/** `0xRRGGBB@alpha`, ffmpeg's colour syntax (ffmpeg-utils, "Color"). */
function ffmpegColor(color: Rgba): string {
  const hex = [color.r, color.g, color.b]
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('');
  return `0x${hex}@${color.alpha.toFixed(3)}`;
}

/**
 * `showwaves`' `colors`: a colour per channel in channel order, `|` between them. A mono wave has
 * one. `|` is no delimiter of the filter graph nor of the filter's options (ffmpeg-filters,
 * "Filtergraph syntax": `:` separates options; `,`, `;` and `[]` the graph), and ffmpeg's
 * colours hold none of those, so the list goes in unquoted.
 */
function channelColors(plan: WaveformPlan): string {
  const count = plan.downmix ? 1 : Math.max(MAX_CHANNELS, plan.colors.length);
  const last = plan.colors.length - 1;
  return Array.from({ length: count }, (_, channel) =>
    ffmpegColor(plan.colors[Math.min(channel, last)] ?? plan.colors[0]),
  ).join('|');
}

/**
 * How the samples are spread over pictures: the whole track in one, or one per frame of a
 * video `durationS` long.
 */
type WaveTiming = { wholeTrackMs: number } | { frameRate: number; durationS: number };

/**
 * The samples' length and pace: a still's one picture holds exactly the whole track, a video's
 * pictures each the samples of one frame at the output's rate (`showwaves` derives `n` from it).
 */
function pacing(timing: WaveTiming, width: number): { extent: string[]; pace: string } {
  if ('frameRate' in timing) {
    // A track that ends before the video goes on as silence, drawn as such, until a second past
    // the video's end (whatever the track's own start); the overlay ends with the video. Never
    // an endless `apad`: on a window past the track's end (no sample at all) ffmpeg 5.1 spins on
    // it for ever, deaf to SIGTERM.
    const padded = (timing.durationS + 1).toFixed(3);
    return { extent: [`apad=whole_dur=${padded}`], pace: `rate=${timing.frameRate}` };
  }
  const perColumn = Math.max(
    1,
    Math.ceil(((Math.max(timing.wholeTrackMs, 1) / 1000) * SAMPLE_RATE) / width),
  );
  const samples = perColumn * width;
  // Exactly `samples`: a track shorter than its container is padded with silence, a longer one
  // cut, so one picture is the whole track.
  return {
    extent: [`apad=whole_len=${samples}`, `atrim=end_sample=${samples}`],
    pace: `n=${perColumn}`,
  };
}

/**
 * The audio filter chain drawing `plan` into RGBA pictures of the box's size. imgix's `line`
 * grows bars up from the box's bottom (docs.imgix.com/apis/video/audio-waveforms/video-wave-mode),
 * where ffmpeg's grows them from the middle: the samples are made positive and drawn twice as
 * high, and the top half kept. With split channels each channel's band keeps ffmpeg's middle line.
 * Channels coloured each their own and not split are drawn overlapping in the one box, as imgix
 * draws them (docs.imgix.com/apis/video/audio-waveforms/video-wave-color).
 */
function waveChain(plan: WaveformPlan, timing: WaveTiming): string {
  const { width, height } = plan.box;
  const bottomUp = plan.mode === 'line' && !plan.split;
  const { extent, pace } = pacing(timing, width);
  const chain = [
    `aresample=${SAMPLE_RATE}`,
    // imgix downmixes to one mono waveform unless split (video-wave-split) or coloured per channel.
    ...(plan.downmix ? ['aformat=channel_layouts=mono'] : []),
    // video-wave-amplitude boosts what is drawn, not the audio: a gain before drawing.
    ...(plan.amplitude === 1 ? [] : [`volume=${plan.amplitude}`]),
    // Each channel made positive from its own samples (`ch`: the channel being computed).
    ...(bottomUp ? ['aeval=abs(val(ch)):c=same'] : []),
    ...extent,
    [
      `showwaves=s=${width}x${bottomUp ? height * 2 : height}`,
      `mode=${plan.mode}`,
      pace,
      'draw=full',
      `split_channels=${plan.split ? 1 : 0}`,
      `scale=${plan.scale}`,
      `colors=${channelColors(plan)}`,
    ].join(':'),
    ...(bottomUp ? [`crop=${width}:${height}:0:0`] : []),
    ...thickening(plan),
    'format=rgba',
  ];
  return `[0:a:0]${chain.join(',')}`;
}

/**
 * video-wave-thickness thickens the lines (0 thin, 10 thick). imgix softens them and hardens the
 * alpha past 3; Darkroom grows them by as many pixels, crisp at every value: each `dilation`
 * lights every pixel beside a drawn one (the largest value of its 3x3 neighbourhood, plane by
 * plane). On planar RGBA, where a wave colour stays itself: on YUV the chroma planes' maxima
 * would mix it with the empty pixels' grey. Where two channels' colours meet, their planes'
 * maxima mix at the seam.
 */
function thickening(plan: WaveformPlan): string[] {
  if (plan.thickness <= 0) return [];
  return ['format=gbrap', ...Array.from({ length: plan.thickness }, () => 'dilation')];
}

/** The waveform box of the input's audio as an RGBA PNG of the plan's box size. */
async function drawWaveform(
  input: VideoInput,
  directory: string,
  plan: WaveformPlan,
  signal?: AbortSignal,
): Promise<Buffer> {
  const output = path.join(directory, 'waveform.png');
  await runFfmpeg(
    [
      ...input.args,
      '-filter_complex',
      `${waveChain(plan, { wholeTrackMs: input.info.durationMs })}[wave]`,
      '-map',
      '[wave]',
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'png',
      '-y',
      output,
    ],
    signal,
  );
  return readFile(output);
}

/**
 * `frame` with the whole track's waveform of `plan` over it: the box filled with
 * `video-wave-bg-color`, the wave on top. A PNG, so the wave's edges reach the image pipeline as
 * drawn.
 */
export async function withWaveform(
  frame: Buffer,
  input: VideoInput,
  directory: string,
  plan: WaveformPlan,
  signal?: AbortSignal,
): Promise<Buffer> {
  const wave = await drawWaveform(input, directory, plan, signal);
  const { left, top, width, height } = plan.box;
  const { r, g, b, alpha } = plan.background;
  return sharp(frame)
    .composite([
      {
        input: { create: { width, height, channels: 4, background: { r, g, b, alpha } } },
        left,
        top,
      },
      { input: wave, left, top },
    ])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The frames a video render writes: their size, their rate (null: the input's own), length. */
export interface OutputFrames extends Size {
  frameRate: number | null;
  /** The clip window's length, which the frames last. */
  durationS: number;
}

/**
 * The filter graph of a video render's picture, from the input's video through `picture` (the
 * filters that give the frames their output size and rate) to `[label]`. With `video-wave=true`
 * and an audio track, the waveform is laid over every frame in output pixels, drawn from the
 * samples played while that frame shows: `overlay` takes, for each frame, the last wave picture
 * begun by then. The audio itself is mapped by the caller as it would be without the waveform.
 * No audio track: the graph is the picture alone, as imgix ignores the parameter then.
 */
export function pictureGraph(
  input: VideoInput,
  params: Params,
  picture: string,
  frames: OutputFrames,
  label: string,
): string {
  const plan = input.info.hasAudio ? waveformPlan(params, frames) : null;
  if (plan === null) return `[0:v:0]${picture}[${label}]`;
  const { left, top, width, height } = plan.box;
  const frameRate = frames.frameRate ?? input.info.frameRate ?? FALLBACK_FRAME_RATE;
  const background =
    plan.background.alpha > 0
      ? [
          `drawbox=x=${left}:y=${top}:w=${width}:h=${height}:color=${ffmpegColor(plan.background)}:t=fill`,
        ]
      : [];
  return [
    `[0:v:0]${[picture, ...background].join(',')}[picture]`,
    `${waveChain(plan, { frameRate, durationS: frames.durationS })}[wave]`,
    // `pass`: the frames drive the output, which ends with them; were the wave to end first,
    // they would go on without it.
    `[picture][wave]overlay=x=${left}:y=${top}:eof_action=pass[${label}]`,
  ].join(';');
}

// imgix's audio waveform on a still (docs.imgix.com/apis/video/audio-waveforms/video-wave): the
// whole audio track drawn by ffmpeg's `showwaves` filter into the box waveform-plan.ts places,
// then laid over the poster frame. `showwaves` rather than `showwavespic`: both take imgix's
// scale, split and colours, but only `showwaves` has the drawing modes (point, line, p2p,
// cline: ffmpeg-filters, "showwaves"); one frame of it covers the whole track when each column
// holds `n` samples of it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from './ffmpeg.ts';
import type { VideoInput } from './video-input.ts';
import type { WaveColor, WaveformPlan } from './waveform-plan.ts';

// Every track is resampled to one rate, so the samples a column holds follow from its length.
const SAMPLE_RATE = 44_100;
// `showwaves` colours one channel each from its list; a split draws every channel in one colour.
const MAX_CHANNELS = 8;

/** `0xRRGGBB@alpha`, ffmpeg's colour syntax (ffmpeg-utils, "Color"). */
function ffmpegColor(color: WaveColor): string {
  const hex = [color.r, color.g, color.b]
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('');
  return `0x${hex}@${color.alpha.toFixed(3)}`;
}

/**
 * The audio filter graph drawing `plan` for a track of `durationMs`. imgix's `line` grows bars
 * up from the box's bottom (docs.imgix.com/apis/video/audio-waveforms/video-wave-mode), where
 * ffmpeg's grows them from the middle: the samples are made positive and drawn twice as high, and
 * the top half kept. With split channels each channel's band keeps ffmpeg's middle line.
 */
export function waveformFilter(plan: WaveformPlan, durationMs: number): string {
  const { width, height } = plan.box;
  const perColumn = Math.max(
    1,
    Math.ceil(((Math.max(durationMs, 1) / 1000) * SAMPLE_RATE) / width),
  );
  const samples = perColumn * width;
  const bottomUp = plan.mode === 'line' && !plan.split;
  const colors = Array.from({ length: plan.split ? MAX_CHANNELS : 1 }, () =>
    ffmpegColor(plan.color),
  ).join('|');
  const chain = [
    `aresample=${SAMPLE_RATE}`,
    // Not split: imgix downmixes to one mono waveform (video-wave-split).
    ...(plan.split ? [] : ['aformat=channel_layouts=mono']),
    // video-wave-amplitude boosts what is drawn, not the audio: a gain before drawing.
    ...(plan.amplitude === 1 ? [] : [`volume=${plan.amplitude}`]),
    ...(bottomUp ? ['aeval=abs(val(0)):c=same'] : []),
    // Exactly `samples`: a track shorter than its container is padded with silence, a longer
    // one cut, so one picture is the whole track.
    `apad=whole_len=${samples}`,
    `atrim=end_sample=${samples}`,
    [
      `showwaves=s=${width}x${bottomUp ? height * 2 : height}`,
      `mode=${plan.mode}`,
      `n=${perColumn}`,
      'draw=full',
      `split_channels=${plan.split ? 1 : 0}`,
      `scale=${plan.scale}`,
      `colors=${colors}`,
    ].join(':'),
    ...(bottomUp ? [`crop=${width}:${height}:0:0`] : []),
    'format=rgba',
  ];
  return `[0:a:0]${chain.join(',')}`;
}

/**
 * video-wave-thickness thickens the lines (0 thin, 10 thick). imgix softens them and hardens
 * the alpha past 3; Darkroom grows them by as many pixels, crisp at every value: the wave's
 * alpha dilated, under the one wave colour.
 */
async function thicken(wave: Buffer, plan: WaveformPlan): Promise<Buffer> {
  // A dilation spelt out as a box sum and a threshold: any drawn pixel within `thickness`
  // lights the pixel (sharp's own dilate and erode name the opposite foreground).
  const side = 2 * plan.thickness + 1;
  const mask = await sharp(wave)
    .extractChannel(3)
    .convolve({ width: side, height: side, kernel: new Array<number>(side * side).fill(1) })
    .threshold(1)
    .linear(plan.color.alpha, 0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = mask.info;
  const { r, g, b } = plan.color;
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .joinChannel(mask.data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
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
      `${waveformFilter(plan, input.info.durationMs)}[wave]`,
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
  const wave = await readFile(output);
  return plan.thickness > 0 ? thicken(wave, plan) : wave;
}

/**
 * `frame` with the waveform of `plan` over it: the box filled with `video-wave-bg-color`, the
 * wave on top. A PNG, so the wave's edges reach the image pipeline as drawn.
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

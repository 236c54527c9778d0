// What imgix's `video-wave*` parameters ask (docs.imgix.com/apis/video/audio-waveforms): the
// audio's waveform drawn in a box laid over the canvas, the poster frame of a still or every
// frame of a video. Pure arithmetic over the parameters and the canvas size; waveform.ts draws it.
import type { Params, Rect, Rgba, Size } from '@darkroom/core';

export type WaveMode = 'cline' | 'line' | 'p2p' | 'point';
export type WaveScale = 'lin' | 'log' | 'sqrt' | 'cbrt';
/** At least one colour. */
export type WaveColors = readonly [Rgba, ...Rgba[]];

export interface WaveformPlan {
  /** Where the box sits on the canvas, always inside it. */
  box: Rect;
  mode: WaveMode;
  scale: WaveScale;
  /** Channels drawn one above the other instead of downmixed to mono. */
  split: boolean;
  /**
   * The track mixed to one mono wave: imgix's default, unless the channels are split or coloured
   * each their own (then drawn overlapping, docs.imgix.com/apis/video/audio-waveforms/video-wave-color).
   */
  downmix: boolean;
  /** Gain applied to the samples before drawing (0.1-10). */
  amplitude: number;
  /** Pixels the drawn lines grow by (0-10). */
  thickness: number;
  /**
   * The wave's colours, one per channel in channel order; channels past the last colour take
   * it. Alpha last, as core reads these two as imgix documents them (catalogue-additions.ts).
   */
  colors: WaveColors;
  background: Rgba;
}

const MODES: readonly WaveMode[] = ['cline', 'line', 'p2p', 'point'];
const SCALES: readonly WaveScale[] = ['lin', 'log', 'sqrt', 'cbrt'];

// imgix's documented defaults: a white wave on a transparent box, the full width and a fifth
// of the height, bottom centre, 5 pixels from the edge, centred lines on a square-root scale.
const DEFAULT_COLOR: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
const DEFAULT_BACKGROUND: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };
const DEFAULT_WIDTH = 1;
const DEFAULT_HEIGHT = 0.2;
const DEFAULT_PAD = 5;

/**
 * A box side: `video-wave-w`/`-h` at most 1 is a fraction of the canvas, above 1 pixels
 * (docs.imgix.com/apis/video/audio-waveforms/video-wave-w); never past the canvas.
 */
function side(value: number | undefined, fallback: number, canvas: number): number {
  const asked = value ?? fallback;
  const pixels = asked <= 1 ? asked * canvas : asked;
  return Math.max(1, Math.min(canvas, Math.round(pixels)));
}

/** One axis of the box's place: an exact coordinate, or aligned to an edge with padding. */
function place(
  exact: number | undefined,
  align: 'start' | 'middle' | 'end',
  pad: number,
  size: number,
  canvas: number,
): number {
  const at =
    exact ??
    (align === 'start' ? pad : align === 'end' ? canvas - size - pad : (canvas - size) / 2);
  return Math.max(0, Math.min(canvas - size, Math.round(at)));
}

/** `video-wave-align`: comma-separated vertical and horizontal words, in either order. */
function alignment(params: Params): {
  vertical: 'start' | 'middle' | 'end';
  horizontal: 'start' | 'middle' | 'end';
} {
  const words = (params.string('video-wave-align') ?? 'bottom,center')
    .toLowerCase()
    .split(',')
    .map((word) => word.trim());
  return {
    vertical: words.includes('top') ? 'start' : words.includes('middle') ? 'middle' : 'end',
    horizontal: words.includes('left') ? 'start' : words.includes('right') ? 'end' : 'middle',
  };
}

/**
 * `video-wave-color`: one colour, or a list core read from pipe-separated colours, which imgix
 * assigns "to each channel" in channel order (docs.imgix.com/apis/video/audio-waveforms/video-wave-color).
 */
function waveColors(params: Params): WaveColors {
  const one = params.color('video-wave-color');
  if (one !== undefined) return [one];
  const [first, ...rest] = (params.list('video-wave-color') ?? []).flatMap((member) =>
    member.type === 'color' ? [member.value] : [],
  );
  return first === undefined ? [DEFAULT_COLOR] : [first, ...rest];
}

function oneOf<T extends string>(value: string | undefined, values: readonly T[], fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** The waveform `params` ask for on a canvas of `canvas`, or null without `video-wave=true`. */
export function waveformPlan(params: Params, canvas: Size): WaveformPlan | null {
  if (params.boolean('video-wave') !== true) return null;
  const width = side(params.number('video-wave-w'), DEFAULT_WIDTH, canvas.width);
  const height = side(params.number('video-wave-h'), DEFAULT_HEIGHT, canvas.height);
  const pad = params.number('video-wave-pad') ?? DEFAULT_PAD;
  const { vertical, horizontal } = alignment(params);
  const split = params.boolean('video-wave-split') === true;
  const colors = waveColors(params);
  return {
    box: {
      left: place(params.number('video-wave-x'), horizontal, pad, width, canvas.width),
      top: place(params.number('video-wave-y'), vertical, pad, height, canvas.height),
      width,
      height,
    },
    mode: oneOf(params.string('video-wave-mode'), MODES, 'cline'),
    scale: oneOf(params.string('video-wave-scale'), SCALES, 'sqrt'),
    split,
    downmix: !split && colors.length === 1,
    amplitude: params.number('video-wave-amplitude') ?? 1,
    thickness: params.number('video-wave-thickness') ?? 0,
    colors,
    background: params.color('video-wave-bg-color') ?? DEFAULT_BACKGROUND,
  };
}

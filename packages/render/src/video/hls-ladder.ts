// The adaptive ladder of an HLS stream (fm=hls): `video-renditions` ("1080:6m,720:3m",
// height:bitrate pairs) or a default ladder of at least three renditions no taller than the input.
import type { Params, Size } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';

export interface Rendition {
  /** The playlist's file name stem: `720p`. */
  name: string;
  width: number;
  height: number;
  /** Target video bitrate, bits per second. */
  bitrate: number;
}

const DEFAULT_LADDER: readonly { height: number; bitrate: number }[] = [
  { height: 1080, bitrate: 5_000_000 },
  { height: 720, bitrate: 2_800_000 },
  { height: 480, bitrate: 1_400_000 },
  { height: 360, bitrate: 800_000 },
  { height: 240, bitrate: 400_000 },
];
const MIN_RENDITIONS = 3;
const MAX_RENDITIONS = 6;
// Bits per pixel per second of the default ladder at 720p, to scale a small input's ladder.
const BITS_PER_PIXEL = 2_800_000 / (1280 * 720);

const even = (side: number): number => Math.max(2, 2 * Math.round(side / 2));

/** `6m`, `1.5m`, `800k` or plain bits per second. */
export function parseBitrate(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (match?.[1] === undefined) return null;
  const unit = match[2]?.toLowerCase();
  const value = Number(match[1]) * (unit === 'm' ? 1_000_000 : unit === 'k' ? 1000 : 1);
  return value >= 50_000 && value <= 50_000_000 ? Math.round(value) : null;
}

function rendition(height: number, bitrate: number, input: Size) {
  const evenHeight = even(height);
  return {
    name: `${evenHeight}p`,
    width: even((evenHeight * input.width) / input.height),
    height: evenHeight,
    bitrate,
  };
}

function askedLadder(text: string, input: Size): Rendition[] {
  const pairs = text.split(',').filter((pair) => pair.trim() !== '');
  const ladder = pairs.map((pair) => {
    const [heightText = '', bitrateText = ''] = pair.split(':');
    const height = Number(heightText);
    const bitrate = parseBitrate(bitrateText);
    if (!Number.isInteger(height) || height < 16 || height > 4320 || bitrate === null) {
      throw new RenderError(
        400,
        `video-renditions takes height:bitrate pairs such as 720:3m,480:1.5m; "${pair}" is not one.`,
      );
    }
    return rendition(height, bitrate, input);
  });
  if (ladder.length === 0 || ladder.length > MAX_RENDITIONS) {
    throw new RenderError(400, `video-renditions takes 1 to ${MAX_RENDITIONS} renditions.`);
  }
  return ladder;
}

/** The renditions of a stream of `input`, tallest first, each height once. */
export function renditionLadder(params: Params, input: Size): Rendition[] {
  const asked = params.string('video-renditions');
  let ladder: Rendition[];
  if (asked !== undefined) {
    ladder = askedLadder(asked, input);
  } else {
    ladder = DEFAULT_LADDER.filter((step) => step.height <= input.height).map((step) =>
      rendition(step.height, step.bitrate, input),
    );
    if (ladder.length < MIN_RENDITIONS) {
      // A small input still gets a ladder: its own height, two thirds and a third of it.
      ladder = [1, 2 / 3, 1 / 3].map((share) => {
        const height = input.height * share;
        const pixels = height * ((height * input.width) / input.height);
        return rendition(height, Math.max(100_000, Math.round(pixels * BITS_PER_PIXEL)), input);
      });
    }
  }
  const byHeight = new Map(ladder.map((step) => [step.height, step]));
  return [...byHeight.values()].sort((a, b) => b.height - a.height);
}

import sharp from 'sharp';
import type { AssetColor } from '@darkroom/core';

/** Colours reported per asset (the asset page's swatches and the colour filter). */
const MAX_COLORS = 5;
// Enough pixels for stable shares while keeping the quantisation cheap on any image size.
const SAMPLE_EDGE = 96;
// Median cut stops splitting at this many boxes; near-identical boxes are merged afterwards.
const MAX_BOXES = 16;
// Boxes whose mean colours lie closer than this (RGB distance) count as one colour.
const MERGE_DISTANCE = 24;
// A pixel whose channels differ by less than this is grey.
const GREY_TOLERANCE = 12;
// Pixels at most this opaque are left out: their colour is not what a viewer sees.
const MIN_ALPHA = 128;

export interface ColorSummary {
  colors: AssetColor[];
  /** False when every visible pixel is grey (or there is none). */
  hasColors: boolean;
}

type Pixel = readonly [number, number, number];

interface Box {
  pixels: Pixel[];
  /** The channel (0 red, 1 green, 2 blue) with the widest range, and that range. */
  channel: 0 | 1 | 2;
  range: number;
}

type Channel = 0 | 1 | 2;
const CHANNELS: readonly Channel[] = [0, 1, 2];

function boxOf(pixels: Pixel[]): Box {
  let channel: Channel = 0;
  let range = -1;
  for (const candidate of CHANNELS) {
    let low = 255;
    let high = 0;
    for (const pixel of pixels) {
      low = Math.min(low, pixel[candidate]);
      high = Math.max(high, pixel[candidate]);
    }
    if (high - low > range) {
      channel = candidate;
      range = high - low;
    }
  }
  return { pixels, channel, range: Math.max(0, range) };
}

/** The box to split next: the one with the widest colour range, if any can be split. */
function widestBox(boxes: readonly Box[]): Box | null {
  let widest: Box | null = null;
  for (const box of boxes) {
    if (box.range > 0 && box.pixels.length > 1 && (widest === null || box.range > widest.range)) {
      widest = box;
    }
  }
  return widest;
}

/** Median cut: split the box with the widest colour range at its median until MAX_BOXES. */
function medianCut(pixels: Pixel[]): Box[] {
  const boxes = [boxOf(pixels)];
  while (boxes.length < MAX_BOXES) {
    const box = widestBox(boxes);
    if (box === null) break;
    const values = box.pixels.map((pixel) => pixel[box.channel]).sort((a, b) => a - b);
    const median = values[Math.floor(values.length / 2)] ?? 0;
    // Split where the value changes nearest the median, so equal colours stay in one box; a
    // box with range > 0 always has values on both sides of one of these two cuts.
    const below = box.pixels.filter((pixel) => pixel[box.channel] < median);
    const cutAt = below.length > 0 ? median : median + 1;
    const lower = box.pixels.filter((pixel) => pixel[box.channel] < cutAt);
    const upper = box.pixels.filter((pixel) => pixel[box.channel] >= cutAt);
    boxes.splice(boxes.indexOf(box), 1, boxOf(lower), boxOf(upper));
  }
  return boxes;
}

interface Cluster {
  sum: [number, number, number];
  count: number;
}

const meanOf = (cluster: Cluster): Pixel => [
  cluster.sum[0] / cluster.count,
  cluster.sum[1] / cluster.count,
  cluster.sum[2] / cluster.count,
];

const distance = (a: Pixel, b: Pixel): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

const hexOf = (pixel: Pixel): string =>
  `#${pixel.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** The dominant colours of raw RGBA pixels, largest share first. */
export function quantizeColors(rgba: Uint8Array): ColorSummary {
  const pixels: Pixel[] = [];
  let colourful = false;
  for (let offset = 0; offset + 3 < rgba.length; offset += 4) {
    const [red = 0, green = 0, blue = 0, alpha = 0] = rgba.subarray(offset, offset + 4);
    if (alpha <= MIN_ALPHA) continue;
    const pixel: Pixel = [red, green, blue];
    if (Math.max(...pixel) - Math.min(...pixel) >= GREY_TOLERANCE) colourful = true;
    pixels.push(pixel);
  }
  if (pixels.length === 0) return { colors: [], hasColors: false };
  const clusters: Cluster[] = [];
  for (const box of medianCut(pixels)) {
    const cluster: Cluster = { sum: [0, 0, 0], count: box.pixels.length };
    for (const pixel of box.pixels) {
      cluster.sum[0] += pixel[0];
      cluster.sum[1] += pixel[1];
      cluster.sum[2] += pixel[2];
    }
    const near = clusters.find(
      (other) => distance(meanOf(other), meanOf(cluster)) < MERGE_DISTANCE,
    );
    if (near === undefined) {
      clusters.push(cluster);
    } else {
      near.sum = [
        near.sum[0] + cluster.sum[0],
        near.sum[1] + cluster.sum[1],
        near.sum[2] + cluster.sum[2],
      ];
      near.count += cluster.count;
    }
  }
  const colors = clusters
    .sort((a, b) => b.count - a.count)
    .slice(0, MAX_COLORS)
    .map((cluster) => ({
      hex: hexOf(meanOf(cluster)),
      // Rounded down so the shares never add up to more than 1.
      share: Math.floor((cluster.count / pixels.length) * 1000) / 1000,
    }));
  return { colors, hasColors: colourful };
}

/**
 * Downscales the (first frame of the) image with nearest-neighbour sampling, which keeps the
 * image's own colours instead of blending new ones at edges, and quantises what is left.
 */
export async function dominantColors(image: Uint8Array): Promise<ColorSummary> {
  const { data } = await sharp(image, { failOn: 'none' })
    .autoOrient()
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, {
      fit: 'inside',
      withoutEnlargement: true,
      kernel: 'nearest',
    })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return quantizeColors(data);
}

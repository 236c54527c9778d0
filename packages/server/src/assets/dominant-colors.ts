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
type Channel = 0 | 1 | 2;

/**
 * A run of pixels in the packed RGB buffer, [start, end) in pixel units. Boxes partition the
 * buffer in place, so a split costs one counting pass and one stable partition: the cut runs in
 * linear time on typed arrays and stays a millisecond or two even on a loaded event loop.
 */
interface Box {
  start: number;
  end: number;
  /** The channel (0 red, 1 green, 2 blue) with the widest range, and that range. */
  channel: Channel;
  range: number;
}

function boxOf(rgb: Uint8Array, start: number, end: number): Box {
  const low = [255, 255, 255];
  const high = [0, 0, 0];
  for (let offset = start * 3; offset < end * 3; offset += 3) {
    for (let channel = 0; channel < 3; channel += 1) {
      const value = rgb[offset + channel] ?? 0;
      if (value < (low[channel] ?? 255)) low[channel] = value;
      if (value > (high[channel] ?? 0)) high[channel] = value;
    }
  }
  let channel: Channel = 0;
  let range = -1;
  for (const candidate of [0, 1, 2] as const) {
    const candidateRange = (high[candidate] ?? 0) - (low[candidate] ?? 255);
    if (candidateRange > range) {
      channel = candidate;
      range = candidateRange;
    }
  }
  return { start, end, channel, range: Math.max(0, range) };
}

/** The box to split next: the one with the widest colour range, if any can be split. */
function widestBox(boxes: readonly Box[]): Box | null {
  let widest: Box | null = null;
  for (const box of boxes) {
    if (box.range > 0 && box.end - box.start > 1 && (widest === null || box.range > widest.range)) {
      widest = box;
    }
  }
  return widest;
}

/**
 * Where the box is cut: at its median value on its widest channel, moved to the next value
 * change so equal colours stay in one box (a box with range > 0 always has values on both sides
 * of one of these two cuts). Counting, not sorting: channel values are bytes.
 */
function cutValueOf(rgb: Uint8Array, box: Box): number {
  const counts = new Uint32Array(256);
  for (let index = box.start; index < box.end; index += 1) {
    const value = rgb[index * 3 + box.channel] ?? 0;
    counts[value] = (counts[value] ?? 0) + 1;
  }
  const medianRank = Math.floor((box.end - box.start) / 2);
  let seen = 0;
  let median = 0;
  for (let value = 0; value < 256; value += 1) {
    const count = counts[value] ?? 0;
    if (seen + count > medianRank) {
      median = value;
      break;
    }
    seen += count;
  }
  return seen > 0 ? median : median + 1;
}

/** Moves the box's pixels below `cutAt` ahead of the others, keeping order; returns the split. */
function partition(rgb: Uint8Array, scratch: Uint8Array, box: Box, cutAt: number): number {
  let lowerEnd = box.start;
  let upperEnd = 0;
  for (let index = box.start; index < box.end; index += 1) {
    const offset = index * 3;
    if ((rgb[offset + box.channel] ?? 0) < cutAt) {
      rgb.copyWithin(lowerEnd * 3, offset, offset + 3);
      lowerEnd += 1;
    } else {
      scratch.set(rgb.subarray(offset, offset + 3), upperEnd * 3);
      upperEnd += 1;
    }
  }
  rgb.set(scratch.subarray(0, upperEnd * 3), lowerEnd * 3);
  return lowerEnd;
}

/** Median cut: split the box with the widest colour range at its median until MAX_BOXES. */
function medianCut(rgb: Uint8Array, count: number): Box[] {
  const boxes = [boxOf(rgb, 0, count)];
  const scratch = new Uint8Array(count * 3);
  while (boxes.length < MAX_BOXES) {
    const box = widestBox(boxes);
    if (box === null) break;
    const split = partition(rgb, scratch, box, cutValueOf(rgb, box));
    boxes.splice(boxes.indexOf(box), 1, boxOf(rgb, box.start, split), boxOf(rgb, split, box.end));
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

/** The visible pixels packed as RGB, and whether any of them is not grey. */
function visiblePixels(rgba: Uint8Array): { rgb: Uint8Array; count: number; colourful: boolean } {
  const rgb = new Uint8Array(Math.floor(rgba.length / 4) * 3);
  let count = 0;
  let colourful = false;
  for (let offset = 0; offset + 3 < rgba.length; offset += 4) {
    if ((rgba[offset + 3] ?? 0) <= MIN_ALPHA) continue;
    const red = rgba[offset] ?? 0;
    const green = rgba[offset + 1] ?? 0;
    const blue = rgba[offset + 2] ?? 0;
    const spread = Math.max(red, green, blue) - Math.min(red, green, blue);
    if (spread >= GREY_TOLERANCE) colourful = true;
    rgb[count * 3] = red;
    rgb[count * 3 + 1] = green;
    rgb[count * 3 + 2] = blue;
    count += 1;
  }
  return { rgb, count, colourful };
}

function clusterOf(rgb: Uint8Array, box: Box): Cluster {
  const sum: [number, number, number] = [0, 0, 0];
  for (let offset = box.start * 3; offset < box.end * 3; offset += 3) {
    sum[0] += rgb[offset] ?? 0;
    sum[1] += rgb[offset + 1] ?? 0;
    sum[2] += rgb[offset + 2] ?? 0;
  }
  return { sum, count: box.end - box.start };
}

/** The dominant colours of raw RGBA pixels, largest share first. */
export function quantizeColors(rgba: Uint8Array): ColorSummary {
  const { rgb, count, colourful } = visiblePixels(rgba);
  if (count === 0) return { colors: [], hasColors: false };
  const clusters: Cluster[] = [];
  for (const box of medianCut(rgb, count)) {
    const cluster = clusterOf(rgb, box);
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
      share: Math.floor((cluster.count / count) * 1000) / 1000,
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

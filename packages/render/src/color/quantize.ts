import type { Pixels } from './pixels.ts';

/** One colour of a palette: the mean of the pixels it stands for, and how many there were. */
export interface Swatch {
  red: number;
  green: number;
  blue: number;
  population: number;
}

// 5 bits per channel: 32768 cells, fine enough to keep neighbouring colours apart and small
// enough to scan a cell range cheaply.
const BITS = 5;
const SHIFT = 8 - BITS;
const SIDE = 1 << BITS;
// Pixels this transparent are not part of the picture anyone sees.
const MIN_ALPHA = 128;

const cellIndex = (r: number, g: number, b: number) => (r << (2 * BITS)) | (g << BITS) | b;

/** How many pixels fell in each colour cell, and their channel sums for exact means. */
export interface ColourHistogram {
  counts: Uint32Array;
  sums: Float64Array;
  total: number;
}

export function colourHistogram(pixels: Pixels): ColourHistogram {
  const { data, channels } = pixels;
  const counts = new Uint32Array(SIDE ** 3);
  const sums = new Float64Array(SIDE ** 3 * 3);
  let total = 0;
  for (let offset = 0; offset < data.length; offset += channels) {
    if (channels === 4 && (data[offset + 3] ?? 0) < MIN_ALPHA) continue;
    const red = data[offset] ?? 0;
    const green = data[offset + 1] ?? 0;
    const blue = data[offset + 2] ?? 0;
    const cell = cellIndex(red >> SHIFT, green >> SHIFT, blue >> SHIFT);
    counts[cell] = (counts[cell] ?? 0) + 1;
    sums[cell * 3] = (sums[cell * 3] ?? 0) + red;
    sums[cell * 3 + 1] = (sums[cell * 3 + 1] ?? 0) + green;
    sums[cell * 3 + 2] = (sums[cell * 3 + 2] ?? 0) + blue;
    total += 1;
  }
  return { counts, sums, total };
}

type Triple = [number, number, number];
type Axis = 0 | 1 | 2;
const AXES: readonly Axis[] = [0, 1, 2];

/** An axis-aligned box of histogram cells, bounds inclusive, shrunk to the cells it uses. */
interface Box {
  low: Triple;
  high: Triple;
  population: number;
}

function volume(box: Box): number {
  return (
    (box.high[0] - box.low[0] + 1) * (box.high[1] - box.low[1] + 1) * (box.high[2] - box.low[2] + 1)
  );
}

function forEachCell(box: Box, visit: (cell: number, r: number, g: number, b: number) => void) {
  for (let r = box.low[0]; r <= box.high[0]; r += 1) {
    for (let g = box.low[1]; g <= box.high[1]; g += 1) {
      for (let b = box.low[2]; b <= box.high[2]; b += 1) visit(cellIndex(r, g, b), r, g, b);
    }
  }
}

/** The box around the occupied cells within `low`..`high`, or null when none is occupied. */
function occupiedBox(histogram: ColourHistogram, low: Triple, high: Triple): Box | null {
  const min: Triple = [SIDE, SIDE, SIDE];
  const max: Triple = [-1, -1, -1];
  let population = 0;
  forEachCell({ low, high, population: 0 }, (cell, r, g, b) => {
    const count = histogram.counts[cell] ?? 0;
    if (count === 0) return;
    population += count;
    const coordinates: Triple = [r, g, b];
    for (const axis of AXES) {
      min[axis] = Math.min(min[axis], coordinates[axis]);
      max[axis] = Math.max(max[axis], coordinates[axis]);
    }
  });
  return population === 0 ? null : { low: min, high: max, population };
}

/** Cuts the box across its longest side where half its pixels lie on each side (median cut). */
function split(histogram: ColourHistogram, box: Box): [Box, Box] | null {
  const length = (axis: Axis) => box.high[axis] - box.low[axis];
  const axis = AXES.reduce((longest, next) => (length(next) > length(longest) ? next : longest));
  if (length(axis) === 0) return null;
  const slices = new Float64Array(SIDE);
  forEachCell(box, (cell, r, g, b) => {
    const position = ([r, g, b] as Triple)[axis];
    slices[position] = (slices[position] ?? 0) + (histogram.counts[cell] ?? 0);
  });
  // The last slice always stays on the far side, so both halves hold pixels.
  let cut = box.low[axis];
  let below = 0;
  for (let position = box.low[axis]; position < box.high[axis]; position += 1) {
    below += slices[position] ?? 0;
    cut = position;
    if (below >= box.population / 2) break;
  }
  const firstHigh: Triple = [...box.high];
  firstHigh[axis] = cut;
  const secondLow: Triple = [...box.low];
  secondLow[axis] = cut + 1;
  const first = occupiedBox(histogram, box.low, firstHigh);
  const second = occupiedBox(histogram, secondLow, box.high);
  return first && second ? [first, second] : null;
}

/**
 * Modified median cut (Bloomberg's MMCQ, as used by Color Thief and Vibrant.js): boxes are
 * split first by pixel count, then, for the last quarter, by count times volume so that large
 * sparse regions of colour space still get a colour. Returns at most `maxColours` swatches,
 * fewer when the image has fewer distinct colours, most frequent first.
 */
export function quantize(histogram: ColourHistogram, maxColours: number): Swatch[] {
  if (maxColours <= 0) return [];
  const root = occupiedBox(histogram, [0, 0, 0], [SIDE - 1, SIDE - 1, SIDE - 1]);
  if (!root) return [];
  const boxes: Box[] = [root];
  const populationTarget = Math.ceil(maxColours * 0.75);
  const grow = (target: number, priority: (box: Box) => number) => {
    const unsplittable = new Set<Box>();
    while (boxes.length < target) {
      const candidates = boxes.filter((box) => !unsplittable.has(box));
      if (candidates.length === 0) return;
      const box = candidates.reduce((best, next) =>
        priority(next) > priority(best) ? next : best,
      );
      const halves = split(histogram, box);
      if (!halves) {
        unsplittable.add(box);
        continue;
      }
      boxes.splice(boxes.indexOf(box), 1, ...halves);
    }
  };
  grow(populationTarget, (box) => box.population);
  grow(maxColours, (box) => box.population * volume(box));
  return boxes.map((box) => meanColour(histogram, box)).sort((a, b) => b.population - a.population);
}

function meanColour(histogram: ColourHistogram, box: Box): Swatch {
  let red = 0;
  let green = 0;
  let blue = 0;
  forEachCell(box, (cell) => {
    red += histogram.sums[cell * 3] ?? 0;
    green += histogram.sums[cell * 3 + 1] ?? 0;
    blue += histogram.sums[cell * 3 + 2] ?? 0;
  });
  const count = box.population;
  return { red: red / count, green: green / count, blue: blue / count, population: count };
}

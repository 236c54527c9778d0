import type { Pixels } from '../color/pixels.ts';

type Colour = readonly [number, number, number] | readonly [number, number, number, number];

/**
 * Pixels for pure colour-maths tests, given row by row: `pixelRows([[[255, 0, 0], [0, 0, 0]]])`
 * is one row of a red and a black pixel. Alpha appears when the first colour has four values.
 */
export function pixelRows(rows: readonly (readonly Colour[])[], frameHeight?: number): Pixels {
  const height = rows.length;
  const width = rows[0]?.length ?? 0;
  const channels = (rows[0]?.[0]?.length ?? 3) === 4 ? 4 : 3;
  const data = new Uint8Array(width * height * channels);
  rows.forEach((row, y) =>
    row.forEach((colour, x) => data.set(colour.slice(0, channels), (y * width + x) * channels)),
  );
  return { data, width, height, channels, frameHeight: frameHeight ?? height };
}

/** A `width` x `height` image of one colour. */
export function solidPixels(width: number, height: number, colour: Colour): Pixels {
  return pixelRows(
    Array.from({ length: height }, () => Array.from({ length: width }, () => colour)),
  );
}

/** The colour of pixel (x, y) as an array of its channels. */
export function colourAt(pixels: Pixels, x: number, y: number): number[] {
  const offset = (y * pixels.width + x) * pixels.channels;
  return [...pixels.data.subarray(offset, offset + pixels.channels)];
}

/** How colourful a pixel is: its largest channel minus its smallest. */
export function chroma(colour: readonly number[]): number {
  const [r = 0, g = 0, b = 0] = colour;
  return Math.max(r, g, b) - Math.min(r, g, b);
}

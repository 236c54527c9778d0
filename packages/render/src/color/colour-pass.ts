import { IDENTITY, type Matrix3 } from './matrix.ts';
import { clampByte, luma, type Pixels } from './pixels.ts';

/** Per-pixel colour work of the adjustment step, each part null or neutral when unused. */
export interface ColourPass {
  /** 256-entry tone table applied to each colour channel (see tone.ts). */
  toneTable: Uint8Array | null;
  /** Hue and saturation folded into one matrix (see matrix.ts). */
  matrix: Matrix3 | null;
  /** `vib` / 100, -1..1. */
  vibrance: number;
  invert: boolean;
}

/**
 * Runs tone table, matrix, vibrance and inversion over the pixels in place, in that order,
 * in one pass. Alpha is left alone: these are colour operations.
 */
export function applyColourPass(pixels: Pixels, pass: ColourPass): void {
  const { data, channels } = pixels;
  const { toneTable, matrix, vibrance, invert } = pass;
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = matrix ?? IDENTITY;
  for (let offset = 0; offset < data.length; offset += channels) {
    let red = data[offset] ?? 0;
    let green = data[offset + 1] ?? 0;
    let blue = data[offset + 2] ?? 0;
    if (toneTable) {
      red = toneTable[red] ?? red;
      green = toneTable[green] ?? green;
      blue = toneTable[blue] ?? blue;
    }
    if (matrix) {
      const r = red;
      const g = green;
      const b = blue;
      red = m0 * r + m1 * g + m2 * b;
      green = m3 * r + m4 * g + m5 * b;
      blue = m6 * r + m7 * g + m8 * b;
    }
    if (vibrance !== 0) {
      const grey = luma(red, green, blue);
      const chroma = (Math.max(red, green, blue) - Math.min(red, green, blue)) / 255;
      // Vibrance: the less saturated a colour already is, the more it moves.
      const scale = 1 + vibrance * (1 - Math.min(1, chroma));
      red = grey + (red - grey) * scale;
      green = grey + (green - grey) * scale;
      blue = grey + (blue - grey) * scale;
    }
    red = clampByte(red);
    green = clampByte(green);
    blue = clampByte(blue);
    if (invert) {
      red = 255 - red;
      green = 255 - green;
      blue = 255 - blue;
    }
    data[offset] = red;
    data[offset + 1] = green;
    data[offset + 2] = blue;
  }
}

/** Applies a colour matrix alone (sepia), in place. */
export function applyMatrix(pixels: Pixels, matrix: Matrix3): void {
  applyColourPass(pixels, { toneTable: null, matrix, vibrance: 0, invert: false });
}

import { clampByte, luma, type Pixels } from './pixels.ts';

/**
 * Unsharp masking in place: each colour channel moves away from its blurred value by
 * `amount` (0 is no change, negative values move toward the blur, -1 reaching it).
 * `blurred` holds the same pixels blurred, same layout.
 */
export function unsharpMask(pixels: Pixels, blurred: Uint8Array, amount: number): void {
  const { data, channels } = pixels;
  for (let offset = 0; offset < data.length; offset += channels) {
    for (let channel = 0; channel < 3; channel += 1) {
      const original = data[offset + channel] ?? 0;
      const soft = blurred[offset + channel] ?? original;
      data[offset + channel] = clampByte(original + (original - soft) * amount);
    }
  }
}

/**
 * Noise reduction as imgix documents `nr`/`nrs`: where a pixel's luma differs from its blurred
 * neighbourhood by less than `threshold` (0-255) the difference is noise and the blurred value
 * wins; above it the difference is an edge, sharpened by `sharpness` (0 keeps it, 1 doubles
 * it, negative softens). Between half and one and a half thresholds the two blend, so there
 * is no visible seam where noise turns into detail.
 */
export function reduceNoise(
  pixels: Pixels,
  blurred: Uint8Array,
  threshold: number,
  sharpness: number,
): void {
  const { data, channels } = pixels;
  const edgeGain = 1 + sharpness;
  for (let offset = 0; offset < data.length; offset += channels) {
    const red = data[offset] ?? 0;
    const green = data[offset + 1] ?? 0;
    const blue = data[offset + 2] ?? 0;
    const softRed = blurred[offset] ?? red;
    const softGreen = blurred[offset + 1] ?? green;
    const softBlue = blurred[offset + 2] ?? blue;
    const difference = Math.abs(luma(red, green, blue) - luma(softRed, softGreen, softBlue));
    const edge =
      threshold > 0 ? Math.min(1, Math.max(0, (difference - threshold / 2) / threshold)) : 1;
    const gain = edge * edgeGain;
    data[offset] = clampByte(softRed + (red - softRed) * gain);
    data[offset + 1] = clampByte(softGreen + (green - softGreen) * gain);
    data[offset + 2] = clampByte(softBlue + (blue - softBlue) * gain);
  }
}

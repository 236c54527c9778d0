import { describe, expect, it } from 'vitest';
import { COLOR_KEY_DEFAULTS, colorKey, type ColorKeyOptions } from './color-key.ts';

type Rgba = [number, number, number, number];

/** One row of RGBA pixels. */
function row(...pixels: Rgba[]): Uint8Array {
  return Uint8Array.from(pixels.flat());
}

function alphas(data: Uint8Array): number[] {
  return Array.from({ length: data.length / 4 }, (_, pixel) => data[pixel * 4 + 3] ?? 0);
}

function options(overrides: Partial<ColorKeyOptions> = {}): ColorKeyOptions {
  return {
    key: { r: 255, g: 255, b: 255 },
    mode: 'color',
    ...COLOR_KEY_DEFAULTS.color,
    contiguous: false,
    ...overrides,
  };
}

describe('colorKey', () => {
  it('keys white and f5f5f5 but not eeeeee with colorkey=fff&colorkey-tol=20 (the imgix example)', () => {
    const data = row([255, 255, 255, 255], [245, 245, 245, 255], [238, 238, 238, 255]);
    const result = colorKey(data, 3, 1, options({ tolerance: 20, feather: 0 }));
    expect(result.keyed).toBe(true);
    expect(alphas(result.data)).toEqual([0, 0, 255]);
  });

  it('fades the alpha linearly over colorkey-feather past the tolerance', () => {
    // Distances from black: 0, 10 (inside the tolerance), 20 (half way), 30 (edge), 40.
    const grey = (value: number): Rgba => [value, 0, 0, 255];
    const data = row(grey(0), grey(10), grey(20), grey(30), grey(40));
    const result = colorKey(
      data,
      5,
      1,
      options({ key: { r: 0, g: 0, b: 0 }, tolerance: 10, feather: 20 }),
    );
    expect(alphas(result.data)).toEqual([0, 0, 128, 255, 255]);
  });

  it('keeps a pixel at eeeeee partly opaque within the default feather', () => {
    const data = row([238, 238, 238, 255]);
    const [alpha = 0] = alphas(colorKey(data, 1, 1, options()).data);
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThan(255);
  });

  it('multiplies the alpha a pixel already has, never raising it', () => {
    const data = row([255, 255, 255, 100], [0, 0, 0, 100]);
    expect(alphas(colorKey(data, 2, 1, options()).data)).toEqual([0, 100]);
  });

  it("keys the first frame's top-left colour with auto, in every frame", () => {
    // Two frames of 2x1: blue then red on the left; the second frame's blue is keyed too.
    const data = row([0, 0, 255, 255], [255, 0, 0, 255], [255, 0, 0, 255], [0, 0, 255, 255]);
    const result = colorKey(data, 2, 1, options({ key: null }));
    expect(alphas(result.data)).toEqual([0, 255, 255, 0]);
  });

  it('keys nothing with auto when the top-left pixel is already transparent', () => {
    const data = row([255, 255, 255, 0], [255, 255, 255, 255]);
    const result = colorKey(data, 2, 1, options({ key: null }));
    expect(result.keyed).toBe(false);
    expect(alphas(result.data)).toEqual([0, 255]);
  });

  it('keys only the background that touches the border with colorkey-contiguous', () => {
    // A 5x5 white image with a black ring (1 px) around a white centre.
    const white: Rgba = [255, 255, 255, 255];
    const black: Rgba = [0, 0, 0, 255];
    const pixels: Rgba[] = [];
    for (let y = 0; y < 5; y += 1) {
      for (let x = 0; x < 5; x += 1) {
        const ring = (x === 1 || x === 3 || y === 1 || y === 3) && x > 0 && x < 4 && y > 0 && y < 4;
        pixels.push(ring ? black : white);
      }
    }
    const everywhere = colorKey(row(...pixels), 5, 5, options()).data;
    expect(alphas(everywhere)[12]).toBe(0);
    const contiguous = colorKey(row(...pixels), 5, 5, options({ contiguous: true })).data;
    const result = alphas(contiguous);
    expect(result[0]).toBe(0);
    expect(result[6]).toBe(255);
    // The white centre is enclosed by the ring: it keeps its colour and opacity.
    expect(result[12]).toBe(255);
    expect(Array.from(contiguous.subarray(48, 52))).toEqual(white);
  });

  it('reaches the background through pixels that were already transparent', () => {
    // transparent | white | black | white: the white beside the transparent edge pixel is reached.
    const data = row([0, 0, 0, 0], [255, 255, 255, 255], [0, 0, 0, 255], [255, 255, 255, 255]);
    const result = colorKey(data, 4, 1, options({ contiguous: true }));
    expect(alphas(result.data)).toEqual([0, 0, 255, 0]);
  });

  it('measures chroma only in chroma mode, so a shadowed green is keyed and grey is not', () => {
    const green = { r: 0, g: 255, b: 0 };
    const data = () => row([30, 200, 30, 255], [128, 128, 128, 255], [0, 255, 0, 255]);
    const byColour = colorKey(data(), 3, 1, options({ key: green }));
    expect(alphas(byColour.data)).toEqual([255, 255, 0]);
    const chroma = colorKey(
      data(),
      3,
      1,
      options({ key: green, mode: 'chroma', ...COLOR_KEY_DEFAULTS.chroma }),
    );
    expect(alphas(chroma.data)).toEqual([0, 255, 0]);
  });

  it('takes the key out of partly transparent edge pixels with colorkey-defringe', () => {
    // Half white, half red: green and blue at 128 show the white key mixed in.
    const mixed = (): Uint8Array => row([255, 128, 128, 255]);
    const keep = colorKey(mixed(), 1, 1, options({ tolerance: 20, feather: 200, defringe: 0 }));
    const clean = colorKey(mixed(), 1, 1, options({ tolerance: 20, feather: 200, defringe: 1 }));
    const alpha = clean.data[3] ?? 0;
    expect(alpha).toBeGreaterThan(0);
    expect(alpha).toBeLessThan(255);
    expect(Array.from(keep.data.subarray(0, 3))).toEqual([255, 128, 128]);
    // subject = (observed - (1 - a) * 255) / a: green and blue fall well below 128.
    expect(clean.data[0]).toBe(255);
    expect(clean.data[1]).toBeLessThan(100);
    expect(clean.data[2]).toBeLessThan(100);
  });

  it('reduces a green cast in chroma mode and leaves colours not biased to the key', () => {
    const green = { r: 0, g: 255, b: 0 };
    const chroma = { key: green, mode: 'chroma' as const, ...COLOR_KEY_DEFAULTS.chroma };
    const cast = colorKey(row([150, 200, 150, 255]), 1, 1, options({ ...chroma, defringe: 1 }));
    expect(cast.data[3]).toBe(255);
    expect((cast.data[1] ?? 0) - (cast.data[0] ?? 0)).toBeLessThan(10);
    const skin = colorKey(row([224, 172, 140, 255]), 1, 1, options({ ...chroma, defringe: 1 }));
    expect(Array.from(skin.data)).toEqual([224, 172, 140, 255]);
  });
});

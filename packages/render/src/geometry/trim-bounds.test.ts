import { describe, expect, it } from 'vitest';
import {
  cropPixels,
  findTrimBounds,
  padTrimBounds,
  topLeftColour,
  type RawImage,
} from './trim-bounds.ts';

type Colour = readonly number[];

/** A `width` x `height` image of `border` with `inner` filling the rect. */
function framed(
  width: number,
  height: number,
  rect: { left: number; top: number; width: number; height: number },
  border: Colour,
  inner: Colour,
): RawImage {
  const channels = border.length;
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inside =
        x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height;
      data.set(inside ? inner : border, (y * width + x) * channels);
    }
  }
  return { data, width, height, channels };
}

const WHITE = [255, 255, 255];
const RED = [200, 30, 30];
const content = { left: 3, top: 2, width: 5, height: 4 };

describe('findTrimBounds with trim=color', () => {
  it('finds a uniform border of the top-left colour', () => {
    const image = framed(12, 9, content, WHITE, RED);
    expect(
      findTrimBounds(image, { kind: 'color', colour: topLeftColour(image), tolerance: 0 }),
    ).toEqual(content);
  });

  it('stops at a border colour that differs by more than the tolerance', () => {
    const image = framed(12, 9, content, [250, 250, 250], RED);
    expect(findTrimBounds(image, { kind: 'color', colour: WHITE, tolerance: 2 })).toBeNull();
    expect(findTrimBounds(image, { kind: 'color', colour: WHITE, tolerance: 5 })).toEqual(content);
  });

  it('trims nothing rather than everything from a single-colour image', () => {
    const image = framed(6, 6, { left: 0, top: 0, width: 0, height: 0 }, WHITE, RED);
    expect(findTrimBounds(image, { kind: 'color', colour: WHITE, tolerance: 0 })).toBeNull();
  });
});

describe('findTrimBounds with trim=auto', () => {
  it('trims a slightly noisy border within trim-sd and trim-md', () => {
    const image = framed(12, 9, content, WHITE, RED);
    // Noise of +-4 on alternate border pixels, as JPEG leaves it.
    for (let i = 0; i < image.width * image.height; i += 2) {
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      const inside = x >= 3 && x < 8 && y >= 2 && y < 6;
      if (!inside) image.data.fill(251, i * 3, i * 3 + 3);
    }
    expect(
      findTrimBounds(image, { kind: 'auto', meanDifference: 11, standardDeviation: 10 }),
    ).toEqual(content);
  });

  it('keeps rows that vary more than trim-sd, whatever their neighbours', () => {
    const image = framed(12, 9, content, WHITE, RED);
    for (let i = 0; i < image.width * image.height; i += 1) {
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      const inside = x >= 3 && x < 8 && y >= 2 && y < 6;
      if (!inside && x % 2 === 0) image.data.fill(0, i * 3, i * 3 + 3);
    }
    // Rows across the stripes vary; each column of a stripe is even, so only the outermost
    // column goes before the next one differs by a whole stripe.
    expect(
      findTrimBounds(image, { kind: 'auto', meanDifference: 11, standardDeviation: 10 }),
    ).toEqual({ left: 1, top: 0, width: 10, height: 9 });
    expect(
      findTrimBounds(image, { kind: 'auto', meanDifference: 11, standardDeviation: 130 })?.top,
    ).toBe(2);
  });

  it('stops where the next line differs by more than trim-md from the one before', () => {
    // Uniform grey content rows next to a white border: even, but far from the border.
    const image = framed(10, 10, { left: 2, top: 2, width: 6, height: 6 }, WHITE, [128, 128, 128]);
    expect(
      findTrimBounds(image, { kind: 'auto', meanDifference: 11, standardDeviation: 10 }),
    ).toEqual({ left: 2, top: 2, width: 6, height: 6 });
  });
});

describe('findTrimBounds with trim=alpha', () => {
  it('trims rows and columns whose alpha is at most trim-alpha', () => {
    const image = framed(10, 8, content, [0, 0, 0, 10], [200, 30, 30, 255]);
    expect(findTrimBounds(image, { kind: 'alpha', threshold: 10 })).toEqual(content);
    expect(findTrimBounds(image, { kind: 'alpha', threshold: 0 })).toBeNull();
  });

  it('has nothing to trim in an image without alpha', () => {
    expect(
      findTrimBounds(framed(10, 8, content, WHITE, RED), { kind: 'alpha', threshold: 0 }),
    ).toBeNull();
  });
});

describe('padTrimBounds', () => {
  const image = { width: 12, height: 9 };

  it('keeps trim-pad pixels of border, up to the image edge', () => {
    expect(padTrimBounds(content, 1, image)).toEqual({ left: 2, top: 1, width: 7, height: 6 });
    expect(padTrimBounds(content, 10, image)).toEqual({ left: 0, top: 0, width: 12, height: 9 });
  });

  it('cuts further in with a negative pad', () => {
    expect(padTrimBounds(content, -1, image)).toEqual({ left: 4, top: 3, width: 3, height: 2 });
  });
});

describe('cropPixels', () => {
  it('copies the pixels inside the rect', () => {
    const image = framed(12, 9, content, WHITE, RED);
    const cropped = cropPixels(image, content);
    expect(cropped.width).toBe(5);
    expect(cropped.height).toBe(4);
    expect(Array.from(cropped.data.subarray(0, 3))).toEqual(RED);
    expect(cropped.data.every((value, i) => value === RED[i % 3])).toBe(true);
  });
});

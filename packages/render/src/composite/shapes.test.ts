import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ellipseSvg, fitRadii, roundedRectPath, roundedRectSvg, uniformRadii } from './shapes.ts';

async function alphaAt(svg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(svg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return data[(y * info.width + x) * info.channels + 3] ?? -1;
}

describe('fitRadii', () => {
  it('leaves radii that fit alone', () => {
    expect(fitRadii(uniformRadii(10), 40, 40)).toEqual(uniformRadii(10));
  });

  it('scales every radius by the same factor when two neighbours overlap', () => {
    const fitted = fitRadii({ topLeft: 30, topRight: 30, bottomRight: 5, bottomLeft: 5 }, 40, 100);
    expect(fitted.topLeft).toBeCloseTo(20);
    expect(fitted.bottomRight).toBeCloseTo((40 / 60) * 5);
  });
});

describe('roundedRectPath', () => {
  it('draws straight corners for zero radii', () => {
    expect(
      roundedRectPath({ left: 0, top: 0, width: 10, height: 5 }, uniformRadii(0)),
    ).not.toContain('A');
  });
});

describe('roundedRectSvg', () => {
  it('leaves the very corner outside a rounded corner and fills the middle', async () => {
    const svg = roundedRectSvg(40, 30, uniformRadii(12));
    expect(await alphaAt(svg, 0, 0)).toBe(0);
    expect(await alphaAt(svg, 39, 29)).toBe(0);
    expect(await alphaAt(svg, 20, 15)).toBe(255);
    expect(await alphaAt(svg, 20, 0)).toBe(255);
  });

  it('rounds only the corners given a radius', async () => {
    const svg = roundedRectSvg(40, 30, { topLeft: 12, topRight: 0, bottomRight: 0, bottomLeft: 0 });
    expect(await alphaAt(svg, 0, 0)).toBe(0);
    expect(await alphaAt(svg, 39, 0)).toBe(255);
    expect(await alphaAt(svg, 0, 29)).toBe(255);
  });

  it('fills only the given rectangle, in the given colour', async () => {
    const svg = roundedRectSvg(40, 30, uniformRadii(0), {
      rect: { left: 10, top: 10, width: 20, height: 10 },
      colour: { r: 255, g: 0, b: 0, alpha: 0.5 },
    });
    expect(await alphaAt(svg, 5, 5)).toBe(0);
    expect(await alphaAt(svg, 15, 15)).toBe(128);
  });
});

describe('ellipseSvg', () => {
  it('covers the middle and none of the corners', async () => {
    const svg = ellipseSvg(60, 30);
    expect(await alphaAt(svg, 30, 15)).toBe(255);
    expect(await alphaAt(svg, 1, 1)).toBe(0);
    expect(await alphaAt(svg, 58, 28)).toBe(0);
    expect(await alphaAt(svg, 1, 15)).toBeGreaterThan(200);
  });
});

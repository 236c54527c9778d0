import { describe, expect, it } from 'vitest';
import { GRID_DEFAULTS, checkerboard } from './checkerboard.ts';

describe('checkerboard', () => {
  it('alternates cell-sized squares starting with the first colour at the top left', () => {
    const pixels = checkerboard(8, 8, 4, GRID_DEFAULTS.colours);
    const at = (x: number, y: number) => [...pixels.subarray((y * 8 + x) * 4, (y * 8 + x) * 4 + 4)];
    expect(at(0, 0)).toEqual([0xd0, 0xd7, 0xdd, 255]);
    expect(at(3, 3)).toEqual([0xd0, 0xd7, 0xdd, 255]);
    expect(at(4, 0)).toEqual([255, 255, 255, 255]);
    expect(at(0, 4)).toEqual([255, 255, 255, 255]);
    expect(at(7, 7)).toEqual([0xd0, 0xd7, 0xdd, 255]);
  });

  it('treats a cell smaller than a pixel as one pixel', () => {
    const pixels = checkerboard(2, 1, 0, GRID_DEFAULTS.colours);
    expect(pixels[0]).toBe(0xd0);
    expect(pixels[4]).toBe(0xff);
  });
});

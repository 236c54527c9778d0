import { describe, expect, it } from 'vitest';
import {
  gridOrigins,
  placeLayer,
  readAlignment,
  resolveLength,
  shrinkToFit,
  visiblePart,
} from './placement.ts';

const BOTTOM_RIGHT = { horizontal: 'right', vertical: 'bottom' } as const;

describe('readAlignment', () => {
  it('keeps the fallback when the list is empty', () => {
    expect(readAlignment([], BOTTOM_RIGHT)).toEqual(BOTTOM_RIGHT);
  });

  it('sets each axis from the value that names it, in any order', () => {
    expect(readAlignment(['left', 'top'], BOTTOM_RIGHT)).toEqual({
      horizontal: 'left',
      vertical: 'top',
    });
    expect(readAlignment(['middle'], BOTTOM_RIGHT)).toEqual({
      horizontal: 'right',
      vertical: 'middle',
    });
    expect(readAlignment(['center'], BOTTOM_RIGHT)).toEqual({
      horizontal: 'center',
      vertical: 'bottom',
    });
  });
});

describe('placeLayer', () => {
  const canvas = { width: 200, height: 100 };
  const layer = { width: 40, height: 20 };

  it('puts a bottom-right layer its pad away from both edges', () => {
    expect(placeLayer({ canvas, layer, alignment: BOTTOM_RIGHT, pad: 5 })).toEqual({
      left: 155,
      top: 75,
    });
  });

  it('puts a top-left layer at the pad', () => {
    const alignment = { horizontal: 'left', vertical: 'top' } as const;
    expect(placeLayer({ canvas, layer, alignment, pad: 10 })).toEqual({ left: 10, top: 10 });
  });

  it('centres without the pad', () => {
    const alignment = { horizontal: 'center', vertical: 'middle' } as const;
    expect(placeLayer({ canvas, layer, alignment, pad: 10 })).toEqual({ left: 80, top: 40 });
  });

  it('lets an explicit x or y override the alignment on its axis only', () => {
    expect(placeLayer({ canvas, layer, alignment: BOTTOM_RIGHT, pad: 5, x: 12 })).toEqual({
      left: 12,
      top: 75,
    });
    expect(placeLayer({ canvas, layer, alignment: BOTTOM_RIGHT, pad: 5, y: 0 })).toEqual({
      left: 155,
      top: 0,
    });
  });
});

describe('visiblePart', () => {
  const canvas = { width: 100, height: 50 };

  it('keeps a layer that lies inside whole', () => {
    expect(visiblePart({ left: 10, top: 5, width: 20, height: 10 }, canvas)).toEqual({
      crop: { left: 0, top: 0, width: 20, height: 10 },
      left: 10,
      top: 5,
    });
  });

  it('cuts what hangs over the top-left and bottom-right edges', () => {
    expect(visiblePart({ left: -5, top: -3, width: 20, height: 10 }, canvas)).toEqual({
      crop: { left: 5, top: 3, width: 15, height: 7 },
      left: 0,
      top: 0,
    });
    expect(visiblePart({ left: 90, top: 45, width: 20, height: 10 }, canvas)).toEqual({
      crop: { left: 0, top: 0, width: 10, height: 5 },
      left: 90,
      top: 45,
    });
  });

  it('cuts a layer larger than the canvas down to the canvas', () => {
    expect(visiblePart({ left: -10, top: -10, width: 300, height: 300 }, canvas)?.crop).toEqual({
      left: 10,
      top: 10,
      width: 100,
      height: 50,
    });
  });

  it('reports a layer entirely outside as invisible', () => {
    expect(visiblePart({ left: 100, top: 0, width: 20, height: 10 }, canvas)).toBeNull();
    expect(visiblePart({ left: -20, top: 0, width: 20, height: 10 }, canvas)).toBeNull();
  });
});

describe('resolveLength', () => {
  it('reads pixels as they are and unit scalars as a share of the whole', () => {
    expect(resolveLength({ type: 'integer', value: 120 }, 400)).toBe(120);
    expect(resolveLength({ type: 'unit_scalar', value: 0.25 }, 400)).toBe(100);
    expect(resolveLength({ type: 'unit_scalar', value: 1 }, 400)).toBe(400);
  });

  it('never yields less than a pixel, and nothing for an absent parameter', () => {
    expect(resolveLength({ type: 'unit_scalar', value: 0 }, 400)).toBe(1);
    expect(resolveLength(undefined, 400)).toBeUndefined();
  });
});

describe('shrinkToFit', () => {
  it('scales a larger size down keeping its aspect ratio', () => {
    expect(shrinkToFit({ width: 400, height: 100 }, { width: 200, height: 200 })).toEqual({
      width: 200,
      height: 50,
    });
    expect(shrinkToFit({ width: 100, height: 400 }, { width: 200, height: 200 })).toEqual({
      width: 50,
      height: 200,
    });
  });

  it('never scales up', () => {
    expect(shrinkToFit({ width: 40, height: 30 }, { width: 200, height: 200 })).toEqual({
      width: 40,
      height: 30,
    });
  });
});

describe('gridOrigins', () => {
  it('covers the canvas with tiles a gap apart, starting at the top-left corner', () => {
    expect(gridOrigins({ width: 50, height: 25 }, { width: 20, height: 10 }, 5)).toEqual([
      { left: 0, top: 0 },
      { left: 25, top: 0 },
      { left: 0, top: 15 },
      { left: 25, top: 15 },
    ]);
  });

  it('includes a last tile that only partly fits', () => {
    expect(gridOrigins({ width: 41, height: 10 }, { width: 20, height: 10 }, 0)).toHaveLength(3);
  });
});

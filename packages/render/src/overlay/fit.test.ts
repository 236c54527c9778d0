import { describe, expect, it } from 'vitest';
import { planFit, readCropGravity } from './fit.ts';

const SOURCE = { width: 200, height: 100 };

describe('planFit', () => {
  it('keeps the source size when no target side is given', () => {
    expect(planFit(SOURCE, {}, 'clip').output).toEqual(SOURCE);
  });

  it('scales proportionally to the one side given', () => {
    expect(planFit(SOURCE, { width: 50 }, 'clip').output).toEqual({ width: 50, height: 25 });
    expect(planFit(SOURCE, { height: 50 }, 'crop').output).toEqual({ width: 100, height: 50 });
  });

  it('clip fits inside the box, scaling up if needed', () => {
    expect(planFit(SOURCE, { width: 100, height: 100 }, 'clip').output).toEqual({
      width: 100,
      height: 50,
    });
    expect(planFit(SOURCE, { width: 400, height: 400 }, 'clip').output).toEqual({
      width: 400,
      height: 200,
    });
  });

  it('max fits inside the box but never scales up', () => {
    expect(planFit(SOURCE, { width: 100, height: 100 }, 'max').output).toEqual({
      width: 100,
      height: 50,
    });
    expect(planFit(SOURCE, { width: 400, height: 400 }, 'max').output).toEqual(SOURCE);
    expect(planFit(SOURCE, { width: 400 }, 'max').output).toEqual(SOURCE);
  });

  it('scale stretches to the box exactly', () => {
    expect(planFit(SOURCE, { width: 30, height: 90 }, 'scale')).toMatchObject({
      resize: { width: 30, height: 90 },
      extract: null,
      output: { width: 30, height: 90 },
    });
  });

  it('crop covers the box and cuts the excess evenly by default', () => {
    expect(planFit(SOURCE, { width: 100, height: 100 }, 'crop')).toEqual({
      resize: { width: 200, height: 100 },
      extract: { left: 50, top: 0, width: 100, height: 100 },
      extend: null,
      output: { width: 100, height: 100 },
    });
  });

  it('crop keeps the edges its gravity names', () => {
    const right = planFit(SOURCE, { width: 100, height: 100 }, 'crop', readCropGravity(['right']));
    expect(right.extract).toEqual({ left: 100, top: 0, width: 100, height: 100 });
    const tall = planFit(
      { width: 100, height: 200 },
      { width: 100, height: 100 },
      'crop',
      readCropGravity(['bottom']),
    );
    expect(tall.extract).toEqual({ left: 0, top: 100, width: 100, height: 100 });
  });

  it('fill fits inside and pads the rest transparently, centred', () => {
    expect(planFit(SOURCE, { width: 100, height: 100 }, 'fill')).toEqual({
      resize: { width: 100, height: 50 },
      extract: null,
      extend: { left: 0, right: 0, top: 25, bottom: 25, edge: 'transparent' },
      output: { width: 100, height: 100 },
    });
  });

  it('clamp fits inside and repeats the edge pixels into the rest', () => {
    expect(planFit(SOURCE, { width: 100, height: 101 }, 'clamp').extend).toEqual({
      left: 0,
      right: 0,
      top: 25,
      bottom: 26,
      edge: 'copy',
    });
  });
});

describe('readCropGravity', () => {
  it('centres unless an edge is named, and treats faces as its fallback', () => {
    expect(readCropGravity([])).toEqual({ horizontal: 'center', vertical: 'middle' });
    expect(readCropGravity(['faces', 'top', 'left'])).toEqual({
      horizontal: 'left',
      vertical: 'top',
    });
    expect(readCropGravity(['faces'])).toEqual({ horizontal: 'center', vertical: 'middle' });
  });
});

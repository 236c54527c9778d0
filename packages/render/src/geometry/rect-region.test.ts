import type { ParamValue } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { coversWhole, resolveRect } from './rect-region.ts';

const int = (value: number): ParamValue => ({ type: 'integer', value });
const unit = (value: number): ParamValue => ({ type: 'unit_scalar', value });
const word = (value: string): ParamValue => ({ type: 'string', value });
const image = { width: 200, height: 100 };

describe('resolveRect', () => {
  it('takes pixel values as they are', () => {
    expect(resolveRect([int(10), int(20), int(50), int(30)], image)).toEqual({
      left: 10,
      top: 20,
      width: 50,
      height: 30,
    });
  });

  it('reads 0-1 values as fractions of the image', () => {
    expect(resolveRect([unit(0.5), unit(0.25), unit(0.5), unit(0.5)], image)).toEqual({
      left: 100,
      top: 25,
      width: 100,
      height: 50,
    });
  });

  it('places the rect with keywords: center and middle split the slack, right and bottom take it all', () => {
    expect(resolveRect([word('center'), word('middle'), int(50), int(40)], image)).toEqual({
      left: 75,
      top: 30,
      width: 50,
      height: 40,
    });
    expect(resolveRect([word('right'), word('bottom'), int(50), int(40)], image)).toEqual({
      left: 150,
      top: 60,
      width: 50,
      height: 40,
    });
    expect(resolveRect([word('left'), word('top'), word('full'), int(40)], image)).toEqual({
      left: 0,
      top: 0,
      width: 200,
      height: 40,
    });
  });

  it('clamps a rect that reaches past the image to what is there', () => {
    expect(resolveRect([int(150), int(80), int(100), int(100)], image)).toEqual({
      left: 150,
      top: 80,
      width: 50,
      height: 20,
    });
    expect(resolveRect([int(500), int(0), int(10), int(10)], image)).toEqual({
      left: 199,
      top: 0,
      width: 1,
      height: 10,
    });
  });

  it('needs four values', () => {
    expect(resolveRect([int(1), int(2)], image)).toBeNull();
  });
});

describe('coversWhole', () => {
  it('tells a rect of the whole image apart from a part of it', () => {
    expect(coversWhole({ left: 0, top: 0, width: 200, height: 100 }, image)).toBe(true);
    expect(coversWhole({ left: 0, top: 0, width: 199, height: 100 }, image)).toBe(false);
  });
});

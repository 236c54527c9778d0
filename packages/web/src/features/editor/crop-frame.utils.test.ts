import { describe, expect, it } from 'vitest';
import { initialFrame, naturalRect, ratioOfRect, sameRect } from './crop-frame.utils.ts';
import { formatRect, parseRect } from './rect.utils.ts';

const origin = { originWidth: 1000, originHeight: 500 };

describe('crop frame arithmetic', () => {
  it('writes and reads rect as four whole numbers', () => {
    expect(formatRect({ left: 1, top: 2, width: 30, height: 40 })).toBe('1,2,30,40');
    expect(parseRect('1,2,30,40')).toEqual({ left: 1, top: 2, width: 30, height: 40 });
    expect(parseRect('1,2,30')).toBeNull();
    expect(parseRect('1,2,0,40')).toBeNull();
    expect(parseRect('1,2,3.5,40')).toBeNull();
    expect(parseRect(undefined)).toBeNull();
  });

  it('gives the frame ratio in lowest terms', () => {
    expect(ratioOfRect({ left: 0, top: 0, width: 1120, height: 630 })).toBe('16:9');
  });

  it('rounds the frame to whole pixels inside the image', () => {
    expect(naturalRect({ x: 10.4, y: -3, width: 200.6, height: 100.2 }, origin)).toEqual({
      left: 10,
      top: 0,
      width: 201,
      height: 100,
    });
    expect(naturalRect({ x: 900, y: 400, width: 500, height: 500 }, origin)).toEqual({
      left: 900,
      top: 400,
      width: 100,
      height: 100,
    });
  });

  it('starts from the stored rect, else 80 percent of the image, centred, in the chosen ratio', () => {
    expect(initialFrame('5,6,70,80', origin, null)).toEqual({
      left: 5,
      top: 6,
      width: 70,
      height: 80,
    });
    expect(initialFrame(undefined, origin, null)).toEqual({
      left: 100,
      top: 50,
      width: 800,
      height: 400,
    });
    expect(initialFrame(undefined, origin, 1)).toEqual({
      left: 300,
      top: 50,
      width: 400,
      height: 400,
    });
  });

  it('compares frames by value', () => {
    const frame = { left: 1, top: 2, width: 3, height: 4 };
    expect(sameRect(frame, { ...frame })).toBe(true);
    expect(sameRect(frame, { ...frame, top: 3 })).toBe(false);
  });
});

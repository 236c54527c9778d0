import { describe, expect, it } from 'vitest';
import { CENTRE, placeWindow, readCropStrategy, unscaleWindow } from './crop-window.ts';

const focal = { x: 0.5, y: 0.5, zoom: 1 };

describe('readCropStrategy', () => {
  it('crops from the centre when no mode is given', () => {
    expect(readCropStrategy([], focal)).toEqual(CENTRE);
  });

  it('combines a horizontal and a vertical direction', () => {
    expect(readCropStrategy(['top', 'left'], focal)).toEqual({
      kind: 'anchor',
      horizontal: 'left',
      vertical: 'top',
    });
    expect(readCropStrategy(['bottom', 'right'], focal)).toEqual({
      kind: 'anchor',
      horizontal: 'right',
      vertical: 'bottom',
    });
  });

  it('falls through faces, which has no detector yet, to the next mode', () => {
    expect(readCropStrategy(['faces', 'entropy'], focal)).toEqual({ kind: 'entropy' });
    expect(readCropStrategy(['faces', 'top'], focal)).toEqual({
      kind: 'anchor',
      horizontal: 'center',
      vertical: 'top',
    });
  });

  it('lets focalpoint, entropy and edges override directions', () => {
    expect(readCropStrategy(['left', 'focalpoint'], { x: 0.2, y: 0.3, zoom: 2 })).toEqual({
      kind: 'focalpoint',
      x: 0.2,
      y: 0.3,
      zoom: 2,
    });
    expect(readCropStrategy(['top', 'edges'], focal)).toEqual({ kind: 'edges' });
  });
});

describe('placeWindow', () => {
  const scaled = { width: 600, height: 300 };
  const window = { width: 400, height: 300 };

  it('centres the window by default', () => {
    expect(placeWindow(scaled, window, CENTRE)).toEqual({ left: 100, top: 0, ...window });
  });

  it('starts from the named edge', () => {
    const left = readCropStrategy(['left'], focal);
    const right = readCropStrategy(['right'], focal);
    if (left.kind !== 'anchor' || right.kind !== 'anchor') throw new Error('anchor expected');
    expect(placeWindow(scaled, window, left).left).toBe(0);
    expect(placeWindow(scaled, window, right).left).toBe(200);
  });

  it('centres on the focal point and stays inside the image near an edge', () => {
    expect(
      placeWindow(
        scaled,
        { width: 200, height: 100 },
        { kind: 'focalpoint', x: 0.5, y: 0.5, zoom: 1 },
      ),
    ).toEqual({
      left: 200,
      top: 100,
      width: 200,
      height: 100,
    });
    expect(
      placeWindow(
        scaled,
        { width: 200, height: 100 },
        { kind: 'focalpoint', x: 0.95, y: 0, zoom: 1 },
      ),
    ).toEqual({ left: 400, top: 0, width: 200, height: 100 });
  });
});

describe('unscaleWindow', () => {
  it('maps a window of a doubled copy back to the original', () => {
    expect(
      unscaleWindow(
        { left: 100, top: 40, width: 200, height: 100 },
        { width: 600, height: 400 },
        { width: 300, height: 200 },
      ),
    ).toEqual({ left: 50, top: 20, width: 100, height: 50 });
  });

  it('keeps the mapped window inside the original', () => {
    const mapped = unscaleWindow(
      { left: 599, top: 0, width: 3, height: 3 },
      { width: 602, height: 400 },
      { width: 300, height: 200 },
    );
    expect(mapped.left + mapped.width).toBeLessThanOrEqual(300);
  });
});

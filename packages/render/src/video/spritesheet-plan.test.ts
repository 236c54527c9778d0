import { describe, expect, it } from 'vitest';
import {
  smartCropFrameSize,
  tileHasChoice,
  tileRegion,
  type SpritesheetPlan,
} from './spritesheet-plan.ts';

const plan = (tileWidth: number, tileHeight: number): SpritesheetPlan => ({
  intervalS: 1,
  columns: 1,
  rows: 1,
  tileWidth,
  tileHeight,
  format: 'jpg',
});

describe('smart crop geometry', () => {
  it('takes the centred crop size, centred on the subject', () => {
    // A 90x160 tile of a 640x360 frame shows a 202.5-pixel-wide strip of its full height.
    const frame = { width: 640, height: 360 };
    const tile = { width: 90, height: 160 };
    expect(tileRegion(frame, tile, { x: 320, y: 180 })).toEqual({
      left: 219,
      top: 0,
      width: 203,
      height: 360,
    });
    expect(tileRegion(frame, tile, { x: 300, y: 20 })).toMatchObject({ left: 199, top: 0 });
  });

  it('keeps the region inside the frame when the subject is near an edge', () => {
    const frame = { width: 640, height: 360 };
    const tile = { width: 90, height: 160 };
    expect(tileRegion(frame, tile, { x: 10, y: 180 })).toMatchObject({ left: 0, width: 203 });
    expect(tileRegion(frame, tile, { x: 639, y: 180 })).toMatchObject({ left: 437, width: 203 });
    // A wide tile of a tall frame moves up and down instead.
    const tall = { width: 360, height: 640 };
    expect(tileRegion(tall, { width: 160, height: 90 }, { x: 180, y: 600 })).toEqual({
      left: 0,
      top: 437,
      width: 360,
      height: 203,
    });
  });

  it('samples frames large enough for the detector and the tile, never past the video', () => {
    // Small tiles of a large video: the detector's 1024 pixels decide.
    expect(smartCropFrameSize(plan(90, 160), { width: 1920, height: 1080 }, 1024)).toEqual({
      width: 1024,
      height: 576,
    });
    // A tile that needs more than that: the size covering it.
    expect(smartCropFrameSize(plan(1000, 1000), { width: 1920, height: 1080 }, 1024)).toEqual({
      width: 1778,
      height: 1000,
    });
    // A small video, or a tile larger than the video: the video's own size.
    expect(smartCropFrameSize(plan(90, 160), { width: 640, height: 360 }, 1024)).toEqual({
      width: 640,
      height: 360,
    });
    expect(smartCropFrameSize(plan(1080, 1920), { width: 1920, height: 1080 }, 1024)).toEqual({
      width: 1920,
      height: 1080,
    });
  });

  it('sees a choice of crop only when the tile has another aspect than the frame', () => {
    expect(tileHasChoice({ width: 640, height: 360 }, { width: 90, height: 160 })).toBe(true);
    expect(tileHasChoice({ width: 1024, height: 576 }, { width: 160, height: 90 })).toBe(false);
    // 854x480 at 160x90 overhangs by an eighth of a pixel: nothing to choose.
    expect(tileHasChoice({ width: 854, height: 480 }, { width: 160, height: 90 })).toBe(false);
    expect(tileHasChoice({ width: 854, height: 480 }, { width: 160, height: 80 })).toBe(true);
  });
});

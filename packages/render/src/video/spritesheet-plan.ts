import type { Params, Point, Rect, Size } from '@darkroom/core';

/** A grid of frames sampled from a clip (fm=spritesheet, the `video-spritesheet-*` family). */
export interface SpritesheetPlan {
  /** Seconds between sampled frames. */
  intervalS: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  format: 'jpg' | 'webp' | 'avif';
}

// "auto" keeps a sheet to about this many tiles, as a scrubbing preview needs no more.
const AUTO_TILES = 25;
const DEFAULT_TILE_WIDTH = 160;

const even = (side: number): number => Math.max(2, 2 * Math.round(side / 2));

/**
 * The grid for a clip of `durationS` at `size`: `video-spritesheet-interval` seconds apart
 * (auto: about 25 frames over the clip), tiles `video-spritesheet-w` wide (160) and
 * `video-spritesheet-h` high (auto: the clip's aspect), `video-spritesheet-columns` across
 * (auto: a near-square grid), in `video-spritesheet-format` (jpg).
 */
export function spritesheetPlan(params: Params, durationS: number, size: Size): SpritesheetPlan {
  const interval = params.number('video-spritesheet-interval');
  const intervalS = interval ?? Math.max(1, Math.ceil(durationS / AUTO_TILES));
  const tiles = Math.max(1, Math.ceil(durationS / intervalS));
  const askedColumns = params.number('video-spritesheet-columns');
  const columns = Math.min(tiles, askedColumns ?? Math.ceil(Math.sqrt(tiles)));
  const tileWidth = even(params.number('video-spritesheet-w') ?? DEFAULT_TILE_WIDTH);
  const tileHeight = even(
    params.number('video-spritesheet-h') ?? (tileWidth * size.height) / size.width,
  );
  const format = params.string('video-spritesheet-format');
  return {
    intervalS,
    columns,
    rows: Math.ceil(tiles / columns),
    tileWidth,
    tileHeight,
    format: format === 'webp' || format === 'avif' ? format : 'jpg',
  };
}

/** The scale at which `frame` covers `tile`: one side fits exactly, the other overhangs. */
function coverScale(frame: Size, tile: Size): number {
  return Math.max(tile.width / frame.width, tile.height / frame.height);
}

/**
 * The size `video-spritesheet-smart-crop` samples frames at: covering the tile (so the crop
 * keeps the tile's resolution) and at least `detectionSide` on the long side (so the detector
 * sees faces that would be a few pixels in a small tile), but never larger than the video, whose
 * pixels the limits have already admitted; a tile larger than that is scaled up after the crop.
 */
export function smartCropFrameSize(
  plan: SpritesheetPlan,
  video: Size,
  detectionSide: number,
): Size {
  const tile = { width: plan.tileWidth, height: plan.tileHeight };
  const detection = detectionSide / Math.max(video.width, video.height);
  const scale = Math.min(1, Math.max(coverScale(video, tile), detection));
  return {
    width: Math.max(1, Math.round(video.width * scale)),
    height: Math.max(1, Math.round(video.height * scale)),
  };
}

/**
 * The region of `frame` a tile shows: the tile's aspect, as large as the frame allows (the
 * centred crop's size), centred on `centre` and moved back inside the frame, in whole pixels.
 */
export function tileRegion(frame: Size, tile: Size, centre: Point): Rect {
  const scale = coverScale(frame, tile);
  const width = Math.min(frame.width, Math.max(1, Math.round(tile.width / scale)));
  const height = Math.min(frame.height, Math.max(1, Math.round(tile.height / scale)));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    left: clamp(centre.x - width / 2, frame.width - width),
    top: clamp(centre.y - height / 2, frame.height - height),
    width,
    height,
  };
}

/**
 * True when `frame`, scaled to cover `tile`, overhangs it by a pixel or more: there is a choice
 * of crop. Without one (the tile has the frame's aspect, as `video-spritesheet-h=auto` gives),
 * every crop is the whole frame and nothing need be detected.
 */
export function tileHasChoice(frame: Size, tile: Size): boolean {
  const scale = coverScale(frame, tile);
  return frame.width * scale - tile.width >= 1 || frame.height * scale - tile.height >= 1;
}

import type { Params, Size } from '@darkroom/core';

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

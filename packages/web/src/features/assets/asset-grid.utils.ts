/** The thumbnail size Darkroom renders for a grid tile, in CSS pixels (twice that for 2x screens). */
export const THUMBNAIL_PX = 240;

/** The narrowest tile: two of them still fit side by side on a 360 px phone. */
export const MIN_TILE_PX = 150;

export const GRID_GAP_PX = 12;

/** How many tiles fit across `width` pixels: as many as stay at least MIN_TILE_PX wide, at least one. */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GRID_GAP_PX) / (MIN_TILE_PX + GRID_GAP_PX)));
}

/** The width of each tile when `columns` of them share `width` pixels with gaps between. */
export function tileSizeFor(width: number, columns: number): number {
  return Math.max(1, Math.floor((width - GRID_GAP_PX * (columns - 1)) / columns));
}

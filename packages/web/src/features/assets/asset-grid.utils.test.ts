import { describe, expect, it } from 'vitest';
import { columnsFor, GRID_GAP_PX, MIN_TILE_PX, tileSizeFor } from './asset-grid.utils.ts';

describe('columnsFor', () => {
  it('fits two tiles side by side on a 360 px phone', () => {
    // The page padding leaves about 312 px to the grid on a 360 px screen.
    expect(columnsFor(312)).toBe(2);
  });

  it('never gives a tile less than the minimum, nor fewer than one column', () => {
    for (const width of [100, 320, 640, 960, 1280, 1920]) {
      const columns = columnsFor(width);
      expect(columns).toBeGreaterThanOrEqual(1);
      if (width >= MIN_TILE_PX)
        expect(tileSizeFor(width, columns)).toBeGreaterThanOrEqual(MIN_TILE_PX);
    }
    expect(columnsFor(100)).toBe(1);
  });

  it('shares the width between tiles and gaps', () => {
    const columns = columnsFor(960);
    expect(columns).toBe(6);
    expect(tileSizeFor(960, columns) * columns + GRID_GAP_PX * (columns - 1)).toBeLessThanOrEqual(
      960,
    );
  });
});

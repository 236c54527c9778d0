import { describe, expect, it } from 'vitest';
import { tooltipSide } from './tooltip.utils.ts';

describe('tooltipSide', () => {
  it('keeps the preferred side on wide screens', () => {
    expect(tooltipSide('right', 1024)).toBe('right');
    expect(tooltipSide('left', 481)).toBe('left');
  });

  it('moves a side callout below its icon at 480 px or less', () => {
    expect(tooltipSide('right', 480)).toBe('bottom');
    expect(tooltipSide('left', 360)).toBe('bottom');
  });

  it('leaves top and bottom callouts where they are', () => {
    expect(tooltipSide('top', 360)).toBe('top');
    expect(tooltipSide('bottom', 360)).toBe('bottom');
  });
});

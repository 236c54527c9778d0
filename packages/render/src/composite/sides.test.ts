import { describe, expect, it } from 'vitest';
import { addSides, isEmpty, resolveSides } from './sides.ts';

describe('resolveSides', () => {
  it('uses the shared width where a side has none of its own', () => {
    expect(resolveSides(10, { left: 3 })).toEqual({ top: 10, right: 10, bottom: 10, left: 3 });
  });

  it('lets a side of zero remove that side', () => {
    expect(resolveSides(10, { top: 0 })).toEqual({ top: 0, right: 10, bottom: 10, left: 10 });
  });

  it('treats negative widths as none', () => {
    expect(isEmpty(resolveSides(-4, {}))).toBe(true);
  });
});

describe('addSides', () => {
  it('adds side by side', () => {
    expect(
      addSides({ top: 1, right: 2, bottom: 3, left: 4 }, { top: 1, right: 1, bottom: 1, left: 1 }),
    ).toEqual({
      top: 2,
      right: 3,
      bottom: 4,
      left: 5,
    });
  });
});

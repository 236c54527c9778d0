import { describe, expect, it } from 'vitest';
import { clipWindows, graphemes, readTextClip, shortenWithEllipsis } from './text-clip.ts';

describe('readTextClip', () => {
  it('clips the end without an ellipsis by default', () => {
    expect(readTextClip([])).toEqual({ region: 'end', ellipsis: false });
  });

  it('combines a region with ellipsis', () => {
    expect(readTextClip(['ellipsis'])).toEqual({ region: 'end', ellipsis: true });
    expect(readTextClip(['start', 'ellipsis'])).toEqual({ region: 'start', ellipsis: true });
    expect(readTextClip(['middle'])).toEqual({ region: 'middle', ellipsis: false });
  });
});

describe('graphemes', () => {
  it('keeps an emoji sequence and an accented letter whole', () => {
    expect(graphemes('e\u0301👩‍👩‍👧a')).toEqual(['e\u0301', '👩‍👩‍👧', 'a']);
  });
});

describe('shortenWithEllipsis', () => {
  const letters = [...'abcdefgh'];

  it('leaves text that fits alone', () => {
    expect(shortenWithEllipsis(letters, 8, 'end')).toBe('abcdefgh');
  });

  it('puts the ellipsis where the characters were cut', () => {
    expect(shortenWithEllipsis(letters, 3, 'end')).toBe('abc…');
    expect(shortenWithEllipsis(letters, 3, 'start')).toBe('…fgh');
    expect(shortenWithEllipsis(letters, 4, 'middle')).toBe('ab…gh');
    expect(shortenWithEllipsis(letters, 3, 'middle')).toBe('ab…h');
    expect(shortenWithEllipsis(letters, 0, 'end')).toBe('…');
  });
});

describe('clipWindows', () => {
  it('keeps a line that fits whole', () => {
    expect(clipWindows(80, 100, 'end')).toEqual([{ sourceLeft: 0, targetLeft: 0, width: 80 }]);
  });

  it('keeps the start when clipping the end, and the end when clipping the start', () => {
    expect(clipWindows(100, 60, 'end')).toEqual([{ sourceLeft: 0, targetLeft: 0, width: 60 }]);
    expect(clipWindows(100, 60, 'start')).toEqual([{ sourceLeft: 40, targetLeft: 0, width: 60 }]);
  });

  it('joins both ends when clipping the middle', () => {
    expect(clipWindows(100, 61, 'middle')).toEqual([
      { sourceLeft: 0, targetLeft: 0, width: 31 },
      { sourceLeft: 70, targetLeft: 31, width: 30 },
    ]);
  });

  it('keeps nothing when there is no room', () => {
    expect(clipWindows(100, 0, 'end')).toEqual([]);
  });
});

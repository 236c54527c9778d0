import { describe, expect, it } from 'vitest';
import { COLOUR_NAMES, hexToLab, nearestColourName } from './colour-names.ts';

describe('nearestColourName', () => {
  it('names plain colours and their dark and light ends', () => {
    expect(nearestColourName('#000080')).toBe('blue');
    expect(nearestColourName('#add8e6')).toBe('blue');
    expect(nearestColourName('#7b4a1e')).toBe('brown');
    expect(nearestColourName('#e8d9b5')).toBe('beige');
    expect(nearestColourName('#2e7d32')).toBe('green');
    expect(nearestColourName('#fafafa')).toBe('white');
    expect(nearestColourName('#111111')).toBe('black');
    expect(nearestColourName('#9e9e9e')).toBe('gray');
    expect(nearestColourName('#d32f2f')).toBe('red');
    expect(nearestColourName('#f48fb1')).toBe('pink');
    expect(nearestColourName('#6a1b9a')).toBe('purple');
    expect(nearestColourName('#fdd835')).toBe('yellow');
    expect(nearestColourName('#fb8c00')).toBe('orange');
  });

  it('accepts hex without the hash and refuses what is not a colour', () => {
    expect(nearestColourName('ff0000')).toBe('red');
    expect(nearestColourName('#fff')).toBeNull();
    expect(nearestColourName('blue')).toBeNull();
  });

  it('converts sRGB to CIELAB with the D65 white point', () => {
    const [l, a, b] = hexToLab('#ffffff') ?? [];
    expect(l).toBeCloseTo(100, 1);
    expect(a).toBeCloseTo(0, 1);
    expect(b).toBeCloseTo(0, 1);
    const red = hexToLab('#ff0000') ?? [];
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 0);
  });

  it('has a dozen names', () => {
    expect(COLOUR_NAMES).toHaveLength(12);
  });
});

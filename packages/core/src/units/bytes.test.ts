import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('counts in base-1000 units with a decimal only for small numbers', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(999)).toBe('999 Bytes');
    expect(formatBytes(1000)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250_000)).toBe('250 KB');
    expect(formatBytes(999_999)).toBe('1 MB');
    expect(formatBytes(50_000_000)).toBe('50 MB');
    expect(formatBytes(3.2e12)).toBe('3.2 TB');
  });
});

import { describe, expect, it } from 'vitest';
import { parseListParam, toggleListValue, withListParam } from './switch-group.utils.ts';

describe('parseListParam', () => {
  it('splits on commas and drops blanks', () => {
    expect(parseListParam('format,compress')).toEqual(['format', 'compress']);
    expect(parseListParam('format,,compress,')).toEqual(['format', 'compress']);
    expect(parseListParam(' format , compress ')).toEqual(['format', 'compress']);
  });

  it('reads a missing or empty parameter as an empty list', () => {
    expect(parseListParam(null)).toEqual([]);
    expect(parseListParam('')).toEqual([]);
  });
});

describe('toggleListValue', () => {
  it('appends a checked value at the end', () => {
    expect(toggleListValue(['format'], 'compress', true)).toEqual(['format', 'compress']);
  });

  it('does not append a value twice', () => {
    expect(toggleListValue(['format'], 'format', true)).toEqual(['format']);
  });

  it('removes an unchecked value', () => {
    expect(toggleListValue(['format', 'compress'], 'format', false)).toEqual(['compress']);
  });
});

describe('withListParam', () => {
  it('writes the list comma-separated and keeps other parameters', () => {
    const next = withListParam(new URLSearchParams('w=100'), 'auto', ['format', 'compress']);
    expect(next.get('auto')).toBe('format,compress');
    expect(next.get('w')).toBe('100');
  });

  it('deletes the parameter for an empty list', () => {
    const next = withListParam(new URLSearchParams('w=100&auto=format'), 'auto', []);
    expect(next.has('auto')).toBe(false);
    expect(next.toString()).toBe('w=100');
  });
});

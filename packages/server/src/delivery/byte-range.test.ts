import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('byteRange', () => {
  const etag = '"abc"';
  it('serves one range, open-ended ranges and suffixes, clamped to the body', () => {
    expect(byteRange('bytes=0-99', undefined, etag, 1000)).toEqual({
      kind: 'part',
      start: 0,
      end: 99,
    });
    expect(byteRange('bytes=900-', undefined, etag, 1000)).toEqual({
      kind: 'part',
      start: 900,
      end: 999,
    });
    expect(byteRange('bytes=-100', undefined, etag, 1000)).toEqual({
      kind: 'part',
      start: 900,
      end: 999,
    });
    expect(byteRange('bytes=-5000', undefined, etag, 1000)).toEqual({
      kind: 'part',
      start: 0,
      end: 999,
    });
    expect(byteRange('bytes=990-5000', undefined, etag, 1000)).toEqual({
      kind: 'part',
      start: 990,
      end: 999,
    });
  });

  it('answers whole for no range, several ranges, other units and a stale If-Range', () => {
    expect(byteRange(undefined, undefined, etag, 1000)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-1,5-6', undefined, etag, 1000)).toEqual({ kind: 'whole' });
    expect(byteRange('items=0-1', undefined, etag, 1000)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=9-3', undefined, etag, 1000)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-9', '"old"', etag, 1000)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-9', etag, etag, 1000)).toEqual({ kind: 'part', start: 0, end: 9 });
  });

  it('is unsatisfiable past the end', () => {
    expect(byteRange('bytes=1000-', undefined, etag, 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-0', undefined, etag, 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});

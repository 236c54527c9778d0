import { describe, expect, it } from 'vitest';
import { parseParams } from './parse.ts';
import type { Params } from './types.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function parsed(query: string): Params {
  const result = parseParams(new URLSearchParams(query));
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('; '));
  return result.params;
}

const cropKey = (crop: string) => parsed(`fit=crop&crop=${crop}`).cacheKey();

describe('the cache key of crop, a fallback chain', () => {
  it('keeps the order of the detecting and placing modes, which decides the render', () => {
    expect(cropKey('entropy,faces')).not.toBe(cropKey('faces,entropy'));
    expect(cropKey('bicycle,faces')).not.toBe(cropKey('faces,bicycle'));
    expect(cropKey('dog,cat')).not.toBe(cropKey('cat,dog'));
    expect(cropKey('faces,auto')).toBe('crop=faces%2Cauto&fit=crop');
  });

  it('sorts the directions, which combine with each other wherever they are written', () => {
    expect(cropKey('top,left')).toBe(cropKey('left,top'));
    expect(cropKey('faces,top,left')).toBe(cropKey('left,faces,top'));
    expect(cropKey('top,faces')).toBe('crop=faces%2Ctop&fit=crop');
    expect(cropKey('right,bicycle,bottom,entropy')).toBe(
      'crop=bicycle%2Centropy%2Cbottom%2Cright&fit=crop',
    );
  });

  it('drops repeated modes, whose second try cannot change the render', () => {
    expect(cropKey('faces,top,faces,top')).toBe(cropKey('faces,top'));
    expect(cropKey('Faces,CAT')).toBe(cropKey('faces,cat'));
  });

  it('still sorts the lists that are sets of options', () => {
    expect(parsed('auto=format,compress').cacheKey()).toBe(
      parsed('auto=compress,format').cacheKey(),
    );
  });
});

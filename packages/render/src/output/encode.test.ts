import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { avifEffort } from './encode.ts';

describe('AVIF effort', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is libaom effort 3 up to 4 megapixels and the fastest past them', () => {
    expect(avifEffort(512 * 512)).toBe(3);
    expect(avifEffort(2000 * 2000)).toBe(3);
    expect(avifEffort(2001 * 2000)).toBe(0);
    expect(avifEffort(8192 * 8192)).toBe(0);
  });

  it('reaches the encoder from the size of the output, not the origin', async () => {
    const avif = vi.spyOn(sharp.prototype, 'avif');
    const input = await quadrants(64, 48);
    const small = await renderQuery(input, 'fm=avif&w=300');
    expect(avif).toHaveBeenLastCalledWith(expect.objectContaining({ effort: 3 }));
    expect(small.contentType).toBe('image/avif');
    const large = await renderQuery(input, 'fm=avif&w=2400');
    expect(avif).toHaveBeenLastCalledWith(expect.objectContaining({ effort: 0 }));
    expect(await sharp(large.body).metadata()).toMatchObject({ width: 2400, height: 1800 });
  });
});

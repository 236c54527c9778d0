import { describe, expect, it } from 'vitest';
import { acceptedFormats, acceptKey } from './accept.ts';

describe('acceptedFormats', () => {
  it('reads explicit AVIF and WebP ranges', () => {
    expect(acceptedFormats('image/avif,image/webp,*/*;q=0.8')).toEqual({ avif: true, webp: true });
    expect(acceptedFormats('image/webp,*/*')).toEqual({ avif: false, webp: true });
  });

  it('honours q=0 as a refusal and ignores case and spaces', () => {
    expect(acceptedFormats('Image/AVIF ; q=0 , image/webp;q=0.5')).toEqual({
      avif: false,
      webp: true,
    });
  });

  it('does not count wildcards or a missing header', () => {
    expect(acceptedFormats('image/*,*/*')).toEqual({ avif: false, webp: false });
    expect(acceptedFormats(null)).toEqual({ avif: false, webp: false });
  });
});

describe('acceptKey', () => {
  it('is the same for headers that negotiate alike and differs otherwise', () => {
    expect(acceptKey('image/webp,image/avif,*/*')).toBe(acceptKey('image/avif,image/webp'));
    expect(acceptKey('image/webp')).toBe('webp');
    expect(acceptKey('text/html,*/*')).toBe('none');
  });
});

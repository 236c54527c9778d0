import { describe, expect, it } from 'vitest';
import type { OriginProperties } from '../editor-types.ts';
import {
  backgroundRemovalWithinLimits,
  backgroundReplaceBlockedByCrop,
  backgroundReplaceStaysOpen,
  imageToVideoPath,
  promptError,
  sizeForBackgroundRemoval,
  sizeForSuperResolution,
  stillUrlOf,
  superResolutionLimit,
  withBackgroundRemoval,
  withBackgroundReplacement,
  withParam,
  withSharpen,
  withSuperResolution,
} from './modification-tools.utils.ts';

const size = (originWidth: number, originHeight: number, originFileSize = 500_000) => ({
  originWidth,
  originHeight,
  originFileSize,
});

describe('promptError', () => {
  it('requires a prompt that is not only spaces', () => {
    expect(promptError('   ', undefined)).toBe('Prompt is required');
  });

  it('accepts 1024 characters and refuses 1025', () => {
    expect(promptError('a'.repeat(1024), undefined)).toBeNull();
    expect(promptError('a'.repeat(1025), undefined)).toMatch(/at most 1024/);
  });

  it('refuses the prompt already applied', () => {
    expect(promptError(' a beach ', 'a beach')).toBe('Prompt must be changed');
    expect(promptError('a forest', 'a beach')).toBeNull();
  });
});

describe('premium limits (editor spec section 9)', () => {
  it('allows background removal up to 12 MB and 50 megapixels', () => {
    expect(backgroundRemovalWithinLimits(size(5000, 10_000, 12_000_000))).toBe(true);
    expect(backgroundRemovalWithinLimits(size(5000, 10_000, 12_000_001))).toBe(false);
    expect(backgroundRemovalWithinLimits(size(5001, 10_000))).toBe(false);
  });

  it('puts super resolution over its soft limit above 0.25 and its hard one above 1 megapixel', () => {
    expect(superResolutionLimit(size(500, 500))).toBe('within');
    expect(superResolutionLimit(size(501, 500))).toBe('soft');
    expect(superResolutionLimit(size(1000, 1000))).toBe('soft');
    expect(superResolutionLimit(size(1001, 1000))).toBe('hard');
  });

  it('blocks background replace with a crop only above 9 megapixels', () => {
    expect(backgroundReplaceBlockedByCrop({ rect: '0,0,10,10' }, size(3000, 3000))).toBe(false);
    expect(backgroundReplaceBlockedByCrop({ rect: '0,0,10,10' }, size(3001, 3000))).toBe(true);
    expect(backgroundReplaceBlockedByCrop({}, size(6000, 6000))).toBe(false);
  });
});

describe('parameter changes', () => {
  it('sets and deletes one parameter without touching the others', () => {
    expect(withParam({ w: '10' }, 'h', '20')).toEqual({ w: '10', h: '20' });
    expect(withParam({ w: '10', h: '20' }, 'h', undefined)).toEqual({ w: '10' });
  });

  it('makes background removal and replacement exclusive', () => {
    expect(withBackgroundRemoval({ 'bg-replace': 'a beach', w: '5' }, true)).toEqual({
      'bg-remove': 'true',
      w: '5',
    });
    expect(withBackgroundReplacement({ 'bg-remove': 'true' }, 'a beach')).toEqual({
      'bg-replace': 'a beach',
    });
    expect(withBackgroundRemoval({ 'bg-remove': 'true' }, false)).toEqual({});
    expect(withBackgroundReplacement({ 'bg-replace': 'x', w: '5' }, undefined)).toEqual({ w: '5' });
  });

  it('sets upscale and sharp', () => {
    expect(withSuperResolution({}, true)).toEqual({ upscale: 'true' });
    expect(withSuperResolution({ upscale: 'true' }, false)).toEqual({});
    expect(withSharpen({}, 35)).toEqual({ sharp: '35' });
    expect(withSharpen({ sharp: '35' }, undefined)).toEqual({});
  });
});

describe('backgroundReplaceStaysOpen', () => {
  it('closes an opened switch without a prompt when bg-remove or upscale gets set', () => {
    expect(backgroundReplaceStaysOpen({}, { 'bg-remove': 'true' })).toBe(false);
    expect(backgroundReplaceStaysOpen({}, { upscale: 'true' })).toBe(false);
  });

  it('keeps it open for other changes, or once a prompt is set', () => {
    expect(backgroundReplaceStaysOpen({ upscale: 'true' }, { upscale: 'true', w: '4' })).toBe(true);
    expect(backgroundReplaceStaysOpen({}, { 'bg-replace': 'sky', upscale: 'true' })).toBe(true);
  });
});

describe('image to video link', () => {
  it('keeps the edits in the still but leaves the download flag and format out', () => {
    expect(
      stillUrlOf('http://demo.localhost:8080/a%20b.jpg', { w: '400', dl: 'a.jpg', fm: 'png' }),
    ).toBe('http://demo.localhost:8080/a%20b.jpg?w=400');
  });

  it('points at the source page with the still as sourceImage', () => {
    const path = imageToVideoPath('s1', 'http://demo.localhost:8080/a.jpg?w=400&h=300');
    expect(path.startsWith('/assets/s1/image-to-video?sourceImage=')).toBe(true);
    expect(new URLSearchParams(path.split('?')[1]).get('sourceImage')).toBe(
      'http://demo.localhost:8080/a.jpg?w=400&h=300',
    );
  });
});

describe('output sizes the AI tools optimise', () => {
  const origin: OriginProperties = {
    originWidth: 800,
    originHeight: 600,
    originFileSize: 200_000,
    originImgType: 'jpeg',
    originUrl: 'http://photos.localhost:8080/cat.jpg',
    originAspectRatio: 800 / 600,
  };

  it('grows an output no larger than the original to twice its scale for super resolution', () => {
    expect(sizeForSuperResolution({}, origin)).toEqual({ width: 1600, height: 1200 });
    // Cropped to 16:9 at half scale: twice the original's scale is four times the output.
    expect(sizeForSuperResolution({ w: '400', h: '225', fit: 'crop' }, origin)).toEqual({
      width: 1600,
      height: 900,
    });
    // A crop frame is the part of the original shown: 200 x 100 shown 1:1 becomes 400 x 200.
    expect(sizeForSuperResolution({ rect: '0,0,200,100', w: '200', h: '100' }, origin)).toEqual({
      width: 400,
      height: 200,
    });
    // A frame without a size is output at the frame's own size.
    expect(sizeForSuperResolution({ rect: '60,40,480,320', ar: '3:2' }, origin)).toEqual({
      width: 960,
      height: 640,
    });
    expect(sizeForSuperResolution({ w: '2000' }, origin)).toBeNull();
  });

  it('stays within the renderer largest side', () => {
    const wide = { ...origin, originWidth: 5000, originHeight: 200, originAspectRatio: 25 };
    expect(sizeForSuperResolution({}, wide)).toEqual({ width: 8192, height: 328 });
  });

  it('brings an enlarged output back to the original resolution for background removal', () => {
    expect(sizeForBackgroundRemoval({ w: '1600' }, origin)).toEqual({ width: 800, height: 600 });
    expect(sizeForBackgroundRemoval({ w: '400' }, origin)).toBeNull();
    expect(sizeForBackgroundRemoval({}, origin)).toBeNull();
  });
});

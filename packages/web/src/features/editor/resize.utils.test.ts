import { describe, expect, it } from 'vitest';
import { landscapeOrigin, squareOrigin } from './editor.test-fixtures.ts';
import {
  CUSTOM_RATIO,
  ORIGINAL_RATIO,
  RATIO_CHOICES,
  changeLock,
  changeSide,
  chooseRatio,
  clampSide,
  currentSize,
  enlargementOf,
  keepOriginalSize,
  parseRatio,
  ratioSettingOf,
  ratioText,
  sizeForRatio,
  sizeWithRatio,
  withDefaultFit,
} from './resize.utils.ts';

const locked = { choice: ORIGINAL_RATIO, locked: true };
const unlocked = { choice: CUSTOM_RATIO, locked: false };

describe('resize arithmetic', () => {
  it('offers the presets in the order of the spec, between Original Ratio and Custom', () => {
    expect(RATIO_CHOICES).toEqual([
      'Original Ratio',
      '1:1',
      '3:2',
      '4:3',
      '5:3',
      '5:4',
      '16:9',
      '2:3',
      '3:4',
      '3:5',
      '4:5',
      '9:16',
      'Custom',
    ]);
  });

  it('keeps sides whole and between 1 and 9999', () => {
    expect(clampSide(0)).toBe(1);
    expect(clampSide(-5)).toBe(1);
    expect(clampSide(12.5)).toBe(13);
    expect(clampSide(10000)).toBe(9999);
  });

  it('reads w:h ratios and refuses anything else', () => {
    expect(parseRatio('16:9')).toEqual({ width: 16, height: 9 });
    expect(parseRatio(' 1.5 : 1 ')).toEqual({ width: 1.5, height: 1 });
    expect(parseRatio('16x9')).toBeNull();
    expect(parseRatio('0:9')).toBeNull();
    expect(parseRatio('')).toBeNull();
    expect(parseRatio(undefined)).toBeNull();
  });

  it('writes a size as its ratio in lowest terms', () => {
    expect(ratioText({ width: 1600, height: 900 })).toBe('16:9');
    expect(ratioText({ width: 7, height: 3 })).toBe('7:3');
  });

  it('reads the size from w and h, a missing side from the origin ratio, else the origin', () => {
    expect(currentSize({}, landscapeOrigin)).toEqual({ width: 1411, height: 940 });
    expect(currentSize({ w: '700', h: '100' }, landscapeOrigin)).toEqual({
      width: 700,
      height: 100,
    });
    expect(currentSize({ w: '1411' }, landscapeOrigin)).toEqual({ width: 1411, height: 940 });
    expect(currentSize({ h: '470' }, landscapeOrigin)).toEqual({ width: 706, height: 470 });
    // An applied crop frame is the output without a size, and gives a lone side its ratio.
    expect(currentSize({ rect: '0,0,600,300' }, landscapeOrigin)).toEqual({
      width: 600,
      height: 300,
    });
    expect(currentSize({ rect: '0,0,600,300', w: '300' }, landscapeOrigin)).toEqual({
      width: 300,
      height: 150,
    });
  });

  it('recomputes the other side, rounded, and caps a computed side at 9999', () => {
    expect(sizeWithRatio('width', 800, 16 / 9)).toEqual({ width: 800, height: 450 });
    expect(sizeWithRatio('height', 450, 16 / 9)).toEqual({ width: 800, height: 450 });
    expect(sizeWithRatio('width', 100, 3)).toEqual({ width: 100, height: 33 });
    // 9000 wide at 9:16 would be 16000 high: height is capped and the width follows.
    expect(sizeWithRatio('width', 9000, 9 / 16)).toEqual({ width: 5624, height: 9999 });
    expect(sizeWithRatio('height', 9000, 16 / 9)).toEqual({ width: 9999, height: 5624 });
  });

  it('changes the other side with the lock on, and asks for fit=crop without fit or rect', () => {
    expect(changeSide({}, landscapeOrigin, locked, 'width', 800)).toEqual({
      w: '800',
      h: '533',
      fit: 'crop',
    });
    expect(
      changeSide(
        { w: '800', h: '450', ar: '16:9' },
        landscapeOrigin,
        { choice: '16:9', locked: true },
        'height',
        900,
      ),
    ).toEqual({
      w: '1600',
      h: '900',
      ar: '16:9',
      fit: 'crop',
    });
  });

  it('keeps an existing fit or rect as it is', () => {
    expect(changeSide({ fit: 'fill' }, landscapeOrigin, locked, 'width', 800).fit).toBe('fill');
    expect(
      changeSide({ rect: '0,0,10,10' }, landscapeOrigin, locked, 'width', 800).fit,
    ).toBeUndefined();
    expect(withDefaultFit({ fit: 'fill' })).toEqual({ fit: 'fill' });
    expect(withDefaultFit({})).toEqual({ fit: 'crop' });
  });

  it('changes one side alone with the lock off and drops a ratio the sides no longer have', () => {
    expect(
      changeSide({ w: '800', h: '450', ar: '16:9' }, landscapeOrigin, unlocked, 'width', 300),
    ).toEqual({
      w: '300',
      h: '450',
      fit: 'crop',
    });
  });

  it('keeps the width for a new ratio, but makes a square of the shorter side', () => {
    expect(sizeForRatio({ width: 800, height: 533 }, 16 / 9)).toEqual({ width: 800, height: 450 });
    expect(sizeForRatio({ width: 800, height: 533 }, 1)).toEqual({ width: 533, height: 533 });
    expect(sizeForRatio({ width: 300, height: 600 }, 1)).toEqual({ width: 300, height: 300 });
    expect(sizeForRatio({ width: 500, height: 500 }, 1)).toEqual({ width: 500, height: 500 });
  });

  it('sets ar for a preset and locks, and takes ar off for the original ratio', () => {
    const sixteenNine = chooseRatio({ w: '800', h: '533' }, landscapeOrigin, '16:9');
    expect(sixteenNine.params).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'crop' });
    expect(sixteenNine.setting).toEqual({ choice: '16:9', locked: true });
    const original = chooseRatio(sixteenNine.params, landscapeOrigin, ORIGINAL_RATIO);
    expect(original.params).toEqual({ w: '800', h: '533', fit: 'crop' });
    expect(original.setting).toEqual({ choice: ORIGINAL_RATIO, locked: true });
  });

  it('unlocks for Custom and applies a typed w:h ratio', () => {
    expect(chooseRatio({ w: '800' }, landscapeOrigin, CUSTOM_RATIO)).toEqual({
      params: { w: '800' },
      setting: { choice: CUSTOM_RATIO, locked: false },
    });
    expect(
      chooseRatio({ w: '800', h: '533' }, landscapeOrigin, CUSTOM_RATIO, '2:1').params,
    ).toEqual({
      w: '800',
      h: '400',
      ar: '2:1',
      fit: 'crop',
    });
    expect(chooseRatio({ w: '800' }, landscapeOrigin, CUSTOM_RATIO, 'wide').params).toEqual({
      w: '800',
    });
  });

  it('makes a square image square again with 1:1 without changing its size', () => {
    expect(chooseRatio({}, squareOrigin, '1:1').params).toEqual({
      w: '800',
      h: '800',
      ar: '1:1',
      fit: 'crop',
    });
  });

  it('switches to Custom when the lock is unchecked and keeps the choice when checked', () => {
    expect(changeLock({ choice: '16:9', locked: true }, false)).toEqual(unlocked);
    expect(changeLock({ choice: '16:9', locked: false }, true)).toEqual({
      choice: '16:9',
      locked: true,
    });
  });

  it('reads the ratio setting back from an address', () => {
    expect(ratioSettingOf({})).toEqual(locked);
    expect(ratioSettingOf({ ar: '4:5' })).toEqual({ choice: '4:5', locked: true });
    expect(ratioSettingOf({ ar: '7:3' })).toEqual(unlocked);
  });
});

describe('enlargement', () => {
  const small = {
    originWidth: 640,
    originHeight: 427,
    originFileSize: 1,
    originImgType: 'jpeg',
    originUrl: 'http://x.test/a.jpg',
    originAspectRatio: 640 / 427,
  };

  it('is said when the output is wider than the source, and undone by keeping its size', () => {
    expect(enlargementOf({ w: '1234' }, small)).toEqual({
      output: { width: 1234, height: 823 },
      base: { width: 640, height: 427 },
      baseName: 'original',
    });
    expect(keepOriginalSize({ w: '1234', blur: '20' }, small)).toEqual({ w: '640', blur: '20' });
    expect(enlargementOf({ w: '640' }, small)).toBeNull();
    expect(enlargementOf({ w: '1234', fit: 'max' }, small)).toBeNull();
  });

  it('measures against the crop frame when one is applied', () => {
    const cropped = { rect: '0,0,314,333', w: '512', h: '543' };
    expect(enlargementOf(cropped, small)?.baseName).toBe('crop');
    expect(keepOriginalSize(cropped, small)).toEqual({ rect: '0,0,314,333', w: '314', h: '333' });
  });
});

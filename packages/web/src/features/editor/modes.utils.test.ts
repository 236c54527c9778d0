import { describe, expect, it } from 'vitest';
import { landscapeOrigin } from './editor.test-fixtures.ts';
import {
  activeTransform,
  applyCrop,
  applyFill,
  canApply,
  canExport,
  cancelMode,
  chooseRatioInMode,
  enterCrop,
  enterFill,
  modePillLabel,
  resetSession,
  trashTransform,
  type EditorSession,
} from './modes.utils.ts';

const resized: EditorSession = {
  params: { w: '800', h: '450', ar: '16:9', fit: 'crop', fm: 'png' },
  mode: 'default',
  ratio: { choice: '16:9', locked: true },
  previous: null,
};

const original: EditorSession = {
  params: { w: '800', h: '533', fit: 'crop' },
  mode: 'default',
  ratio: { choice: 'Original Ratio', locked: true },
  previous: null,
};

describe('editing modes', () => {
  it('labels the default mode as resize and exports only in the default mode', () => {
    expect(modePillLabel('default')).toBe('resize');
    expect(modePillLabel('crop')).toBe('crop');
    expect(modePillLabel('fill')).toBe('fill');
    // On the default panel the applied transform names the mode.
    expect(modePillLabel('default', { w: '300', rect: '0,0,300,200' })).toBe('crop');
    expect(modePillLabel('default', { fit: 'fill', fill: 'blur' })).toBe('fill');
    expect(modePillLabel('default', { w: '300', fit: 'crop' })).toBe('resize');
    expect(canExport('default')).toBe(true);
    expect(canExport('crop')).toBe(false);
    expect(canExport('fill')).toBe(false);
    expect(canExport('resize')).toBe(false);
  });

  it('enters crop, turning off the fill parameters and the prompt, and remembers what was there', () => {
    const filled: EditorSession = {
      ...resized,
      params: {
        ...resized.params,
        fit: 'fill',
        fill: 'gen',
        'fill-gen-prompt': 'sea',
        'fill-gen-seed': '7',
      },
    };
    const crop = enterCrop(filled);
    expect(crop.mode).toBe('crop');
    expect(crop.params).toEqual({ w: '800', h: '450', ar: '16:9', fit: 'fill', fm: 'png' });
    expect(crop.previous).toEqual({ params: filled.params, ratio: filled.ratio });
  });

  it('makes the original ratio a free Custom frame in crop', () => {
    expect(enterCrop(original).ratio).toEqual({ choice: 'Custom', locked: false });
    expect(enterCrop(resized).ratio).toEqual({ choice: '16:9', locked: true });
  });

  it('enters fill with fit=fill and a blur fill, without a crop frame', () => {
    const fill = enterFill(
      { ...resized, params: { ...resized.params, rect: '1,2,3,4' } },
      landscapeOrigin,
    );
    expect(fill.mode).toBe('fill');
    expect(fill.params).toEqual({
      w: '800',
      h: '450',
      ar: '16:9',
      fit: 'fill',
      fill: 'blur',
      fm: 'png',
    });
  });

  it('makes the original ratio 1:1 in fill', () => {
    const fill = enterFill(original, landscapeOrigin);
    expect(fill.ratio).toEqual({ choice: '1:1', locked: true });
    expect(fill.params).toEqual({ w: '533', h: '533', ar: '1:1', fit: 'fill', fill: 'blur' });
  });

  it('toggles from crop into fill with the width, height and ratio from before crop', () => {
    const crop = chooseRatioInMode(enterCrop(resized), landscapeOrigin, '1:1');
    expect(crop.params.ar).toBe('1:1');
    const fill = enterFill(crop, landscapeOrigin);
    expect(fill.params).toEqual({
      w: '800',
      h: '450',
      ar: '16:9',
      fit: 'fill',
      fill: 'blur',
      fm: 'png',
    });
    expect(fill.ratio).toEqual({ choice: '16:9', locked: true });
    // Cancel still goes back to before crop.
    expect(cancelMode(fill).params).toEqual(resized.params);
  });

  it('applies a crop frame as rect and ar, removes fit and returns to the default mode', () => {
    const applied = applyCrop(
      enterCrop(resized),
      { left: 100, top: 50, width: 1120, height: 630 },
      landscapeOrigin,
    );
    expect(applied).toEqual({
      params: { w: '800', h: '450', ar: '16:9', rect: '100,50,1120,630', fm: 'png' },
      mode: 'default',
      ratio: { choice: '16:9', locked: true },
      previous: null,
    });
  });

  it('follows the frame shape with the height when the frame has another ratio', () => {
    const applied = applyCrop(
      enterCrop(original),
      { left: 0, top: 0, width: 600, height: 600 },
      landscapeOrigin,
    );
    expect(applied.params).toMatchObject({ w: '800', h: '800', ar: '1:1', rect: '0,0,600,600' });
  });

  it('offers Apply only once the parameters differ from those before the mode', () => {
    const crop = enterCrop(resized);
    expect(canApply(crop)).toBe(false);
    expect(canApply({ ...crop, params: { ...crop.params, rect: '0,0,5,5' } })).toBe(true);
    expect(canApply(resized)).toBe(false);
    expect(canApply(enterFill(resized, landscapeOrigin))).toBe(true);
  });

  it('cancels back to the previous parameters and ratio', () => {
    const crop = chooseRatioInMode(enterCrop(original), landscapeOrigin, '4:3');
    expect(cancelMode(crop)).toEqual(original);
  });

  it('keeps what fill made when fill is applied', () => {
    const fill = enterFill(resized, landscapeOrigin);
    expect(applyFill(fill)).toEqual({ ...fill, mode: 'default', previous: null });
  });

  it('reads which transform the parameters hold', () => {
    expect(activeTransform({ fit: 'fill', fill: 'blur' })).toBe('fill');
    expect(activeTransform({ rect: '0,0,1,1' })).toBe('crop');
    expect(activeTransform({ fit: 'crop' })).toBeNull();
  });

  it('trashes the transform: rect, fill, prompt and seed go, fit is crop, and says so', () => {
    const trashed = trashTransform({
      ...resized,
      params: {
        ...resized.params,
        fit: 'fill',
        fill: 'gen',
        'fill-gen-prompt': 'sea',
        'fill-gen-seed': '9',
      },
    });
    expect(trashed.session.params).toEqual({
      w: '800',
      h: '450',
      ar: '16:9',
      fit: 'crop',
      fm: 'png',
    });
    expect(trashed.session.mode).toBe('default');
    expect(trashed.message).toBe('Resize mode entered. Fill mode switched off.');
    const cropTrashed = trashTransform({ ...resized, params: { rect: '1,1,5,5', ar: '1:1' } });
    expect(cropTrashed.session.params).toEqual({ ar: '1:1', fit: 'crop' });
    expect(cropTrashed.message).toBe('Resize mode entered. Crop mode switched off.');
  });

  it('resets by clearing every parameter, with the ratio lock on', () => {
    expect(resetSession()).toEqual({
      params: {},
      mode: 'default',
      ratio: { choice: 'Original Ratio', locked: true },
      previous: null,
    });
  });

  it('reads the original ratio as 1:1 in fill and as a free Custom frame in crop', () => {
    const fill = chooseRatioInMode(
      enterFill(resized, landscapeOrigin),
      landscapeOrigin,
      'Original Ratio',
    );
    expect(fill.ratio).toEqual({ choice: '1:1', locked: true });
    expect(fill.params.ar).toBe('1:1');
    const crop = chooseRatioInMode(enterCrop(resized), landscapeOrigin, 'Original Ratio');
    expect(crop.ratio).toEqual({ choice: 'Custom', locked: false });
    const plain = chooseRatioInMode(resized, landscapeOrigin, 'Original Ratio');
    expect(plain.ratio).toEqual({ choice: 'Original Ratio', locked: true });
  });
});

import { describe, expect, it } from 'vitest';
import { NO_BOUNDS, planResize, type Dimension, type SizeRequest } from './fit.ts';

const px = (value: number): Dimension => ({ unit: 'pixels', value });
const fraction = (value: number): Dimension => ({ unit: 'fraction', value });

function request(overrides: Partial<SizeRequest>): SizeRequest {
  return {
    source: { width: 300, height: 200 },
    fit: 'clip',
    width: null,
    height: null,
    dpr: 1,
    aspectRatio: null,
    bounds: NO_BOUNDS,
    zoom: 1,
    maxOutputSide: 8192,
    ...overrides,
  };
}

describe('planResize', () => {
  it('leaves the image alone when no size is asked for', () => {
    const plan = planResize(request({ fit: 'crop' }));
    expect(plan).toEqual({
      scaled: { width: 300, height: 200 },
      cropTo: null,
      canvas: null,
      output: { width: 300, height: 200 },
    });
  });

  it('fits 300x200 into w=100&h=100 as 100x67 with fit=clip (the imgix doc example)', () => {
    expect(planResize(request({ width: px(100), height: px(100) })).output).toEqual({
      width: 100,
      height: 67,
    });
  });

  it('keeps the aspect ratio when only one side is given', () => {
    expect(planResize(request({ height: px(50) })).output).toEqual({ width: 75, height: 50 });
  });

  it('reads 0-1 values as fractions of the current image', () => {
    expect(planResize(request({ width: fraction(0.5) })).output).toEqual({
      width: 150,
      height: 100,
    });
  });

  it('enlarges with fit=clip but never with fit=max', () => {
    expect(planResize(request({ width: px(600) })).output).toEqual({ width: 600, height: 400 });
    expect(planResize(request({ fit: 'max', width: px(600) })).output).toEqual({
      width: 300,
      height: 200,
    });
    expect(planResize(request({ fit: 'max', width: px(150) })).output).toEqual({
      width: 150,
      height: 100,
    });
  });

  it('multiplies w and h by dpr, and ignores dpr without them', () => {
    expect(planResize(request({ width: px(100), dpr: 2 })).output).toEqual({
      width: 200,
      height: 133,
    });
    expect(planResize(request({ dpr: 2 })).output).toEqual({ width: 300, height: 200 });
  });

  it('stretches to both sides with fit=scale', () => {
    expect(planResize(request({ fit: 'scale', width: px(100), height: px(100) })).output).toEqual({
      width: 100,
      height: 100,
    });
  });

  it('crops 400x300 from 1000x500 through a 667x500 window of the source', () => {
    const plan = planResize(
      request({
        source: { width: 1000, height: 500 },
        fit: 'crop',
        width: px(400),
        height: px(300),
      }),
    );
    expect(plan.scaled).toEqual({ width: 600, height: 300 });
    expect(plan.cropTo).toEqual({ width: 400, height: 300 });
    expect(plan.output).toEqual({ width: 400, height: 300 });
    const sourceWindow = (400 * 1000) / plan.scaled.width;
    expect(Math.round(sourceWindow)).toBe(667);
  });

  it('scales like clip when fit=crop has one side only', () => {
    const plan = planResize(request({ fit: 'crop', width: px(150) }));
    expect(plan.cropTo).toBeNull();
    expect(plan.output).toEqual({ width: 150, height: 100 });
  });

  it('zooms a focal-point crop by scaling further before cutting the same window', () => {
    const plan = planResize(request({ fit: 'crop', width: px(100), height: px(100), zoom: 2 }));
    expect(plan.scaled).toEqual({ width: 300, height: 200 });
    expect(plan.output).toEqual({ width: 100, height: 100 });
  });

  it('crops like fit=crop with fit=min while shrinking, and keeps the box shape unenlarged', () => {
    const shrinking = planResize(request({ fit: 'min', width: px(100), height: px(100) }));
    expect(shrinking.scaled).toEqual({ width: 150, height: 100 });
    expect(shrinking.output).toEqual({ width: 100, height: 100 });
    const enlarging = planResize(request({ fit: 'min', width: px(600), height: px(300) }));
    expect(enlarging.scaled).toEqual({ width: 300, height: 200 });
    expect(enlarging.cropTo).toEqual({ width: 300, height: 150 });
  });

  it('puts the fitted image in the middle of the requested canvas with fit=fill', () => {
    const plan = planResize(request({ fit: 'fill', width: px(100), height: px(100) }));
    expect(plan.scaled).toEqual({ width: 100, height: 67 });
    expect(plan.canvas).toEqual({ width: 100, height: 100, imageLeft: 0, imageTop: 16 });
    expect(plan.output).toEqual({ width: 100, height: 100 });
  });

  it('enlarges into the canvas with fit=fill and fit=clamp but not with fit=fillmax', () => {
    for (const fit of ['fill', 'clamp'] as const) {
      expect(planResize(request({ fit, width: px(600), height: px(600) })).scaled).toEqual({
        width: 600,
        height: 400,
      });
    }
    const plan = planResize(request({ fit: 'fillmax', width: px(600), height: px(600) }));
    expect(plan.scaled).toEqual({ width: 300, height: 200 });
    expect(plan.canvas).toEqual({ width: 600, height: 600, imageLeft: 150, imageTop: 200 });
  });

  // docs.imgix.com/apis/rendering/fill/fill-max, "How the canvas is sized": each row is
  // [source, w, h, canvas without fill-max, canvas with fill-max=source].
  const FILLMAX_TABLE: readonly [
    [number, number],
    number | null,
    number | null,
    [number, number],
    [number, number],
  ][] = [
    [[300, 200], 400, 400, [400, 400], [300, 200]],
    [[300, 200], 400, 150, [400, 150], [300, 150]],
    [[300, 200], 400, null, [400, 267], [300, 200]],
    [[532, 800], 800, 800, [800, 800], [532, 800]],
    [[4200, 2800], 400, 400, [400, 400], [400, 400]],
  ];

  it.each(FILLMAX_TABLE)(
    'fit=fillmax of %j with w=%s, h=%s: canvas %j, and %j with fill-max=source',
    ([sw, sh], w, h, [cw, ch], [sourceW, sourceH]) => {
      const base = {
        source: { width: sw, height: sh },
        fit: 'fillmax' as const,
        width: w === null ? null : px(w),
        height: h === null ? null : px(h),
      };
      const plain = planResize(request(base));
      const capped = planResize(request({ ...base, fillMaxSource: true }));
      expect(plain.output).toEqual({ width: cw, height: ch });
      expect(capped.output).toEqual({ width: sourceW, height: sourceH });
      // fill-max changes only the room around the image, never the image.
      expect(capped.scaled).toEqual(plain.scaled);
      expect(plain.scaled.width).toBeLessThanOrEqual(Math.min(sw, cw));
      expect(plain.scaled.height).toBeLessThanOrEqual(Math.min(sh, ch));
    },
  );

  it('gives fit=fillmax with only h a canvas of that height at the source aspect ratio', () => {
    const plan = planResize(request({ fit: 'fillmax', height: px(400) }));
    expect(plan.scaled).toEqual({ width: 300, height: 200 });
    expect(plan.canvas).toEqual({ width: 600, height: 400, imageLeft: 150, imageTop: 100 });
  });

  it('shrinks a larger source into a one-sided fit=fillmax box with nothing to fill', () => {
    const wide = planResize(request({ fit: 'fillmax', width: px(150) }));
    expect(wide).toMatchObject({ canvas: null, output: { width: 150, height: 100 } });
    const tall = planResize(request({ fit: 'fillmax', height: px(100) }));
    expect(tall).toMatchObject({ canvas: null, output: { width: 150, height: 100 } });
  });

  it('caps the fit=fillmax canvas in output pixels, after dpr, with fill-max=source', () => {
    const plan = planResize(
      request({ fit: 'fillmax', width: px(200), height: px(200), dpr: 2, fillMaxSource: true }),
    );
    expect(plan.output).toEqual({ width: 300, height: 200 });
  });

  it('needs no canvas when the fill box has the image shape', () => {
    const plan = planResize(request({ fit: 'fill', width: px(150) }));
    expect(plan.canvas).toBeNull();
    expect(plan.output).toEqual({ width: 150, height: 100 });
  });

  describe('ar', () => {
    it('crops 900x270 to 900x100 with ar=9:1 (the imgix doc example)', () => {
      const plan = planResize(
        request({ source: { width: 900, height: 270 }, fit: 'crop', aspectRatio: 9 }),
      );
      expect(plan.output).toEqual({ width: 900, height: 100 });
      expect(plan.scaled).toEqual({ width: 900, height: 270 });
    });

    it('derives the other side from one: w=280&ar=2:1 gives 280x140', () => {
      expect(planResize(request({ fit: 'crop', width: px(280), aspectRatio: 2 })).output).toEqual({
        width: 280,
        height: 140,
      });
    });

    it('takes the largest box of the ratio inside w and h', () => {
      expect(
        planResize(request({ fit: 'crop', width: px(400), height: px(400), aspectRatio: 2 }))
          .output,
      ).toEqual({ width: 400, height: 200 });
    });

    it('frames the whole source in the ratio with fit=fill', () => {
      const plan = planResize(request({ fit: 'fill', aspectRatio: 1 }));
      expect(plan.scaled).toEqual({ width: 300, height: 200 });
      expect(plan.canvas).toEqual({ width: 300, height: 300, imageLeft: 0, imageTop: 50 });
    });

    it('is ignored by fit=clip', () => {
      expect(planResize(request({ width: px(100), aspectRatio: 1 })).output).toEqual({
        width: 100,
        height: 67,
      });
    });
  });

  describe('min and max bounds with fit=crop', () => {
    const tall = { width: 300, height: 2000 };

    it('leaves a tall image alone under max-h=1200 at w=300, and crops it at max-h=300', () => {
      const bounds = { ...NO_BOUNDS, maxHeight: 1200 };
      expect(
        planResize(request({ source: tall, fit: 'crop', width: px(300), bounds })).output,
      ).toEqual({ width: 300, height: 1200 });
      const cropped = planResize(
        request({
          source: tall,
          fit: 'crop',
          width: px(300),
          bounds: { ...NO_BOUNDS, maxHeight: 300 },
        }),
      );
      expect(cropped.output).toEqual({ width: 300, height: 300 });
      expect(cropped.scaled).toEqual({ width: 300, height: 2000 });
    });

    it('expands a wide image to min-h=300 at w=300 by covering and cropping', () => {
      const plan = planResize(
        request({
          source: { width: 600, height: 200 },
          fit: 'crop',
          width: px(300),
          bounds: { ...NO_BOUNDS, minHeight: 300 },
        }),
      );
      expect(plan.output).toEqual({ width: 300, height: 300 });
      expect(plan.scaled).toEqual({ width: 900, height: 300 });
    });

    it('does nothing with other fit modes', () => {
      expect(
        planResize(request({ width: px(100), bounds: { ...NO_BOUNDS, maxHeight: 10 } })).output,
      ).toEqual({ width: 100, height: 67 });
    });
  });

  describe('the 8192 pixel output limit', () => {
    it('scales an oversized result down whole', () => {
      expect(planResize(request({ width: px(5000), dpr: 5 })).output).toEqual({
        width: 8192,
        height: 5461,
      });
    });

    it('shrinks an untouched source that is too large', () => {
      expect(planResize(request({ source: { width: 10000, height: 5000 } })).output).toEqual({
        width: 8192,
        height: 4096,
      });
    });

    it('keeps a crop window and a fill canvas in proportion', () => {
      const crop = planResize(request({ fit: 'crop', width: px(8000), height: px(4000), dpr: 2 }));
      expect(crop.output).toEqual({ width: 8192, height: 4096 });
      const fill = planResize(request({ fit: 'fill', width: px(8000), height: px(8000), dpr: 2 }));
      expect(fill.output).toEqual({ width: 8192, height: 8192 });
      expect(fill.canvas?.imageTop).toBeGreaterThan(0);
    });

    it('puts the long side of a thin oversized result exactly on the limit', () => {
      // 9000x30 shrinks by 8192/9000 to 8192x27.3: rounding the short side to 27 before
      // planning again would make the width 8100.
      const thin = request({ source: { width: 3000, height: 10 }, width: px(9000) });
      expect(planResize(thin).output).toEqual({ width: 8192, height: 27 });
      // 2999x10 at w=9000 is 9000x30.01, already rounded once: the limit still binds the width.
      const uneven = request({ source: { width: 2999, height: 10 }, width: px(9000) });
      expect(planResize(uneven).output).toEqual({ width: 8192, height: 27 });
      const crop = request({ fit: 'crop', width: px(9000), height: px(30) });
      expect(planResize(crop).output).toEqual({ width: 8192, height: 27 });
      const tall = request({ source: { width: 10, height: 3000 }, fit: 'fill', height: px(9000) });
      expect(planResize(tall).output).toEqual({ width: 27, height: 8192 });
    });
  });
});

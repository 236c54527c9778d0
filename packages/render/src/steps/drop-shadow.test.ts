import { parseParams } from '@darkroom/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readSource } from '../output/source.ts';
import { renderBudget } from '../pipeline/budget.ts';
import { checkBudget } from '../pipeline/budget-plan.ts';
import { DEFAULT_RENDER_LIMITS, RenderError } from '../pipeline/context.ts';
import { numberedAnimation } from '../testing/animated-images.ts';
import { pixelAt, quadrants, squareOnTransparent } from '../testing/images.ts';
import { inkBox } from '../testing/ink.ts';
import { renderImage, renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { dropShadowStep } from './drop-shadow.ts';

// A cut-out: a 20 px red square (200, 30, 30) in the middle of a transparent 60 x 60 PNG, at
// columns and rows 20 to 39.
const cutOut = () => squareOnTransparent(60, 20);
const SUBJECT = { r: 200, g: 30, b: 30, alpha: 255 };
/** An opaque black shadow, so where it falls is plain to see. */
const BLACK = 'drop-shadow-color=ff000000';

type Pixel = { r: number; g: number; b: number; alpha: number };
/** Shadow pixels: the shadow colour (black), any opacity. */
const shadow = ({ r, g, b, alpha }: Pixel) => alpha > 0 && r < 40 && g < 40 && b < 40;
const subject = ({ r, g, alpha }: Pixel) => alpha > 200 && r > 150 && g < 80;

async function png(query: string, input?: Uint8Array) {
  return renderImage(input ?? (await cutOut()), `${query}&fm=png`);
}

function parsed(query: string) {
  return parseParams(new URLSearchParams(query));
}

describe('drop-shadow', () => {
  it('does nothing without drop-shadow, or with a negative or non-numeric one', async () => {
    // "A negative or non-numeric value draws no shadow ... Bad values never produce an error."
    for (const query of ['drop-shadow-x=10', 'drop-shadow=-5', 'drop-shadow=soft']) {
      const context = await stepContext(await cutOut(), query);
      const before = context.image;
      await dropShadowStep.run(context);
      expect(context.image).toBe(before);
    }
  });

  it('grows every side by 3x the blur: a 500 px wide image with drop-shadow=10 is 560 wide', async () => {
    const wide = await png('drop-shadow=10', await squareOnTransparent(500, 200));
    expect([wide.width, wide.height]).toEqual([560, 560]);
    const { width, height, body } = await png('drop-shadow=10');
    expect([width, height]).toEqual([120, 120]);
    // The picture sits in the middle, the shadow beneath it (black at BF, 75%).
    expect(await pixelAt(body, 50, 50)).toEqual(SUBJECT);
    expect(await pixelAt(body, 69, 69)).toEqual(SUBJECT);
    const beside = await pixelAt(body, 48, 60);
    expect(beside).toMatchObject({ r: 0, g: 0, b: 0 });
    expect(beside.alpha).toBeGreaterThan(60);
    expect(beside.alpha).toBeLessThan(191);
    expect((await pixelAt(body, 0, 0)).alpha).toBe(0);
  });

  it('sizes the picture with w and h and adds the shadow outside; dpr multiplies it all', async () => {
    const input = await squareOnTransparent(500, 200);
    const one = await png('w=150&drop-shadow=10', input);
    expect([one.width, one.height]).toEqual([210, 210]);
    const two = await png('w=150&dpr=2&drop-shadow=10', input);
    expect([two.width, two.height]).toEqual([420, 420]);
    // The subject (columns 45 to 104 of the 150 px picture) at dpr 2, 60 px from the edge.
    expect(await inkBox(two.body, subject)).toMatchObject({ left: 60 + 90, right: 60 + 209 });
  });

  it('moves the shadow by drop-shadow-x and -y, and grows the canvas on their side', async () => {
    const { width, height, body } = await png(
      `drop-shadow=0&drop-shadow-x=10&drop-shadow-y=5&${BLACK}`,
    );
    expect([width, height]).toEqual([70, 65]);
    // A hard shadow: the square moved 10 right and 5 down, under the picture where they meet.
    expect(await inkBox(body, shadow)).toEqual({
      left: 30,
      top: 25,
      right: 49,
      bottom: 44,
      count: 20 * 20 - 10 * 15,
    });
    const left = await png(`drop-shadow=0&drop-shadow-x=-10&drop-shadow-y=-5&${BLACK}`);
    expect([left.width, left.height]).toEqual([70, 65]);
    expect(await inkBox(left.body, subject)).toMatchObject({ left: 30, top: 25 });
    expect(await inkBox(left.body, shadow)).toMatchObject({ left: 20, top: 20 });
  });

  it('reads an offset between -1 and 1 as a fraction of the width or height', async () => {
    const { width, body } = await png(`drop-shadow=0&drop-shadow-x=0.25&${BLACK}`);
    expect(width).toBe(75);
    expect(await inkBox(body, shadow)).toMatchObject({ left: 40, right: 54 });
  });

  it('draws the shadow in drop-shadow-color, its alpha included; unparseable is the default', async () => {
    // 80 alpha first (AARRGGBB): half-transparent blue.
    const blue = await png('drop-shadow=0&drop-shadow-x=10&drop-shadow-color=800000ff');
    expect(await pixelAt(blue.body, 45, 30)).toEqual({ r: 0, g: 0, b: 255, alpha: 128 });
    const fallback = await png('drop-shadow=0&drop-shadow-x=10&drop-shadow-color=nonsense');
    expect(await pixelAt(fallback.body, 45, 30)).toEqual({ r: 0, g: 0, b: 0, alpha: 191 });
  });

  it('blurs with drop-shadow: pixels spread past the hard edge, fading out', async () => {
    const hard = await png(`drop-shadow=0&drop-shadow-x=10&${BLACK}`);
    expect((await pixelAt(hard.body, 49, 30)).alpha).toBe(255);
    expect((await pixelAt(hard.body, 50, 30)).alpha).toBe(0);
    const soft = await png(`drop-shadow=3&drop-shadow-x=10&${BLACK}`);
    // 3x the blur a side, plus or minus the offset: none on the left, 19 on the right.
    expect([soft.width, soft.height]).toEqual([60 + 19, 60 + 18]);
    const at = async (x: number) => (await pixelAt(soft.body, x, 9 + 30)).alpha;
    expect(await at(44)).toBeGreaterThan(240);
    expect(await at(49)).toBeLessThan(200);
    expect(await at(52)).toBeGreaterThan(0);
    expect(await at(52)).toBeLessThan(await at(50));
    expect(await at(58)).toBeLessThan(3);
  });

  it('grows the shadow by drop-shadow-spread before blurring it, with round corners', async () => {
    const { width, body } = await png(`drop-shadow=0&drop-shadow-spread=4&${BLACK}`);
    expect(width).toBe(68);
    // The square 20..39 grew to 16..43, here 4 px further in.
    expect(await inkBox(body, shadow)).toMatchObject({ left: 20, top: 20, right: 47, bottom: 47 });
    expect((await pixelAt(body, 20, 34)).alpha).toBe(255);
    // A disc of radius 4 does not reach the square's corner diagonally.
    expect((await pixelAt(body, 20, 20)).alpha).toBeLessThan(128);
    const shrunk = await png(`drop-shadow=0&drop-shadow-spread=-4&drop-shadow-x=12&${BLACK}`);
    expect(shrunk.width).toBe(68);
    expect(await inkBox(shrunk.body, shadow)).toMatchObject({
      left: 40,
      right: 47,
      top: 24,
      bottom: 35,
    });
  });

  it('shadows an opaque image as a box, and the whole composed image: a mask too', async () => {
    const opaque = await sharp(await quadrants(40, 30))
      .removeAlpha()
      .png()
      .toBuffer();
    const box = await png(`drop-shadow=0&drop-shadow-x=5&drop-shadow-y=5&${BLACK}`, opaque);
    expect([box.width, box.height]).toEqual([45, 35]);
    expect(await pixelAt(box.body, 44, 34)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
    expect((await pixelAt(box.body, 2, 33)).alpha).toBe(0);
    // mask=ellipse first, then the shadow of the ellipse: nothing at the box's corner.
    const round = await png(
      `mask=ellipse&drop-shadow=0&drop-shadow-x=5&drop-shadow-y=5&${BLACK}`,
      opaque,
    );
    expect((await pixelAt(round.body, 44, 34)).alpha).toBe(0);
    expect(await pixelAt(round.body, 42, 20)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
  });

  it('falls on white in a JPEG, and on bg when it is set', async () => {
    const jpeg = await renderQuery(await cutOut(), 'drop-shadow=0&drop-shadow-x=10&fm=jpg');
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpg', 70, 60]);
    const corner = await pixelAt(jpeg.body, 2, 2);
    expect(corner.r).toBeGreaterThan(245);
    const dark = await pixelAt(jpeg.body, 45, 30);
    // 75% black over white: about 64.
    expect(dark.r).toBeGreaterThan(45);
    expect(dark.r).toBeLessThan(85);
    const onBlue = await renderQuery(
      await cutOut(),
      'drop-shadow=0&drop-shadow-x=10&bg=0000ff&fm=jpg',
    );
    expect(await pixelAt(onBlue.body, 2, 2)).toMatchObject({ r: 0, g: 0 });
    const shaded = await pixelAt(onBlue.body, 45, 30);
    expect(shaded.b).toBeGreaterThan(40);
    expect(shaded.b).toBeLessThan(90);
  });

  it('gives every frame of an animation its shadow, all frames the same size', async () => {
    const context = await stepContext(
      await numberedAnimation(2, 20, 10),
      `drop-shadow=0&drop-shadow-x=3&drop-shadow-y=2&${BLACK}`,
      { animated: true },
    );
    await dropShadowStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height]).toEqual([23, 12]);
    for (const frame of [0, 1]) {
      expect(await pixelAt(output, 21, frame * 12 + 11)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
      expect((await pixelAt(output, 1, frame * 12 + 11)).alpha).toBe(0);
    }
    expect((await pixelAt(output, 5, 12 + 5)).g).toBeGreaterThan(150);
  });

  it('cuts the shadow off at the side limit, never the picture', async () => {
    const result = await renderQuery(await cutOut(), 'drop-shadow=10&fm=png', {
      limits: { maxOutputSide: 100 },
    });
    expect([result.width, result.height]).toEqual([100, 100]);
    expect(await inkBox(result.body, subject)).toMatchObject({
      left: 40,
      right: 59,
      count: 400,
    });
  });

  it('counts the grown canvas before decoding, and refuses past the pixel budget with 413', async () => {
    const input = await cutOut();
    const source = await readSource(input);
    const limits = { ...DEFAULT_RENDER_LIMITS, maxInputPixels: 10_000 };
    const budget = renderBudget(limits, 1, ['png']);
    const params = (query: string) => {
      const result = parsed(query);
      if (!result.ok) throw new Error(query);
      return result.params;
    };
    expect(checkBudget(params('drop-shadow=5'), source, budget).output).toEqual({
      width: 90,
      height: 90,
    });
    const spread = params('drop-shadow=10&drop-shadow-spread=2');
    expect(() => checkBudget(spread, source, budget)).toThrow(
      'drop-shadow=10&drop-shadow-spread=2 would make a canvas of 124x124 pixels',
    );
    const refused = await renderQuery(input, 'drop-shadow=10', { limits }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(RenderError);
    expect(refused).toMatchObject({ status: 413 });
  });
});

describe('drop-shadow-type', () => {
  const cast = `drop-shadow=0&drop-shadow-type=cast&drop-shadow-softness=0&${BLACK}`;

  it('reads an unknown type as flat, and ignores what another type reads', async () => {
    const flat = await png(`drop-shadow=2&drop-shadow-x=6&${BLACK}`);
    const unknown = await png(`drop-shadow=2&drop-shadow-x=6&drop-shadow-type=glow&${BLACK}`);
    expect(unknown.body.equals(flat.body)).toBe(true);
    const plain = await png(cast);
    const offset = await png(`${cast}&drop-shadow-x=30&drop-shadow-spread=9`);
    expect(offset.body.equals(plain.body)).toBe(true);
  });

  it('casts onto the floor away from the light: azimuth 270 (from the left) throws it right', async () => {
    const { width, height, body } = await png(`${cast}&drop-shadow-azimuth=270`);
    // At elevation 45 the shadow is as long as the subject is tall; the canvas holds a subject
    // as tall as the picture.
    expect([width, height]).toEqual([120, 60]);
    const ink = await inkBox(body, shadow);
    expect(ink).toMatchObject({ left: 40, bottom: 39 });
    expect(ink?.right).toBeGreaterThanOrEqual(57);
    expect(ink?.right).toBeLessThanOrEqual(59);
    expect(ink?.top).toBeGreaterThanOrEqual(37);
  });

  it('throws it left for azimuth 90, towards the viewer (down) for 0', async () => {
    const right = await png(`${cast}&drop-shadow-azimuth=90`);
    expect(right.width).toBe(120);
    const fromRight = await inkBox(right.body, shadow);
    expect(fromRight?.right).toBe(79);
    expect(fromRight?.left).toBeLessThanOrEqual(62);
    // Azimuth wraps: -270 is 90.
    const wrapped = await png(`${cast}&drop-shadow-azimuth=-270`);
    expect(wrapped.body.equals(right.body)).toBe(true);
    const behind = await png(`${cast}&drop-shadow-azimuth=0`);
    expect([behind.width, behind.height]).toEqual([60, 75]);
    expect(await inkBox(behind.body, shadow)).toMatchObject({
      left: 20,
      right: 39,
      top: 40,
      bottom: 44,
    });
  });

  it('lengthens the shadow as the light goes down (drop-shadow-elevation)', async () => {
    const reach = async (elevation: number) => {
      const { body } = await png(
        `${cast}&drop-shadow-azimuth=270&drop-shadow-elevation=${elevation}`,
      );
      return ((await inkBox(body, shadow))?.right ?? 0) - 39;
    };
    const [low, middle, high] = [await reach(20), await reach(45), await reach(75)];
    // Twice the height at most (the watermark page: "at 5 ... twice the watermark's height").
    expect(low).toBeGreaterThanOrEqual(38);
    expect(low).toBeLessThanOrEqual(40);
    expect(middle).toBeGreaterThanOrEqual(18);
    expect(middle).toBeLessThanOrEqual(20);
    expect(high).toBeGreaterThanOrEqual(4);
    expect(high).toBeLessThanOrEqual(6);
  });

  it('lays a flat lay (pose 0) shadow under the subject, where nothing shows', async () => {
    const { body } = await png(`${cast}&drop-shadow-pose=0&drop-shadow-azimuth=270`);
    expect(await inkBox(body, shadow)).toBeNull();
  });

  it('fades the shadow towards its tip with falloff, and blurs it there with softness', async () => {
    const tall = await squareOnTransparent(200, 80);
    const floor =
      'drop-shadow=0&drop-shadow-type=cast&drop-shadow-azimuth=0&drop-shadow-elevation=20';
    // Elevation 20: 2 heights long; a head-on floor shows a quarter: 40 rows below the subject
    // (columns and rows 60 to 139 of the picture, wherever the canvas puts it).
    const alphaAt = async (body: Buffer, column: number, row: number) => {
      const at = await inkBox(body, subject);
      return (await pixelAt(body, (at?.left ?? 0) - 60 + column, (at?.top ?? 0) - 60 + row)).alpha;
    };
    const even = await png(`${floor}&drop-shadow-softness=0&${BLACK}`, tall);
    expect(await alphaAt(even.body, 100, 141)).toBeGreaterThan(240);
    expect(await alphaAt(even.body, 100, 177)).toBeGreaterThan(240);
    const fading = await png(
      `${floor}&drop-shadow-softness=0&drop-shadow-falloff=100&${BLACK}`,
      tall,
    );
    expect(await alphaAt(fading.body, 100, 141)).toBeGreaterThan(200);
    expect(await alphaAt(fading.body, 100, 177)).toBeLessThan(40);
    const soft = await png(`${floor}&drop-shadow-softness=100&${BLACK}`, tall);
    // Crisp where it meets the subject, blurred past the tip and the sides far from it.
    expect(await alphaAt(soft.body, 57, 141)).toBeLessThan(10);
    expect(await alphaAt(soft.body, 57, 176)).toBeGreaterThan(10);
    expect(await alphaAt(even.body, 57, 176)).toBe(0);
    expect(await alphaAt(soft.body, 100, 183)).toBeGreaterThan(0);
    expect(await alphaAt(even.body, 100, 183)).toBe(0);
  });

  it('renders drop-shadow-mode=ai as the manual cast: no depth model ships', async () => {
    const manual = await png(`${cast}&drop-shadow-azimuth=270`);
    const ai = await png(`${cast}&drop-shadow-azimuth=270&drop-shadow-mode=ai`);
    expect(ai.body.equals(manual.body)).toBe(true);
  });

  it('pools a float shadow under the subject, drop-shadow-y below its lowest opaque row', async () => {
    const query = `drop-shadow=0&drop-shadow-type=float&${BLACK}`;
    const near = await png(`${query}&drop-shadow-y=6`);
    expect([near.width, near.height]).toEqual([60, 70]);
    const pool = await inkBox(near.body, shadow);
    expect(pool?.left).toBeGreaterThanOrEqual(20);
    expect(pool?.right).toBeLessThanOrEqual(39);
    expect((pool?.left ?? 0) + (pool?.right ?? 0)).toBe(59);
    expect(pool?.top).toBeGreaterThanOrEqual(44);
    expect(pool?.bottom).toBeLessThanOrEqual(47);
    const far = await png(`${query}&drop-shadow-y=16`);
    expect((await inkBox(far.body, shadow))?.top).toBe((pool?.top ?? 0) + 10);
  });

  it('draws an inset shadow inside the subject, keeping the size', async () => {
    const { width, height, body } = await png(
      `drop-shadow=0&drop-shadow-type=inset&drop-shadow-x=4&drop-shadow-y=4&${BLACK}`,
    );
    expect([width, height]).toEqual([60, 60]);
    // What surrounds the square, moved 4 right and down, covers its top and left bands.
    expect(await inkBox(body, shadow)).toEqual({
      left: 20,
      top: 20,
      right: 39,
      bottom: 39,
      count: 20 * 20 - 16 * 16,
    });
    expect(await pixelAt(body, 30, 30)).toEqual(SUBJECT);
    expect((await pixelAt(body, 10, 10)).alpha).toBe(0);
    const spread = await png(`drop-shadow=0&drop-shadow-type=inset&drop-shadow-spread=3&${BLACK}`);
    expect(await inkBox(spread.body, subject)).toMatchObject({ left: 23, right: 36 });
  });
});

describe('drop-shadow values', () => {
  it('answers 400 for an offset that is neither whole pixels nor a -1-1 fraction', () => {
    expect(parsed('drop-shadow=5&drop-shadow-x=2.5')).toEqual({
      ok: false,
      issues: [
        {
          parameter: 'drop-shadow-x',
          message:
            'The value for "drop-shadow-x" must be an integer, or a number between -1 and 1.',
        },
      ],
    });
    expect(parsed('drop-shadow=5&drop-shadow-y=down')).toMatchObject({ ok: false });
    expect(parsed('drop-shadow=5&drop-shadow-azimuth=north')).toMatchObject({
      ok: false,
      issues: [{ message: 'The value for "drop-shadow-azimuth" must be a number.' }],
    });
    expect(parsed('drop-shadow=5&drop-shadow-spread=wide')).toMatchObject({ ok: false });
    expect(parsed('mark=a.png&mark-drop-shadow=5&mark-drop-shadow-x=1.5')).toMatchObject({
      ok: false,
      issues: [{ parameter: 'mark-drop-shadow-x' }],
    });
  });

  it('takes what imgix ignores or clamps instead of refusing', () => {
    const result = parsed(
      'drop-shadow=250&drop-shadow-type=glow&drop-shadow-color=nonsense&drop-shadow-mode=robot' +
        '&drop-shadow-spread=500&drop-shadow-elevation=1&drop-shadow-pose=120&drop-shadow-softness=-4',
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const { params } = result;
    expect(params.number('drop-shadow')).toBe(100);
    expect(params.number('drop-shadow-spread')).toBe(100);
    expect(params.number('drop-shadow-elevation')).toBe(5);
    expect(params.number('drop-shadow-pose')).toBe(90);
    expect(params.number('drop-shadow-softness')).toBe(0);
    expect(params.color('drop-shadow-color')).toBeUndefined();
    expect(parsed('drop-shadow=-3').ok).toBe(true);
    expect(parsed('drop-shadow=none').ok).toBe(true);
  });

  it('leaves the family out of the render identity without drop-shadow', () => {
    const without = parsed('w=10&drop-shadow-x=4&drop-shadow-type=cast');
    const bare = parsed('w=10');
    if (!without.ok || !bare.ok) throw new Error('invalid');
    expect(without.params.cacheKey()).toBe(bare.params.cacheKey());
  });
});

import { describe, expect, it } from 'vitest';
import { pixelAt, squareOnTransparent } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';

// mark-drop-shadow*: the drop-shadow family on the watermark (overlay/mark-shadow.ts), drawn in
// the watermark step.

const MARK_URL = encodeURIComponent('https://marks.example/logo.png');
const WHITE = { r: 255, g: 255, b: 255 };
const BLACK = 'mark-drop-shadow-color=ff000000';

type Pixel = { r: number; g: number; b: number; alpha: number };
const red = ({ r, g, b }: Pixel) => r > 200 && g < 60 && b < 60;
/** Shadow on the white base: grey to black, never red. */
const shaded = ({ r, g, b }: Pixel) => r < 235 && Math.abs(r - g) < 8 && Math.abs(g - b) < 8;

/** An 80 x 60 white image with a cut-out mark: a 10 px red square in a transparent 30 x 30. */
async function withMark(query: string) {
  const mark = await squareOnTransparent(30, 10, { r: 255, g: 0, b: 0, alpha: 1 });
  const result = await renderQuery(await solid(80, 60, WHITE), `mark=${MARK_URL}&${query}`, {
    fetchImage: () => Promise.resolve(mark),
  });
  return {
    result,
    mark: await inkBox(result.body, red),
    shadow: await inkBox(result.body, shaded),
  };
}

const TOP_LEFT = 'mark-align=top,left&mark-pad=0';

describe('mark-drop-shadow', () => {
  it("casts the mark's cut-out shape, moved by mark-drop-shadow-x and -y", async () => {
    const { mark, shadow } = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-x=4&mark-drop-shadow-y=3&${BLACK}`,
    );
    // The square is at 10..19 of the mark; its shadow 4 right and 3 down, under it where they meet.
    expect(mark).toMatchObject({ left: 10, top: 10, right: 19, bottom: 19 });
    expect(shadow).toEqual({ left: 14, top: 13, right: 23, bottom: 22, count: 100 - 6 * 7 });
  });

  it('reads fractions of the mark as drawn, not of the image', async () => {
    const { shadow } = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-x=0.5&${BLACK}`,
    );
    // Half the 30 px mark: 15 px, clear of the square.
    expect(shadow).toMatchObject({ left: 25, right: 34, count: 100 });
  });

  it('draws in mark-drop-shadow-color, at the default BF000000 without one', async () => {
    const blue = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-x=6&mark-drop-shadow-color=ff0000ff`,
    );
    expect(await pixelAt(blue.result.body, 24, 15)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    const plain = await withMark(`${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-x=6`);
    // 75% black over white: 64.
    const grey = await pixelAt(plain.result.body, 24, 15);
    expect(grey.r).toBeGreaterThanOrEqual(62);
    expect(grey.r).toBeLessThanOrEqual(66);
  });

  it('casts a semi-transparent mark at the same opacity (mark-alpha)', async () => {
    const { result } = await withMark(
      `${TOP_LEFT}&mark-alpha=40&mark-drop-shadow=0&mark-drop-shadow-x=6&${BLACK}`,
    );
    // 40% black over white.
    expect((await pixelAt(result.body, 24, 15)).r).toBeGreaterThan(148);
    expect((await pixelAt(result.body, 24, 15)).r).toBeLessThan(158);
  });

  it('blurs and spreads like the image shadow', async () => {
    const soft = await withMark(`${TOP_LEFT}&mark-drop-shadow=2&${BLACK}`);
    // Centred on the square, past its edges on every side (darker than 235 on white).
    expect(soft.shadow).toMatchObject({ left: 8, top: 8, right: 21, bottom: 21 });
    const hard = await withMark(`${TOP_LEFT}&mark-drop-shadow=0&${BLACK}`);
    expect(hard.shadow).toBeNull();
    const grown = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-spread=3&${BLACK}`,
    );
    expect(grown.shadow).toMatchObject({ left: 7, top: 7, right: 22, bottom: 22 });
  });

  it('never grows the canvas: the shadow is cut off at the edge', async () => {
    const { result, mark, shadow } = await withMark(
      `mark-align=bottom,right&mark-pad=0&mark-drop-shadow=0&mark-drop-shadow-x=15&mark-drop-shadow-y=15&${BLACK}`,
    );
    expect([result.width, result.height]).toEqual([80, 60]);
    expect(mark).toMatchObject({ right: 69, bottom: 49 });
    expect(shadow).toMatchObject({ left: 75, top: 55, right: 79, bottom: 59, count: 25 });
  });

  it('gives every mark-tile=grid tile its own shadow', async () => {
    const { result } = await withMark(
      `mark-tile=grid&mark-pad=0&mark-drop-shadow=0&mark-drop-shadow-x=12&${BLACK}`,
    );
    const row = await Promise.all([22, 52].map(async (x) => (await pixelAt(result.body, x, 15)).r));
    expect(row).toEqual([0, 0]);
  });

  it('draws an inset shadow inside the mark', async () => {
    const { mark, shadow } = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-type=inset&mark-drop-shadow-x=3&mark-drop-shadow-y=3&${BLACK}`,
    );
    expect(shadow).toEqual({ left: 10, top: 10, right: 19, bottom: 19, count: 100 - 49 });
    expect(mark).toMatchObject({ left: 13, top: 13, count: 49 });
  });

  it('throws a cast shadow away from the light, from where the mark stands', async () => {
    const { mark, shadow } = await withMark(
      `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-type=cast&mark-drop-shadow-azimuth=270&mark-drop-shadow-softness=0&${BLACK}`,
    );
    // Lit from the left at 45 degrees: as long as the square is tall, to its right, on the
    // square's bottom row (the ground it stands on).
    expect(mark).toMatchObject({ right: 19, bottom: 19 });
    expect(shadow?.left).toBe(20);
    expect(shadow?.right).toBeGreaterThanOrEqual(28);
    expect(shadow?.right).toBeLessThanOrEqual(29);
    expect(shadow?.bottom).toBe(19);
  });

  it('reads the light, the pose and the falloff of a cast shadow', async () => {
    const cast = `${TOP_LEFT}&mark-drop-shadow=0&mark-drop-shadow-type=cast&mark-drop-shadow-azimuth=270&mark-drop-shadow-softness=0&${BLACK}`;
    // Lower light, longer shadow: twice the square's height at most (its faint tip, averaged
    // into the two rows a head-on floor shows, is lighter than the predicate sees).
    const low = await withMark(`${cast}&mark-drop-shadow-elevation=10`);
    const middle = await withMark(`${cast}&mark-drop-shadow-elevation=45`);
    expect(low.shadow?.right).toBeLessThanOrEqual(39);
    expect(low.shadow?.right).toBeGreaterThanOrEqual((middle.shadow?.right ?? 0) + 7);
    // A flat lay's shadow lies under the mark.
    expect((await withMark(`${cast}&mark-drop-shadow-pose=0`)).shadow).toBeNull();
    // Falloff fades it with height: lighter than without, nearly gone by the tip's column.
    const even = await withMark(cast);
    const faded = await withMark(`${cast}&mark-drop-shadow-falloff=100`);
    const level = async (mark: { result: { body: Buffer } }, column: number) =>
      (await pixelAt(mark.result.body, column, 19)).r;
    expect(await level(even, 21)).toBeLessThan(120);
    expect(await level(faded, 21)).toBeGreaterThan((await level(even, 21)) + 60);
    expect(await level(faded, 27)).toBeGreaterThan(245);
  });

  it('does nothing for the unprefixed drop-shadow-* names, nor without mark-drop-shadow', async () => {
    const { shadow } = await withMark(
      `${TOP_LEFT}&mark-drop-shadow-x=4&mark-drop-shadow-color=ff000000&drop-shadow-x=4`,
    );
    expect(shadow).toBeNull();
  });
});

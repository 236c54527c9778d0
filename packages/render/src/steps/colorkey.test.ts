import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { numberedAnimation } from '../testing/animated-images.ts';
import { pixelAt } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { colorKeyStep } from './colorkey.ts';

const BLUE = { r: 30, g: 60, b: 200 };

/** A `size` square of white with a blue square of `square` in the middle, as PNG or JPEG. */
async function productShot(size = 40, square = 20, format: 'png' | 'jpeg' = 'png') {
  const inner = await sharp({
    create: { width: square, height: square, channels: 3, background: BLUE },
  })
    .png()
    .toBuffer();
  const offset = Math.floor((size - square) / 2);
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 255, g: 255, b: 255 } },
  }).composite([{ input: inner, left: offset, top: offset }]);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

describe('colorkey', () => {
  it('does nothing without colorkey', async () => {
    const context = await stepContext(await productShot(), 'colorkey-tol=40');
    const before = context.image;
    await colorKeyStep.run(context);
    expect(context.image).toBe(before);
  });

  it('makes the key colour transparent and keeps the subject', async () => {
    const context = await stepContext(await productShot(), 'colorkey=fff');
    await colorKeyStep.run(context);
    const output = await finish(context);
    expect(context.hasAlpha).toBe(true);
    expect([context.width, context.height]).toEqual([40, 40]);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 39, 20)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 20, 20)).toEqual({ ...BLUE, alpha: 255 });
  });

  it('keys a colour keyword and the top-left colour for auto or no value', async () => {
    const input = await productShot();
    for (const query of ['colorkey=white', 'colorkey=auto', 'colorkey', 'colorkey=']) {
      const result = await renderQuery(input, query);
      expect(await pixelAt(result.body, 2, 2), query).toMatchObject({ alpha: 0 });
      expect(await pixelAt(result.body, 20, 20), query).toEqual({ ...BLUE, alpha: 255 });
    }
  });

  it('ignores a value that is not a colour and returns the image unkeyed', async () => {
    const result = await renderQuery(await productShot(), 'colorkey=notacolour');
    expect(await pixelAt(result.body, 0, 0)).toEqual({ r: 255, g: 255, b: 255, alpha: 255 });
  });

  it('answers PNG for a keyed JPEG without fm, and keeps JPEG when nothing matched', async () => {
    const jpeg = await productShot(40, 20, 'jpeg');
    const keyed = await renderQuery(jpeg, 'colorkey=fff&colorkey-tol=30');
    expect(keyed.format).toBe('png');
    expect(await pixelAt(keyed.body, 1, 1)).toMatchObject({ alpha: 0 });
    const unmatched = await renderQuery(jpeg, 'colorkey=00ff00');
    expect(unmatched.format).toBe('jpg');
  });

  it('flattens keyed pixels onto white with fm=jpg and keeps them with fm=webp', async () => {
    const input = await productShot();
    const jpeg = await renderQuery(input, 'colorkey=0000ff&colorkey-tol=120&fm=jpg');
    expect(jpeg.format).toBe('jpg');
    const centre = await pixelAt(jpeg.body, 20, 20);
    expect(centre.r).toBeGreaterThan(240);
    expect(centre.b).toBeGreaterThan(240);
    const webp = await renderQuery(input, 'colorkey=fff&fm=webp&lossless=1');
    expect(webp.format).toBe('webp');
    expect(await pixelAt(webp.body, 0, 0)).toMatchObject({ alpha: 0 });
  });

  it('keys before trim and resize, so trim=alpha cuts to the keyed subject', async () => {
    const result = await renderQuery(await productShot(40, 20), 'colorkey=fff&trim=alpha&w=10');
    expect([result.width, result.height]).toEqual([10, 10]);
    expect(await pixelAt(result.body, 5, 5)).toEqual({ ...BLUE, alpha: 255 });
  });

  it('keys only what touches the border with colorkey-contiguous=true', async () => {
    // White frame, a blue ring, white inside the ring.
    const ring = await sharp({
      create: { width: 20, height: 20, channels: 3, background: BLUE },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 10, height: 10, channels: 3, background: { r: 255, g: 255, b: 255 } },
          })
            .png()
            .toBuffer(),
          left: 5,
          top: 5,
        },
      ])
      .png()
      .toBuffer();
    const input = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .composite([{ input: ring, left: 10, top: 10 }])
      .png()
      .toBuffer();
    const everywhere = await renderQuery(input, 'colorkey=fff');
    expect(await pixelAt(everywhere.body, 20, 20)).toMatchObject({ alpha: 0 });
    const contiguous = await renderQuery(input, 'colorkey=fff&colorkey-contiguous=yes');
    expect(await pixelAt(contiguous.body, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(contiguous.body, 20, 20)).toEqual({ r: 255, g: 255, b: 255, alpha: 255 });
  });

  it('accepts the companion parameters by their aliases', async () => {
    const input = await productShot();
    const result = await renderQuery(
      input,
      'colorkey=fff&colorkeytol=5&colorkeyfeather=0&colorkeydefringe=0&colorkeymode=color',
    );
    expect(await pixelAt(result.body, 0, 0)).toMatchObject({ alpha: 0 });
  });

  it('keys every frame of an animation with the colour of the first', async () => {
    // numberedAnimation's first frame is red (220, 40, 40), its second green.
    const context = await stepContext(await numberedAnimation(2, 8, 4), 'colorkey=auto', {
      animated: true,
    });
    await colorKeyStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height]).toEqual([8, 4]);
    expect(await pixelAt(output, 3, 2)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 3, 4 + 2)).toMatchObject({ g: 180, alpha: 255 });
  });
});

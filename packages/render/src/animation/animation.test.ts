import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { FRAME_COLOURS, framesOf, numberedAnimation } from '../testing/animated-images.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { renderQuery } from '../testing/render-query.ts';

const [RED, GREEN, BLUE, YELLOW, WHITE] = FRAME_COLOURS;

function near(colour: { r: number; g: number; b: number }) {
  return {
    r: expect.closeTo(colour.r, -1.5),
    g: expect.closeTo(colour.g, -1.5),
    b: expect.closeTo(colour.b, -1.5),
  };
}

async function strip(encoded: Uint8Array): Promise<Buffer> {
  return sharp(encoded, { pages: -1 }).png().toBuffer();
}

describe('animated input', () => {
  it('stays an animated GIF with every frame, in order, with its delays', async () => {
    const result = await renderQuery(await numberedAnimation(4), '');
    expect(result.format).toBe('gif');
    expect([result.width, result.height]).toEqual([20, 10]);
    const frames = await framesOf(result.body);
    expect(frames.pages).toBe(4);
    expect(frames.colours).toEqual([RED, GREEN, BLUE, YELLOW].map(near));
    expect(frames.delay).toEqual([100, 200, 300, 400]);
  });

  it('keeps an animated WebP animated, and turns a GIF into one with fm=webp', async () => {
    const webp = await renderQuery(await numberedAnimation(3, 20, 10, 'webp'), '');
    expect(webp.format).toBe('webp');
    expect((await framesOf(webp.body)).pages).toBe(3);
    const converted = await renderQuery(await numberedAnimation(3), 'fm=webp');
    const frames = await framesOf(converted.body);
    expect(frames.metadata.format).toBe('webp');
    expect(frames.colours).toEqual([RED, GREEN, BLUE].map(near));
  });

  it('keeps every frame through steps that work on raw pixels', async () => {
    for (const query of ['sepia=80', 'blend-color=00ff00&blend-mode=hue', 'px=4', 'txt=Hi']) {
      const result = await renderQuery(await numberedAnimation(4, 40, 20), query);
      expect([result.width, result.height], query).toEqual([40, 20]);
      const frames = await framesOf(result.body);
      expect(frames.pages, query).toBe(4);
      expect(frames.metadata.pageHeight ?? frames.metadata.height, query).toBe(20);
    }
  });

  it('resizes each frame, not the strip of frames', async () => {
    const result = await renderQuery(await numberedAnimation(4, 40, 20), 'w=10');
    expect([result.width, result.height]).toEqual([10, 5]);
    const frames = await framesOf(result.body);
    expect(frames.pages).toBe(4);
    expect(frames.metadata.pageHeight ?? frames.metadata.height).toBe(5);
  });

  it('serves animated WebP for auto=format, never a still AVIF', async () => {
    const input = await numberedAnimation(3);
    const webp = await renderQuery(input, 'auto=format', { accept: 'image/avif,image/webp' });
    expect(webp.format).toBe('webp');
    expect((await framesOf(webp.body)).pages).toBe(3);
    const avifOnly = await renderQuery(input, 'auto=format', { accept: 'image/avif' });
    expect(avifOnly.format).toBe('gif');
    expect(avifOnly.variesOnAccept).toBe(true);
  });

  it('becomes a still of the first frame in a format without animation', async () => {
    const result = await renderQuery(await numberedAnimation(3), 'fm=png');
    const frames = await framesOf(result.body);
    expect(frames.pages).toBe(1);
    expect(frames.colours).toEqual([near(RED)]);
  });
});

describe('frame', () => {
  it('frame=N picks that one frame (1-based)', async () => {
    const result = await renderQuery(await numberedAnimation(4), 'frame=2');
    const frames = await framesOf(result.body);
    expect(frames.pages).toBe(1);
    expect(frames.colours).toEqual([near(GREEN)]);
  });

  it('frame=M-N, M- and -N pick inclusive ranges', async () => {
    const input = await numberedAnimation(5);
    const colours = async (query: string) =>
      (await framesOf((await renderQuery(input, query)).body)).colours;
    expect(await colours('frame=2-3')).toEqual([GREEN, BLUE].map(near));
    expect(await colours('frame=4-')).toEqual([YELLOW, WHITE].map(near));
    expect(await colours('frame=-2')).toEqual([RED, GREEN].map(near));
    expect(await colours('frame=4-99')).toEqual([YELLOW, WHITE].map(near));
  });

  it('a frame past the end is a 400', async () => {
    const error = await renderQuery(await numberedAnimation(3), 'frame=7').catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).status).toBe(400);
  });
});

describe('timeline', () => {
  it('reverse plays the frames, and their delays, backwards', async () => {
    const result = await renderQuery(await numberedAnimation(4), 'reverse=true');
    const frames = await framesOf(result.body);
    expect(frames.colours).toEqual([YELLOW, BLUE, GREEN, RED].map(near));
    expect(frames.delay).toEqual([400, 300, 200, 100]);
  });

  it('skip and interval keep every Nth frame starting with the first', async () => {
    const input = await numberedAnimation(5);
    const skipped = await framesOf((await renderQuery(input, 'skip=2')).body);
    expect(skipped.colours).toEqual([RED, BLUE, WHITE].map(near));
    expect(skipped.delay).toEqual([100, 300, 500]);
    const interval = await framesOf((await renderQuery(input, 'interval=3')).body);
    expect(interval.colours).toEqual([RED, YELLOW].map(near));
  });

  it('fps sets every delay to 1000/fps milliseconds', async () => {
    const frames = await framesOf((await renderQuery(await numberedAnimation(3), 'fps=20')).body);
    expect(frames.delay).toEqual([50, 50, 50]);
  });

  it('loop sets the repeat count, and the origin’s is kept without it', async () => {
    const input = await numberedAnimation(3, 20, 10, 'gif', [100, 100, 100], 2);
    expect((await framesOf((await renderQuery(input, 'loop=3')).body)).loop).toBe(3);
    expect((await framesOf((await renderQuery(input, 'loop=0')).body)).loop).toBe(0);
    expect((await framesOf((await renderQuery(input, '')).body)).loop).toBe(2);
  });

  it('combines with resizing: the reversed, skipped frames come out at the new size', async () => {
    const result = await renderQuery(await numberedAnimation(5, 40, 20), 'w=20&reverse=1&skip=2');
    const frames = await framesOf(result.body);
    expect(frames.colours).toEqual([WHITE, BLUE, RED].map(near));
    expect([result.width, result.height]).toEqual([20, 10]);
    await expectMatchesGolden('animation/reverse-skip-w20', await strip(result.body));
  });
});

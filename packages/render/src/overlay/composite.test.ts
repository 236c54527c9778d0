import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../pipeline/context.ts';
import { numberedAnimation } from '../testing/animated-images.ts';
import { stepContext } from '../testing/step-context.ts';
import { compositeLayers, frameSize } from './composite.ts';
import { colourThroughMask } from './raw.ts';

const FRAME = { width: 6, height: 4 };

/** A context over `frames` solid frames, decoded as sharp holds an animation (stacked). */
async function animatedContext(frames: number): Promise<RenderContext> {
  // WebP rather than GIF: sharp decodes it without an alpha channel, as most photographs are.
  const input = await numberedAnimation(frames, FRAME.width, FRAME.height, 'webp');
  return stepContext(input, '', { animated: true });
}

function redSquare(size: number) {
  return colourThroughMask(Buffer.alloc(size * size, 255), { r: 255, g: 0, b: 0 }, 1);
}

describe('compositeLayers', () => {
  it('measures one frame of an animation', async () => {
    expect(frameSize(await animatedContext(3))).toEqual(FRAME);
  });

  it('draws a layer on every frame of an animation, cut at each frame edge', async () => {
    const context = await animatedContext(3);
    // 3 x 3 at (4, 2): hangs 1 px over the right edge and 1 px over the bottom of each frame.
    await compositeLayers(context, [{ data: redSquare(3), width: 3, height: 3, left: 4, top: 2 }]);
    const { data, info } = await context.image.raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    const red = (x: number, y: number) => data[(y * FRAME.width + x) * 3] === 255;
    for (let frame = 0; frame < 3; frame += 1) {
      const top = frame * FRAME.height;
      expect(red(4, top + 2), `frame ${frame}`).toBe(true);
      expect(red(5, top + 3), `frame ${frame}`).toBe(true);
      expect(red(3, top + 2), `frame ${frame}`).toBe(false);
      // The row past the frame's bottom belongs to the next frame and stays clear.
      expect(red(4, top), `frame ${frame}`).toBe(false);
    }
  });

  it('draws nothing, and keeps the pipeline, for a layer wholly outside the frame', async () => {
    const context = await animatedContext(3);
    const before = context.image;
    await compositeLayers(context, [{ data: redSquare(2), width: 2, height: 2, left: 6, top: 0 }]);
    expect(context.image).toBe(before);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeAi } from '../testing/fake-ai.ts';
import { pixelAt, quadrants, QUADRANT_COLOURS } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import type { GenerativeEditor } from './types.ts';

interface EditCall {
  prompt: string;
  negativePrompt?: string;
  seed?: number;
  size: { width: number; height: number };
  maskAlpha: (x: number, y: number) => Promise<number>;
}

/** A provider that paints everything blue, at a size of its own choosing (as real ones do). */
function bluePainter(): { editor: GenerativeEditor; calls: EditCall[] } {
  const calls: EditCall[] = [];
  return {
    calls,
    editor: {
      async edit(request) {
        const mask = request.mask ?? request.image;
        calls.push({
          prompt: request.prompt,
          ...(request.negativePrompt === undefined
            ? {}
            : { negativePrompt: request.negativePrompt }),
          ...(request.seed === undefined ? {} : { seed: request.seed }),
          size: request.size,
          maskAlpha: async (x, y) => (await pixelAt(mask, x, y)).alpha,
        });
        return sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } })
          .png()
          .toBuffer();
      },
    },
  };
}

const BLUE = { r: 0, g: 0, b: 255 };

describe('generative operations', () => {
  it('fill=gen paints the room around the image and keeps the image itself', async () => {
    const { editor, calls } = bluePainter();
    const result = await renderQuery(
      await quadrants(40, 20),
      'w=40&h=40&fit=fill&fill=gen&fill-gen-prompt=a%20meadow&fm=png',
      { generative: editor },
    );
    expect([result.width, result.height]).toEqual([40, 40]);
    expect(result.premium).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prompt).toBe('a meadow');
    expect(calls[0]?.size).toEqual({ width: 40, height: 40 });
    expect(await calls[0]?.maskAlpha(20, 2)).toBe(0); // room: paint here
    expect(await calls[0]?.maskAlpha(5, 15)).toBe(255); // the image: keep
    expect(await pixelAt(result.body, 20, 2)).toMatchObject(BLUE);
    expect(await pixelAt(result.body, 5, 15)).toMatchObject(QUADRANT_COLOURS.topLeft);
  });

  it('sends the negative prompts and seeds the URL gives', async () => {
    const { editor, calls } = bluePainter();
    const { models } = fakeAi();
    const image = await quadrants(40, 20);
    await renderQuery(
      image,
      'w=40&h=40&fit=fill&fill=gen&fill-gen-prompt=sky&fill-gen-neg-prompt=birds&fill-gen-seed=77',
      { generative: editor },
    );
    await renderQuery(image, 'bg-replace=sea&bg-replace-neg-prompt=boats', {
      ai: models,
      generative: editor,
    });
    await renderQuery(
      image,
      'object-removal-rect=1,1,4,4&object-removal-prompt=vase&object-removal-negative-prompt=cup&object-removal-seed=9',
      { ai: models, generative: editor },
    );
    expect(
      calls.map(({ prompt, negativePrompt, seed }) => ({ prompt, negativePrompt, seed })),
    ).toEqual([
      { prompt: 'sky', negativePrompt: 'birds', seed: 77 },
      { prompt: 'sea', negativePrompt: 'boats', seed: undefined },
      { prompt: 'vase', negativePrompt: 'cup', seed: 9 },
    ]);
  });

  it('bg-replace falls back, or fails with bg-replace-fallback=false, without a provider', async () => {
    const { models } = fakeAi();
    const image = await quadrants(40, 20);
    const fallen = await renderQuery(image, 'bg-replace=sea', { ai: models });
    expect(fallen.aiFailures).toEqual({
      'bg-replace': 'No generative image provider is configured.',
    });
    await expect(
      renderQuery(image, 'bg-replace=sea&bg-replace-fallback=false', { ai: models }),
    ).rejects.toMatchObject({ status: 500 });
  });

  it('fill-gen-pos places the image on the canvas the provider fills', async () => {
    const { editor } = bluePainter();
    const result = await renderQuery(
      await quadrants(40, 20),
      'w=40&h=40&fit=fill&fill=gen&fill-gen-pos=top&fm=png',
      { generative: editor },
    );
    expect(await pixelAt(result.body, 5, 2)).toMatchObject(QUADRANT_COLOURS.topLeft);
    expect(await pixelAt(result.body, 5, 35)).toMatchObject(BLUE);
  });

  it('fill=gen falls back to the plain solid fill and says why without a provider', async () => {
    const result = await renderQuery(await quadrants(40, 20), 'w=40&h=40&fit=fill&fill=gen&fm=png');
    expect(result.aiFailures).toEqual({
      'fill-gen': 'No generative image provider is configured.',
    });
    expect((await pixelAt(result.body, 20, 2)).alpha).toBe(0);
    expect(await pixelAt(result.body, 5, 15)).toMatchObject(QUADRANT_COLOURS.topLeft);
    await expect(
      renderQuery(await quadrants(40, 20), 'w=40&h=40&fit=fill&fill=gen&fill-gen-fallback=false'),
    ).rejects.toMatchObject({ status: 500 });
  });

  it('bg-replace keeps the subject and paints a new background from the prompt', async () => {
    const { editor, calls } = bluePainter();
    const { models } = fakeAi();
    const result = await renderQuery(await quadrants(40, 30), 'bg-replace=the%20sea&fm=png', {
      ai: models,
      generative: editor,
    });
    expect(calls[0]?.prompt).toBe('the sea');
    expect(await pixelAt(result.body, 5, 5)).toMatchObject(QUADRANT_COLOURS.topLeft);
    expect(await pixelAt(result.body, 35, 25)).toMatchObject(BLUE);
    expect(result.aiFailures).toEqual({});
  });

  it('object-removal-prompt repaints only the boxes', async () => {
    const { editor, calls } = bluePainter();
    const { models, calls: modelCalls } = fakeAi();
    const result = await renderQuery(
      await quadrants(40, 30),
      'object-removal-rect=2,2,6,6&object-removal-prompt=a%20vase&fm=png',
      { ai: models, generative: editor },
    );
    expect(modelCalls.inpaint).toEqual([]);
    expect(calls[0]?.prompt).toBe('a vase');
    expect(await calls[0]?.maskAlpha(4, 4)).toBe(0);
    expect(await calls[0]?.maskAlpha(20, 20)).toBe(255);
    expect(await pixelAt(result.body, 4, 4)).toMatchObject(BLUE);
    expect(await pixelAt(result.body, 12, 12)).toMatchObject(QUADRANT_COLOURS.topLeft);
  });
});

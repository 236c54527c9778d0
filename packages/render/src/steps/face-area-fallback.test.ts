import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalAiModels } from '../ai/models/index.ts';
import { pixelAt } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

const BLUE = { r: 20, g: 40, b: 200 };
const RED = { r: 255, g: 0, b: 0 };
const FILL = 'fill=solid&fill-color=ff0000&fm=png';

/** A 300x200 flat blue image: the shipped detector finds no face in it. */
function flat(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
}

describe('fit=facearea,fillmax and fit=facearea,fill', { timeout: 180_000 }, () => {
  const models = createLocalAiModels();
  let astronaut: Buffer;
  let blue: Buffer;

  beforeAll(async () => {
    astronaut = await readFile(
      fileURLToPath(new URL('../../test/ai/astronaut.png', import.meta.url)),
    );
    blue = await flat();
  });

  const render = (image: Buffer, query: string) => renderQuery(image, query, { ai: models });
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

  it('cuts the face area when the detector finds a face, as fit=facearea alone', async () => {
    // The 512x512 portrait's face is about 145 pixels square; facepad 1 doubles it.
    const area = await render(astronaut, 'fit=facearea&fm=png');
    expect(area.width).toBeLessThan(400);
    for (const fallback of ['fillmax', 'fill']) {
      const listed = await render(astronaut, `fit=facearea,${fallback}&fm=png`);
      expect([listed.width, listed.height]).toEqual([area.width, area.height]);
      expect(same(listed.body, area.body)).toBe(true);
    }
    // `ar` is read with fit=fill, not with a face area: fit=facearea,fill keeps it for the fill.
    const withRatio = await render(astronaut, 'fit=facearea,fill&ar=2:1&fm=png');
    expect(same(withRatio.body, area.body)).toBe(true);
    const sized = await render(astronaut, `fit=facearea,fillmax&w=200&h=150&${FILL}`);
    expect(
      same(sized.body, (await render(astronaut, `fit=facearea&w=200&h=150&${FILL}`)).body),
    ).toBe(true);
    // Cropped to the box, so no fill: the fillmax fallback would pad the whole portrait.
    expect(await pixelAt(sized.body, 0, 0)).not.toEqual({ ...RED, alpha: 255 });
    const fillmax = await render(astronaut, `fit=fillmax&w=200&h=150&${FILL}`);
    expect(await pixelAt(fillmax.body, 0, 0)).toEqual({ ...RED, alpha: 255 });
  });

  it('fits by fillmax when there is no face: never enlarged, padded to the box', async () => {
    const listed = await render(blue, `fit=facearea,fillmax&w=400&h=400&${FILL}`);
    expect([listed.width, listed.height]).toEqual([400, 400]);
    expect(await pixelAt(listed.body, 10, 10)).toEqual({ ...RED, alpha: 255 });
    expect(await pixelAt(listed.body, 200, 200)).toEqual({ ...BLUE, alpha: 255 });
    // The 300x200 image is not enlarged: 50 pixels of fill each side, 100 above and below.
    expect(await pixelAt(listed.body, 49, 200)).toEqual({ ...RED, alpha: 255 });
    expect(await pixelAt(listed.body, 50, 200)).toEqual({ ...BLUE, alpha: 255 });
    expect(await pixelAt(listed.body, 200, 99)).toEqual({ ...RED, alpha: 255 });
    const fillmax = await render(blue, `fit=fillmax&w=400&h=400&${FILL}`);
    expect(same(listed.body, fillmax.body)).toBe(true);
    // fit=facearea alone crops the whole image instead: enlarged to the box, no fill.
    const alone = await render(blue, `fit=facearea&w=400&h=400&${FILL}`);
    expect(await pixelAt(alone.body, 10, 10)).toEqual({ ...BLUE, alpha: 255 });
  });

  it('caps the fallback canvas at the source with fill-max=source', async () => {
    // docs.imgix.com/apis/rendering/fill/fill-max: it applies when fillmax is reached through
    // fit=facearea,fillmax too.
    const capped = await render(blue, `fit=facearea,fillmax&w=400&h=400&fill-max=source&${FILL}`);
    expect([capped.width, capped.height]).toEqual([300, 200]);
  });

  it('fits by fill when there is no face: enlarged into the box, padded', async () => {
    const listed = await render(blue, `fit=facearea,fill&w=400&h=400&${FILL}`);
    const fill = await render(blue, `fit=fill&w=400&h=400&${FILL}`);
    expect(same(listed.body, fill.body)).toBe(true);
    const ratio = await render(blue, `fit=facearea,fill&w=400&ar=1:1&${FILL}`);
    expect([ratio.width, ratio.height]).toEqual([400, 400]);
    // 300x200 enlarged to 400x267, 66 rows of fill above.
    expect(await pixelAt(listed.body, 0, 60)).toEqual({ ...RED, alpha: 255 });
    expect(await pixelAt(listed.body, 0, 200)).toEqual({ ...BLUE, alpha: 255 });
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeAi } from '../testing/fake-ai.ts';
import { renderQuery } from '../testing/render-query.ts';

/** 200 x 100 mid grey with a "face": 20 x 20 at (140, 20), its left half black, right half white. */
async function portrait(): Promise<Buffer> {
  const face = Buffer.alloc(20 * 20 * 3);
  for (let y = 0; y < 20; y += 1) {
    for (let x = 0; x < 20; x += 1)
      face.fill(x < 10 ? 0 : 255, (y * 20 + x) * 3, (y * 20 + x) * 3 + 3);
  }
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
    .composite([{ input: face, raw: { width: 20, height: 20, channels: 3 }, left: 140, top: 20 }])
    .png()
    .toBuffer();
}

const FACE = { box: { left: 140, top: 20, width: 20, height: 20 }, score: 0.99 };
const SPACE = { width: 200, height: 100 };

async function stats(
  image: Uint8Array,
  region: { left: number; top: number; width: number; height: number },
) {
  // stats() describes a pipeline's input, so the region is cut out first.
  const { channels } = await sharp(await sharp(image).extract(region).png().toBuffer()).stats();
  return channels[0] ?? { stdev: 0, mean: 0 };
}

describe('face-aware parameters', () => {
  it('crop=faces centres the crop on the faces found', async () => {
    const { models } = fakeAi({ faces: [FACE], faceSpace: SPACE });
    const centred = await renderQuery(await portrait(), 'w=100&h=100&fit=crop&fm=png');
    const onFace = await renderQuery(await portrait(), 'w=100&h=100&fit=crop&crop=faces&fm=png', {
      ai: models,
    });
    // The face (x 140-160) is outside the centred window (x 50-150 minus half) but inside this one.
    expect((await stats(centred.body, { left: 90, top: 20, width: 10, height: 20 })).stdev).toBe(0);
    expect(
      (await stats(onFace.body, { left: 40, top: 20, width: 20, height: 20 })).stdev,
    ).toBeGreaterThan(100);
  });

  it('crop=faces falls back to the next mode when no face is found', async () => {
    const { models } = fakeAi({ faces: [] });
    const result = await renderQuery(
      await portrait(),
      'w=100&h=100&fit=crop&crop=faces,left&fm=png',
      {
        ai: models,
      },
    );
    const left = await renderQuery(await portrait(), 'w=100&h=100&fit=crop&crop=left&fm=png');
    expect(Buffer.compare(result.body, left.body)).toBe(0);
  });

  it('fit=facearea cuts the padded face and sizes it', async () => {
    const { models } = fakeAi({ faces: [FACE], faceSpace: SPACE });
    const area = await renderQuery(await portrait(), 'fit=facearea&fm=png', { ai: models });
    // facepad 1 doubles each side: 40 x 40 around the 20 x 20 face.
    expect([area.width, area.height]).toEqual([40, 40]);
    const sized = await renderQuery(await portrait(), 'fit=facearea&facepad=2&w=30&h=30&fm=png', {
      ai: models,
    });
    expect([sized.width, sized.height]).toEqual([30, 30]);
    expect(
      (await stats(sized.body, { left: 10, top: 10, width: 10, height: 10 })).stdev,
    ).toBeGreaterThan(50);
  });

  it('faceindex picks a face, largest first; one past the last uses the whole image', async () => {
    const small = { box: { left: 20, top: 30, width: 10, height: 10 }, score: 0.9 };
    const { models } = fakeAi({ faces: [small, FACE], faceSpace: SPACE });
    const first = await renderQuery(await portrait(), 'fit=facearea&fm=png', { ai: models });
    expect([first.width, first.height]).toEqual([40, 40]);
    const second = await renderQuery(await portrait(), 'fit=facearea&faceindex=2&fm=png', {
      ai: models,
    });
    expect([second.width, second.height]).toEqual([20, 20]);
    const none = await renderQuery(await portrait(), 'fit=facearea&faceindex=3&fm=png', {
      ai: models,
    });
    expect([none.width, none.height]).toEqual([200, 100]);
  });

  it('face-blur smooths the face and leaves the rest', async () => {
    const { models } = fakeAi({ faces: [FACE], faceSpace: SPACE });
    const result = await renderQuery(await portrait(), 'face-blur=100&fm=png', { ai: models });
    // The face alone: half black, half white, a standard deviation of 127.5.
    const face = await stats(result.body, { left: 142, top: 22, width: 16, height: 16 });
    expect(face.stdev).toBeLessThan(80);
    const rest = await stats(result.body, { left: 0, top: 0, width: 100, height: 100 });
    expect([rest.mean, rest.stdev]).toEqual([128, 0]);
  });

  it('face-pixel turns the face into a few blocks', async () => {
    const ramp = Buffer.alloc(40 * 40 * 3);
    for (let index = 0; index < 40 * 40; index += 1)
      ramp.fill((index % 40) * 6, index * 3, index * 3 + 3);
    const image = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#808080' },
    })
      .composite([{ input: ramp, raw: { width: 40, height: 40, channels: 3 }, left: 120, top: 30 }])
      .png()
      .toBuffer();
    const { models } = fakeAi({
      faces: [{ box: { left: 120, top: 30, width: 40, height: 40 }, score: 1 }],
      faceSpace: SPACE,
    });
    const result = await renderQuery(image, 'face-pixel=100&fm=png', { ai: models });
    const row = await sharp(result.body)
      .extract({ left: 122, top: 50, width: 36, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const levels = new Set([...row].filter((_, index) => index % 3 === 0));
    // 36 ramp steps before; face-pixel=100 leaves about four blocks across the face.
    expect(levels.size).toBeLessThanOrEqual(6);
    const rest = await stats(result.body, { left: 0, top: 0, width: 100, height: 100 });
    expect([rest.mean, rest.stdev]).toEqual([128, 0]);
  });

  it('auto=redeye takes the red out of the pupils', async () => {
    const redEyes = await sharp({
      create: { width: 100, height: 60, channels: 3, background: '#d0b090' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="100" height="60"><circle cx="35" cy="30" r="5" fill="#e01010"/><circle cx="65" cy="30" r="5" fill="#e01010"/></svg>',
          ),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const { models } = fakeAi({
      faces: [
        {
          box: { left: 20, top: 10, width: 60, height: 45 },
          score: 0.9,
          leftEye: { x: 35, y: 30 },
          rightEye: { x: 65, y: 30 },
          eyeRadius: 5,
        },
      ],
      faceSpace: { width: 100, height: 60 },
    });
    const result = await renderQuery(redEyes, 'auto=redeye&fm=png', { ai: models });
    const { data } = await sharp(result.body)
      .extract({ left: 35, top: 30, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(40);
    const skin = await sharp(result.body)
      .extract({ left: 5, top: 5, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...skin].slice(0, 3)).toEqual([0xd0, 0xb0, 0x90]);
  });

  it('faces=1 adds the faces to fm=json', async () => {
    const { models } = fakeAi({ faces: [FACE], faceSpace: SPACE });
    const result = await renderQuery(await portrait(), 'fm=json&faces=1', { ai: models });
    const json = JSON.parse(result.body.toString()) as { Faces: unknown };
    expect(json.Faces).toEqual([
      { bounds: { x: 140, y: 20, width: 20, height: 20 }, confidence: 0.99 },
    ]);
    const without = await renderQuery(await portrait(), 'fm=json', { ai: models });
    expect(JSON.parse(without.body.toString())).not.toHaveProperty('Faces');
  });
});

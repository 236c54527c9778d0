import { parseParams } from '@darkroom/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeAi } from '../testing/fake-ai.ts';
import { pixelAt } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { subjectRequest } from './subjects.ts';
import type { DetectedLabel } from './types.ts';

const GREY = { r: 128, g: 128, b: 128 };
const RED = { r: 230, g: 20, b: 20 };
const BLUE = { r: 20, g: 40, b: 230 };

/** 300x100 grey with a red block at x 10-40 and a blue block at x 250-290 (both y 30-70). */
async function scene(): Promise<Buffer> {
  const block = (width: number, colour: typeof RED) =>
    sharp({ create: { width, height: 40, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 100, channels: 3, background: GREY } })
    .composite([
      { input: await block(30, RED), left: 10, top: 30 },
      { input: await block(40, BLUE), left: 250, top: 30 },
    ])
    .png()
    .toBuffer();
}

const DOG: DetectedLabel = {
  name: 'dog',
  confidence: 0.9,
  box: { left: 10, top: 30, width: 30, height: 40 },
};
const CAR: DetectedLabel = {
  name: 'car',
  confidence: 0.8,
  box: { left: 250, top: 30, width: 40, height: 40 },
};
const SPACE = { width: 300, height: 100 };
const QUERY = 'w=100&h=100&fit=crop&fm=png';

/** The colour in the middle of a 100x100 crop's left and right thirds. */
async function sides(body: Uint8Array) {
  return { left: await pixelAt(body, 15, 50), right: await pixelAt(body, 85, 50) };
}

describe('object-aware crop', () => {
  it('reads crop modes as COCO classes, supercategories and auto', () => {
    const request = subjectRequest(['vehicle', 'dog', 'top']);
    expect(request.auto).toBe(false);
    expect([...request.classes]).toEqual(expect.arrayContaining(['car', 'bus', 'dog']));
    expect(request.classes.has('top')).toBe(false);
    expect(subjectRequest(['auto']).auto).toBe(true);
  });

  it('accepts crop=auto and crop=<class> in URLs, and still refuses unknown modes', () => {
    for (const crop of ['auto', 'dog', 'vehicle', 'traffic light', 'auto,top']) {
      expect(parseParams(new URLSearchParams({ fit: 'crop', crop })).ok, crop).toBe(true);
    }
    expect(parseParams(new URLSearchParams({ fit: 'crop', crop: 'dragon' })).ok).toBe(false);
  });

  it('crop=auto centres on the most prominent object found', async () => {
    // The car is larger (40x40 at 0.8 beats 30x40 at 0.9): the crop moves right, onto it.
    const { models } = fakeAi({ labels: [DOG, CAR], faceSpace: SPACE });
    const result = await renderQuery(await scene(), `${QUERY}&crop=auto`, { ai: models });
    expect([result.width, result.height]).toEqual([100, 100]);
    const { left, right } = await sides(result.body);
    expect(left).toEqual({ ...GREY, alpha: 255 });
    expect(await pixelAt(result.body, 70, 50)).toEqual({ ...BLUE, alpha: 255 });
    expect(right).toEqual({ ...BLUE, alpha: 255 });
  });

  it('crop=auto prefers the faces when there are any', async () => {
    const face = { box: { left: 15, top: 35, width: 20, height: 20 }, score: 0.9 };
    const { models } = fakeAi({ faces: [face], labels: [CAR], faceSpace: SPACE });
    const result = await renderQuery(await scene(), `${QUERY}&crop=auto`, { ai: models });
    expect(await pixelAt(result.body, 20, 50)).toEqual({ ...RED, alpha: 255 });
  });

  it('crop=<class> and crop=<supercategory> anchor to an object of that kind', async () => {
    const { models } = fakeAi({ labels: [DOG, CAR], faceSpace: SPACE });
    const dog = await renderQuery(await scene(), `${QUERY}&crop=dog`, { ai: models });
    expect(await pixelAt(dog.body, 20, 50)).toEqual({ ...RED, alpha: 255 });
    const animal = await renderQuery(await scene(), `${QUERY}&crop=animal`, { ai: models });
    expect(Buffer.compare(animal.body, dog.body)).toBe(0);
    const vehicle = await renderQuery(await scene(), `${QUERY}&crop=vehicle`, { ai: models });
    expect(await pixelAt(vehicle.body, 85, 50)).toEqual({ ...BLUE, alpha: 255 });
  });

  it('falls back to a centred crop, or the next mode, when nothing is found', async () => {
    const { models } = fakeAi({ labels: [CAR], faceSpace: SPACE });
    const centred = await renderQuery(await scene(), QUERY);
    const none = await renderQuery(await scene(), `${QUERY}&crop=dog`, { ai: models });
    expect(Buffer.compare(none.body, centred.body)).toBe(0);
    expect(await sides(centred.body)).toEqual({
      left: { ...GREY, alpha: 255 },
      right: { ...GREY, alpha: 255 },
    });
    const nextMode = await renderQuery(await scene(), `${QUERY}&crop=dog,left`, { ai: models });
    expect(await pixelAt(nextMode.body, 20, 50)).toEqual({ ...RED, alpha: 255 });
    // Without a detector at all, crop=auto is the centred crop.
    const noDetector = await renderQuery(await scene(), `${QUERY}&crop=auto`);
    expect(Buffer.compare(noDetector.body, centred.body)).toBe(0);
  });
});

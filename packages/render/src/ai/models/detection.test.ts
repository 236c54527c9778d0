import { describe, expect, it } from 'vitest';
import { AiOperationError } from '../types.ts';
import { createLocalAiModels } from './index.ts';
import { readFixture } from './test-images.ts';

describe('detection with BlazeFace and CenterNet', { timeout: 180_000 }, () => {
  const models = createLocalAiModels();

  it('finds the face in astronaut.png with its eyes', async () => {
    const { faces } = await models.detect(await readFixture('astronaut.png'), {
      faces: true,
      labels: false,
    });

    expect(faces).toHaveLength(1);
    const [face] = faces;
    // Eileen Collins' face is in the upper middle of the 512x512 portrait.
    expect(face?.box.left).toBeGreaterThan(100);
    expect(face?.box.left).toBeLessThan(250);
    expect(face?.box.top).toBeLessThan(150);
    expect(face?.leftEye?.x).toBeLessThan(face?.rightEye?.x ?? 0);
    expect(face?.eyeRadius).toBeGreaterThan(0);
  });

  it('finds no face among the coins', async () => {
    const { faces } = await models.detect(await readFixture('coins.png'), {
      faces: true,
      labels: false,
    });

    expect(faces).toEqual([]);
  });

  it('labels chelsea.png as a cat', async () => {
    const { labels, faces } = await models.detect(await readFixture('chelsea.png'), {
      faces: false,
      labels: true,
    });

    expect(faces).toEqual([]);
    expect(labels.map((label) => label.name)).toContain('cat');
    expect(labels[0]?.name).toBe('cat');
  });

  it('reports pixels that do not match their size as an operation that could not run', async () => {
    const truncated = { data: new Uint8Array(5), width: 10, height: 10, channels: 3 as const };

    await expect(models.detect(truncated, { faces: true, labels: false })).rejects.toBeInstanceOf(
      AiOperationError,
    );
  });
});

import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AiOperationError } from '../types.ts';
import { AiWorker } from './ai-worker.ts';

const ASTRONAUT = new URL('../../../test/ai/astronaut.png', import.meta.url);

async function rgb(url: URL) {
  const { data, info } = await sharp(readFileSync(url))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 as const };
}

// The worker is a real child process running the real models.
describe('AI worker process', { timeout: 180_000 }, () => {
  const worker = new AiWorker({ timeoutMs: 120_000 });
  afterAll(() => worker.close());

  it('runs detection in the child and hands back plain data', async () => {
    const { faces } = await worker.detect(await rgb(ASTRONAUT), { faces: true, labels: false });
    expect(faces.length).toBeGreaterThanOrEqual(1);
    expect(faces[0]?.box.width).toBeGreaterThan(50);
  });

  it('reports a failing call as an AiOperationError and keeps serving', async () => {
    const bad = { data: new Uint8Array(3), width: 10, height: 10, channels: 3 as const };
    await expect(worker.upscale(bad, 2)).rejects.toBeInstanceOf(AiOperationError);
    const { faces } = await worker.detect(await rgb(ASTRONAUT), { faces: true, labels: false });
    expect(faces.length).toBeGreaterThanOrEqual(1);
  });

  it('exits when idle and starts again for the next call', async () => {
    const resting = new AiWorker({ timeoutMs: 120_000, idleMs: 50 });
    const image = await rgb(ASTRONAUT);
    expect((await resting.detect(image, { faces: true, labels: false })).faces.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resting.running).toBe(false);
    expect((await resting.detect(image, { faces: true, labels: false })).faces.length).toBe(1);
    resting.close();
  });

  it('stops a call that outlives its timeout and starts afresh for the next', async () => {
    const impatient = new AiWorker({ timeoutMs: 1 });
    await expect(
      impatient.detect(await rgb(ASTRONAUT), { faces: true, labels: false }),
    ).rejects.toThrow(/longer than 1 ms/);
    impatient.close();
    await expect(
      impatient.detect(await rgb(ASTRONAUT), { faces: true, labels: false }),
    ).rejects.toThrow(/stopped/);
  });
});

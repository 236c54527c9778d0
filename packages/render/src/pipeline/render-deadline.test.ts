import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';
import { Deadline } from '../output/limits.ts';
import { RenderError } from './context.ts';
import { currentDeadline, withinDeadline } from './render-deadline.ts';

const tiny = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png();

describe('render deadlines', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses to start a sharp pipeline once the render’s time is up, with 504', async () => {
    const failure = await withinDeadline(new Deadline(0, undefined), undefined, () =>
      tiny().toBuffer(),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).status).toBe(504);
  });

  it('gives a pipeline without a timeout of its own the time the render has left', async () => {
    const pipeline = tiny();
    await withinDeadline(new Deadline(30_000, undefined), undefined, () => pipeline.toBuffer());
    const { timeoutSeconds } = (pipeline as unknown as { options: { timeoutSeconds: number } })
      .options;
    expect(timeoutSeconds).toBeGreaterThanOrEqual(29);
    expect(timeoutSeconds).toBeLessThanOrEqual(30);
  });

  it('leaves pipelines outside a render unbounded', async () => {
    const pipeline = tiny();
    await pipeline.toBuffer();
    expect(
      (pipeline as unknown as { options: { timeoutSeconds: number } }).options.timeoutSeconds,
    ).toBe(0);
    expect(currentDeadline().signal).toBeUndefined();
  });

  it('cancels a render whose caller gives up mid-render: it rejects with 504 and starts no further pipeline', async () => {
    const image = await solid(200, 100, { r: 255, g: 255, b: 255 });
    // The first render installs the deadline binding that the spy below wraps.
    await renderQuery(image, 'txt=Hello&txt-line=2');
    const bound = sharp.prototype.toBuffer;
    const controller = new AbortController();
    let calls = 0;
    vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (
      this: sharp.Sharp,
      ...args: unknown[]
    ) {
      calls += 1;
      // The caller goes away (its 504 sent) as the render starts its first pixel pipeline.
      if (calls === 1) controller.abort();
      return (bound as (...args: unknown[]) => unknown).apply(this, args);
    } as typeof sharp.prototype.toBuffer);
    const failure = await renderQuery(image, 'txt=Hello&txt-size=30&txt-line=3&txt-shad=5', {
      signal: controller.signal,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).status).toBe(504);
    const callsAtCancel = calls;
    // Nothing of the render is left running to start another pipeline later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(callsAtCancel);
    expect(callsAtCancel).toBe(1);
  });
});

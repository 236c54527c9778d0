import { describe, expect, it } from 'vitest';
import { Deadline } from '../output/limits.ts';
import { pixelFloodPng } from '../testing/animated-images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { RenderError } from './context.ts';
import { isLostVipsError, retryingLostVipsErrors } from './lost-vips-error.ts';

const lost = () => new Error('Unknown error');

describe('libvips failures whose message another failure took', () => {
  it('runs the render again and answers with what the second run learns', async () => {
    let runs = 0;
    const failure = await retryingLostVipsErrors(new Deadline(30_000, undefined), () => {
      runs += 1;
      return Promise.reject(runs === 1 ? lost() : new RenderError(422, 'truncated or corrupt'));
    }).catch((error: unknown) => error);
    expect(runs).toBe(2);
    expect((failure as RenderError).message).toBe('truncated or corrupt');
  });

  it('answers 422 once every run lost its message, and never retries a RenderError', async () => {
    let runs = 0;
    const failure = await retryingLostVipsErrors(new Deadline(30_000, undefined), () => {
      runs += 1;
      return Promise.reject(lost());
    }).catch((error: unknown) => error);
    expect(runs).toBe(3);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).status).toBe(422);

    runs = 0;
    const refused = new RenderError(413, 'too large');
    await expect(
      retryingLostVipsErrors(new Deadline(30_000, undefined), () => {
        runs += 1;
        return Promise.reject(refused);
      }),
    ).rejects.toBe(refused);
    expect(runs).toBe(1);
    expect(isLostVipsError(new RenderError(422, 'Unknown error'))).toBe(false);
  });

  it('keeps an unexplained failure met on every run as it is: a bug, answered 500', async () => {
    let runs = 0;
    const bug = new TypeError('x is undefined');
    await expect(
      retryingLostVipsErrors(new Deadline(30_000, undefined), () => {
        runs += 1;
        return Promise.reject(bug);
      }),
    ).rejects.toBe(bug);
    expect(runs).toBe(3);
  });

  it('gives up when the render’s time is over instead of running again', async () => {
    const failure = await retryingLostVipsErrors(new Deadline(0, undefined), () =>
      Promise.reject(lost()),
    ).catch((error: unknown) => error);
    expect((failure as RenderError).status).toBe(504);
  });

  it('answers every one of many damaged files failing at once with a RenderError', async () => {
    // Eight failing decodes at a time is what made sharp lose messages to each other.
    const damaged = pixelFloodPng(16, 16);
    const queries = ['', 'w=256', 'w=2000&h=2000&fit=crop&fm=png', 'fm=webp'];
    const failures = await Promise.all(
      Array.from({ length: 48 }, (_, index) =>
        renderQuery(damaged, queries[index % queries.length] ?? '').catch(
          (error: unknown) => error,
        ),
      ),
    );
    const unexplained = failures.filter((failure) => !(failure instanceof RenderError));
    expect(unexplained).toEqual([]);
    expect(failures.every((failure) => (failure as RenderError).status === 422)).toBe(true);
  });
});

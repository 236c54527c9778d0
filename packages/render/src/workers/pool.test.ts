import { afterAll, describe, expect, it } from 'vitest';
import { dilateMask } from '../overlay/morphology.ts';
import { RenderError } from '../pipeline/context.ts';
import { WorkerPool } from './pool.ts';

function randomMask(width: number, height: number): Uint8Array {
  let seed = 11;
  return Uint8Array.from({ length: width * height }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % 7 === 0 ? seed % 256 : 0;
  });
}

describe('WorkerPool', () => {
  const pool = new WorkerPool({ size: 2 });
  afterAll(() => pool.close());

  it('runs a task in a worker thread with the same result as on the main thread', async () => {
    const mask = randomMask(31, 19);
    const grown = await pool.run('dilate', { mask, width: 31, height: 19, radius: 4 });
    expect([...grown]).toEqual([...dilateMask(mask, 31, 19, 4)]);
    expect(pool.threads).toBe(1);
  });

  it('hands a RenderError thrown in the worker back with its status', async () => {
    const html = new TextEncoder().encode('<html xmlns="http://www.w3.org/1999/xhtml"/>');
    const failure = await pool.run('sanitizeSvg', { bytes: html }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).status).toBe(422);
  });

  it('terminates the thread of a task whose signal aborts, and keeps serving after', async () => {
    const side = 3000;
    const controller = new AbortController();
    // Seconds of work: a 9-megapixel mask grown by a disc of radius 100.
    const running = pool.run(
      'dilate',
      { mask: randomMask(side, side), width: side, height: side, radius: 100 },
      { signal: controller.signal },
    );
    const threadsWhileRunning = pool.threads;
    controller.abort();
    const failure = await running.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).status).toBe(504);
    // The busy thread is gone, not left to finish the work.
    expect(pool.threads).toBe(threadsWhileRunning - 1);
    const grown = await pool.run('dilate', {
      mask: new Uint8Array([0, 9, 0]),
      width: 3,
      height: 1,
      radius: 1,
    });
    expect([...grown]).toEqual([9, 9, 9]);
  });

  it('refuses at once a task whose signal has already aborted', async () => {
    const failure = await pool
      .run(
        'dilate',
        { mask: new Uint8Array(1), width: 1, height: 1, radius: 1 },
        { signal: AbortSignal.abort() },
      )
      .catch((error: unknown) => error);
    expect((failure as RenderError).status).toBe(504);
  });
});

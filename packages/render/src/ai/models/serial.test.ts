import { describe, expect, it } from 'vitest';
import { serialModel } from './serial.ts';

describe('serialModel', () => {
  it('loads the model once and runs one call at a time, in order', async () => {
    let loads = 0;
    let running = 0;
    let mostRunning = 0;
    const finished: number[] = [];
    const model = serialModel(async () => {
      loads++;
      return 'model';
    });
    const call = (id: number) =>
      model.run(async (loaded) => {
        running++;
        mostRunning = Math.max(mostRunning, running);
        // Yield to the event loop so an overlapping call would get the chance to start.
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        finished.push(id);
        return `${loaded} ${id}`;
      });

    const results = await Promise.all([call(1), call(2), call(3)]);

    expect(results).toEqual(['model 1', 'model 2', 'model 3']);
    expect(finished).toEqual([1, 2, 3]);
    expect(mostRunning).toBe(1);
    expect(loads).toBe(1);
  });

  it('keeps serving after a call fails', async () => {
    const model = serialModel(async () => 'model');

    const failed = model.run(async () => {
      throw new Error('bad input');
    });
    const next = model.run(async (loaded) => loaded);

    await expect(failed).rejects.toThrow('bad input');
    await expect(next).resolves.toBe('model');
  });

  it('tries the load again on the next call after it failed', async () => {
    let attempts = 0;
    const model = serialModel(async () => {
      attempts++;
      if (attempts === 1) throw new Error('model file missing');
      return 'model';
    });

    await expect(model.run(async (loaded) => loaded)).rejects.toThrow('model file missing');
    await expect(model.run(async (loaded) => loaded)).resolves.toBe('model');
    expect(attempts).toBe(2);
  });
});

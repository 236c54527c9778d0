import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueFullError, RenderQueue, runWithDeadline } from './render-queue.ts';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('RenderQueue', () => {
  it('runs at most `concurrency` tasks and starts waiting ones as slots free up', async () => {
    const queue = new RenderQueue({ concurrency: 2, maxWaiting: 5 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(1);
    gates[0]?.resolve();
    expect(await runs[0]).toBe(0);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.running).toBe(2);
    gates[1]?.resolve();
    gates[2]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.running).toBe(0);
  });

  it('refuses a task at once when every slot and every waiting place is taken', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'waited');
    const third = queue.run(async () => 'refused');
    await expect(third).rejects.toBeInstanceOf(QueueFullError);
    await expect(third).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    gate.resolve();
    await first;
    expect(await second).toBe('waited');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('runWithDeadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers with the timeout error but keeps the slot until the task ends', async () => {
    vi.useFakeTimers();
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 0 });
    const gate = deferred();
    let aborted = false;
    const running = runWithDeadline(
      queue,
      1000,
      async (signal) => {
        signal.addEventListener('abort', () => {
          aborted = true;
        });
        await gate.promise;
        return 'late';
      },
      () => new Error('too slow'),
    );
    const outcome = running.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toEqual(new Error('too slow'));
    expect(aborted).toBe(true);
    expect(queue.running).toBe(1);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.running).toBe(0);
  });

  it('passes on the result and the refusal of a full queue', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaiting: 0 });
    const gate = deferred();
    const first = runWithDeadline(
      queue,
      60_000,
      () => gate.promise.then(() => 1),
      () => new Error(),
    );
    await expect(
      runWithDeadline(
        queue,
        60_000,
        async () => 2,
        () => new Error(),
      ),
    ).rejects.toBeInstanceOf(QueueFullError);
    gate.resolve();
    expect(await first).toBe(1);
  });
});

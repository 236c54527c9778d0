import { describe, expect, it } from 'vitest';
import { Mutex } from './mutex.ts';

describe('Mutex', () => {
  it('lets holders in one at a time, in the order they asked', async () => {
    const mutex = new Mutex();
    const order: string[] = [];
    const holder = async (name: string, work: number) => {
      const release = await mutex.lock();
      order.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, work));
      order.push(`${name} out`);
      release();
    };
    await Promise.all([holder('a', 20), holder('b', 1), holder('c', 5)]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });
});

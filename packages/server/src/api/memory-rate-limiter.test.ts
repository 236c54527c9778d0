import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';

const MINUTE = 60_000;

describe('MemoryRateLimiter', () => {
  it('allows the limit per window, then answers the seconds left in the window', () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(MINUTE, () => now);
    const hit = () => limiter.count([{ key: 'ip:a', limit: 2 }]);
    expect(hit()).toBeNull();
    now += 15_000;
    expect(hit()).toBeNull();
    expect(hit()).toBe(45);
    now += 44_500;
    expect(hit()).toBe(1);
  });

  it('starts a new window once the last one is over', () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(MINUTE, () => now);
    const hit = () => limiter.count([{ key: 'k', limit: 1 }]);
    expect(hit()).toBeNull();
    expect(hit()).toBe(60);
    now = 60_000;
    expect(hit()).toBeNull();
  });

  it('counts each key on its own and answers the longest wait of those over their limit', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(MINUTE, () => now);
    expect(await limiter.hit([{ key: 'a', limit: 1 }])).toBeNull();
    now = 30_000;
    expect(await limiter.hit([{ key: 'b', limit: 1 }])).toBeNull();
    expect(
      await limiter.hit([
        { key: 'a', limit: 1 },
        { key: 'b', limit: 1 },
      ]),
    ).toBe(60);
    expect(await limiter.hit([{ key: 'a', limit: 2 }])).toBe(30);
    expect(await limiter.hit([{ key: 'a', limit: 5 }])).toBeNull();
    expect(await limiter.hit([{ key: 'c', limit: 1 }])).toBeNull();
  });
});

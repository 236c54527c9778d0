import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './rate-limit.ts';

describe('FixedWindowLimiter', () => {
  it('allows the limit per minute, then answers the seconds left in the window', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter(() => now);
    expect(limiter.hit('ip:a', 2)).toBeNull();
    now += 15_000;
    expect(limiter.hit('ip:a', 2)).toBeNull();
    expect(limiter.hit('ip:a', 2)).toBe(45);
    now += 44_500;
    expect(limiter.hit('ip:a', 2)).toBe(1);
  });

  it('starts a new window once the minute is over', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(() => now);
    expect(limiter.hit('k', 1)).toBeNull();
    expect(limiter.hit('k', 1)).toBe(60);
    now = 60_000;
    expect(limiter.hit('k', 1)).toBeNull();
  });

  it('counts each key on its own', () => {
    const limiter = new FixedWindowLimiter(() => 0);
    expect(limiter.hit('a', 1)).toBeNull();
    expect(limiter.hit('b', 1)).toBeNull();
    expect(limiter.hit('a', 1)).toBe(60);
  });
});

import { describe, expect, it } from 'vitest';
import { describeExit, RestartBackoff } from './restart-backoff.ts';

describe('RestartBackoff', () => {
  it('doubles the wait from 1 s to 30 s while the process keeps dying young', () => {
    const backoff = new RestartBackoff();
    const waits = Array.from({ length: 8 }, () => backoff.next(500));
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts from 1 s again after a process ran a minute', () => {
    const backoff = new RestartBackoff();
    backoff.next(0);
    backoff.next(0);
    expect(backoff.next(59_999)).toBe(4_000);
    expect(backoff.next(60_000)).toBe(1_000);
    expect(backoff.next(0)).toBe(2_000);
  });
});

describe('describeExit', () => {
  it('names the exit code, or the signal that killed the process', () => {
    expect(describeExit(1, null)).toBe('exited with code 1');
    expect(describeExit(null, 'SIGKILL')).toBe('was killed by SIGKILL');
  });
});

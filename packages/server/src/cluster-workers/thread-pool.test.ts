import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { THREADS_BESIDE_RENDERS, threadPoolSizing } from './thread-pool.ts';

describe('threadPoolSizing', () => {
  it('gives every render a thread, and the work around them the rest', () => {
    expect(threadPoolSizing({ RENDER_CONCURRENCY: '12' })).toEqual({
      kind: 'sized',
      threads: 12 + THREADS_BESIDE_RENDERS,
      renders: 12,
    });
  });

  it('reads RENDER_CONCURRENCY as the server does, its default shared among WORKERS', () => {
    const cores = os.availableParallelism();
    expect(threadPoolSizing({})).toMatchObject({ renders: cores });
    expect(threadPoolSizing({ WORKERS: '2' })).toMatchObject({ renders: Math.ceil(cores / 2) });
  });

  it("keeps the operator's own size", () => {
    expect(threadPoolSizing({ UV_THREADPOOL_SIZE: '64', RENDER_CONCURRENCY: '2' })).toEqual({
      kind: 'operator',
      threads: '64',
    });
  });

  it('stays within the most libuv starts', () => {
    expect(threadPoolSizing({ RENDER_CONCURRENCY: '1024' })).toMatchObject({ threads: 1024 });
  });

  it("leaves settings that do not read to the server's configuration check", () => {
    expect(threadPoolSizing({ RENDER_CONCURRENCY: 'lots' })).toEqual({ kind: 'unreadable' });
    expect(threadPoolSizing({ WORKERS: 'many' })).toEqual({ kind: 'unreadable' });
  });
});

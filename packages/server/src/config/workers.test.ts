import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './load.ts';

const POSTGRES = {
  DARKROOM_COMMIT: 'x',
  DATABASE_URL: 'postgres://darkroom@db/darkroom',
  DARKROOM_SECRET_KEY: 'ab'.repeat(32),
};

describe('WORKERS', () => {
  it('is one process by default, rendering on every core', () => {
    const config = loadConfig({ DARKROOM_COMMIT: 'x' });
    expect(config.workers).toBe(1);
    expect(config.renderConcurrency).toBe(os.availableParallelism());
  });

  it('refuses more than one process on the embedded database, saying why', () => {
    expect(() => loadConfig({ DARKROOM_COMMIT: 'x', WORKERS: '2' })).toThrow(
      'WORKERS: must be 1 without DATABASE_URL: the embedded database is opened by one process only (got "2")',
    );
    expect(loadConfig({ DARKROOM_COMMIT: 'x', WORKERS: '1' }).workers).toBe(1);
  });

  it('reads auto as one process per core, which needs PostgreSQL as soon as there are two', () => {
    expect(loadConfig({ ...POSTGRES, WORKERS: 'Auto' }).workers).toBe(os.availableParallelism());
    const embedded = () => loadConfig({ DARKROOM_COMMIT: 'x', WORKERS: 'auto' });
    if (os.availableParallelism() > 1) expect(embedded).toThrow(/WORKERS: must be 1/);
    else expect(embedded().workers).toBe(1);
  });

  it('shares the cores among the processes for the default render concurrency', () => {
    const cores = os.availableParallelism();
    expect(loadConfig({ ...POSTGRES, WORKERS: '2' }).renderConcurrency).toBe(Math.ceil(cores / 2));
    expect(loadConfig({ ...POSTGRES, WORKERS: String(cores * 4) }).renderConcurrency).toBe(1);
    expect(
      loadConfig({ ...POSTGRES, WORKERS: '2', RENDER_CONCURRENCY: '6' }).renderConcurrency,
    ).toBe(6);
  });

  it('refuses what is neither auto nor a whole number from 1 to 256', () => {
    for (const value of ['0', '257', 'many', '1.5']) {
      expect(() => loadConfig({ ...POSTGRES, WORKERS: value })).toThrow(
        `WORKERS: must be auto or a whole number between 1 and 256 (got "${value}")`,
      );
    }
  });
});

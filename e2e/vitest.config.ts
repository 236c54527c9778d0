import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['support/app-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server are shared; specs run one file at a time to keep timing sane on 2 cores.
    fileParallelism: false,
  },
});

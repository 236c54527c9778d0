import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cluster',
    root: 'cluster',
    include: ['specs/**/*.cluster.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    // Specs wait on several server processes at once (starts, job runs, a database paused and
    // resumed), sharing two cores with them.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One set of processes is shared: specs that kill a node or pause the database must not run
    // beside the others.
    fileParallelism: false,
  },
});

import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'packages/render', 'packages/server', 'packages/web'],
    // The server files wait on PostgreSQL, the disk and child processes as much as on the CPU,
    // so run at least three files at once (vitest's default on two cores would be one).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
  },
});

import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // jsdom renders of whole pages take a second or two alone; with every worker busy on two
    // cores the larger ones pass vitest's 5 s default, which would report failures that are not.
    testTimeout: 20_000,
  },
});

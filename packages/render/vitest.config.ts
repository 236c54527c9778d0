import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'render',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Tests encode and decode real images; with every worker busy on two cores a few of them
    // take seconds, which vitest's 5 s default would report as failures that are not.
    testTimeout: 30_000,
  },
});

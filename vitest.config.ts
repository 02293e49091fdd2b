import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // Integration and end-to-end tests drive real processes and real load.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default', './test/plain-summary-reporter.ts'],
  },
});

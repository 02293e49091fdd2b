import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
    // Integration and end-to-end tests drive real processes and real load.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default', './test/plain-summary-reporter.ts'],
    // A launched target runs on the user's terminal's Node by default (issue 38); the fixtures are written for
    // Flambé's own Node 24 (TypeScript stripping, process.threadCpuUsage), so the tests ask for the Node running
    // them. The tests of the default itself remove it (test/services/targets/default-node.test.ts, e2e/user-node).
    env: { FLAMBE_TARGET_NODE: process.execPath },
  },
});

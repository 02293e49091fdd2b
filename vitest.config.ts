import { defineConfig } from 'vitest/config';

// Files that hold a figure to a clock measured apart beside a CPU hog they start themselves: run after everything
// else, one at a time, so the only other work on the cores is the hog they chose (another test file beside them
// moved the server's own clock too: pbkdf2 read 1.29 ms a call where it reads 2.30 alone).
const CLOCK_FILES = [
  'test/services/targets/cpu-own-clock.test.ts', 'test/services/request-time/request-route-cpu.test.ts',
  // Child processes' hot functions held to their own CPU clocks (issue 34).
  'test/cli/cluster.test.ts', 'test/cli/fork-pool.test.ts',
];

export default defineConfig({
  test: {
    // Integration and end-to-end tests drive real processes and real load.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default', './test/plain-summary-reporter.ts'],
    // Every temporary folder of the run in one, removed at the end (test/helpers/run-tmpdir.ts).
    globalSetup: ['./test/helpers/run-tmpdir.ts'],
    // A launched target runs on the user's terminal's Node by default (issue 38); the fixtures are written for
    // Flambé's own Node 24 (TypeScript stripping, process.threadCpuUsage), so the tests ask for the Node running
    // them. The tests of the default itself remove it (test/services/targets/default-node.test.ts, e2e/user-node).
    env: { FLAMBE_TARGET_NODE: process.execPath },
    projects: [
      {
        extends: true,
        test: {
          name: 'all',
          include: ['shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**', ...CLOCK_FILES],
        },
      },
      ...CLOCK_FILES.map((file, i) => ({
        extends: true as const,
        test: { name: `clock-${i + 1}`, include: [file], sequence: { groupOrder: i + 1 } },
      })),
    ],
  },
});

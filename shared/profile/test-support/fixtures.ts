// The recorded fixtures (test/fixtures/profiles, made by
// scripts/record-fixtures.js), loaded as text by Vite's `?raw` imports:
// shared/ may not use node:fs, even in tests.
import node20 from '../../../test/fixtures/profiles/node20.cpuprofile?raw';
import node22 from '../../../test/fixtures/profiles/node22.cpuprofile?raw';
import node24 from '../../../test/fixtures/profiles/node24.cpuprofile?raw';
import trace from '../../../test/fixtures/profiles/devtools-trace.json?raw';

export const FIXTURES: Record<string, string> = {
  'node20.cpuprofile': node20,
  'node22.cpuprofile': node22,
  'node24.cpuprofile': node24,
  'devtools-trace.json': trace,
};

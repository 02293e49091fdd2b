// The recorded fixtures (test/fixtures/profiles, made by
// scripts/record-fixtures.js), loaded as text by Vite's `?raw` imports:
// shared/ may not use node:fs, even in tests.
import node20 from '../../../test/fixtures/profiles/node20.cpuprofile?raw';
import node22 from '../../../test/fixtures/profiles/node22.cpuprofile?raw';
import node24 from '../../../test/fixtures/profiles/node24.cpuprofile?raw';
import trace from '../../../test/fixtures/profiles/devtools-trace.json?raw';
// Peer files (test/fixtures/profiles/make-peer-files.js): a Node 10 v8-profiler "head" profile, a trace with an orphan sample.
import node10 from '../../../test/fixtures/profiles/node10-v8-profiler.cpuprofile?raw';
import orphanSample from '../../../test/fixtures/profiles/chrome-orphan-sample.json?raw';

export const FIXTURES: Record<string, string> = {
  'node20.cpuprofile': node20,
  'node22.cpuprofile': node22,
  'node24.cpuprofile': node24,
  'devtools-trace.json': trace,
};

/** Files other tools write that Flambé must open (issue 32, item 8). */
export const PEER_FIXTURES: Record<string, string> = {
  'node10-v8-profiler.cpuprofile': node10,
  'chrome-orphan-sample.json': orphanSample,
};

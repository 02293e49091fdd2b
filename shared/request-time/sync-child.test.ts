import { describe, expect, it } from 'vitest';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import type { CollectedBatch } from './collected.ts';
import { waitingSentence } from './sentence.ts';
import { summarizeRequestTime } from './summarize.ts';
import { SYNC_CHILD, syncChildReader } from './sync-child.ts';

const ms = (x: number) => x * 1000; // the collector's clock is µs, as the profile's

// Two /health requests of 10 ms each (one stretch of code apiece), 10 ms apart: 8 ms of each in `git rev-parse`
// run by execSync from revision(), 2 ms in the handler's own code.
const profile = profileFromText(`
main                          main     (idle)  main                          main
health                        health           health                        health
revision                                       revision
execSync[node:child_process]                   execSync[node:child_process]
spawnSync[node:child_process]                  spawnSync[node:child_process]
spawnSync[native]                              spawnSync[native]
`, { weightsMs: [8, 2, 10, 8, 2], startTimeUs: 0 });
const batch: CollectedBatch = {
  clockUs: 0, open: 0, dropped: 0, stacks: [], background: [], waits: [],
  requests: [[1, 'GET', '/health', ms(0), ms(10), 200], [2, 'GET', '/health', ms(20), ms(30), 200]],
  segments: [1, ms(0), ms(10), 2, ms(20), ms(30)],
};

describe('a child process run synchronously in a request', () => {
  it('is found from the samples, with the user function that ran it', () => {
    const childOf = syncChildReader(profile);
    const places = [...profile.samples].map((node) => childOf(node)?.function ?? null);
    expect(places).toEqual(['revision', null, null, 'revision', null]);
  });

  it('is a wait on a child process, not the request\'s own CPU: the loop was held by a program, not by code', () => {
    const rt = summarizeRequestTime([batch], null, profile)!;
    const part = (kind: string) => rt.parts.find((p) => p.kind === kind);
    expect(part('child')).toMatchObject({ target: SYNC_CHILD, msPerRequest: 8, from: { function: 'revision' } });
    expect(part('cpu')!.msPerRequest).toBeCloseTo(2, 6);
    expect(waitingSentence(rt)).toMatch(/^Each request took 10 ms \(p50\): 8 ms waiting, with the event loop held, on a child process run synchronously \(from revision, app\.js:\d+\), 2 ms in its own code\. No other request is served while it runs: run it once at start-up and keep its answer, or use the asynchronous execFile/);
    // Without the profile nothing says what held the loop: it stays the request's own time.
    expect(summarizeRequestTime([batch])!.parts.map((p) => p.kind)).toEqual(['cpu']);
  });
});

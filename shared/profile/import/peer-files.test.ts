// Issue 32, item 8: files other tools write open again — a Node 10
// v8-profiler "head" profile, and a Chrome trace whose ProfileChunk samples
// name a node id no chunk declares (test/fixtures/profiles/make-peer-files.js
// derives both from the recordings beside them).
import { describe, expect, it } from 'vitest';
import { analyzeProfile } from '../views/analyze.ts';
import { importProfileWithFormat } from './any-format.ts';
import { trustChecks } from '../../verdict/checks.ts';
import { FIXTURES, PEER_FIXTURES } from '../test-support/fixtures.ts';

const numbers = (text: string, name: string) => {
  const { profile, format } = importProfileWithFormat(text, name);
  const a = analyzeProfile(profile);
  return { format, profile, samples: a.samples, durationMs: a.durationMs, top: a.functions.slice(0, 5).map((f) => [f.name, f.line, Math.round(f.selfMs * 1000)]) };
};

describe('peer files (item 8)', () => {
  it('a Node 10 v8-profiler .cpuprofile ("head" first, no nodes list) reads as the profile it was made from', () => {
    const legacy = numbers(PEER_FIXTURES['node10-v8-profiler.cpuprofile'], 'node10-v8-profiler.cpuprofile');
    const modern = numbers(FIXTURES['node20.cpuprofile'], 'node20.cpuprofile');
    expect(legacy.format).toBe('cpuprofile-legacy');
    expect(legacy.samples).toBe(modern.samples);
    expect(legacy.durationMs).toBeCloseTo(modern.durationMs, 6);
    expect(legacy.top).toEqual(modern.top);
  });

  it('a trace sample naming a node id that is not in the profile goes to the root, as DevTools does, and the checks say so', () => {
    const orphan = numbers(PEER_FIXTURES['chrome-orphan-sample.json'], 'chrome-orphan-sample.json');
    const whole = numbers(FIXTURES['devtools-trace.json'], 'devtools-trace.json');
    expect(orphan.format).toBe('chrome-trace');
    // Every sample kept, the time unchanged: one sample's weight moved from its function to the root.
    expect(orphan.samples).toBe(whole.samples);
    expect(orphan.durationMs).toBeCloseTo(whole.durationMs, 6);
    expect(orphan.profile.orphanSamples).toEqual({ count: 1, example: 'samples[5] is 752' });
    expect(whole.profile.orphanSamples).toBeUndefined();
    const checks = trustChecks(orphan.profile, {}, []);
    expect(checks.find((c) => c.id === 'orphan-samples')?.text).toBe(
      '1 sample named a call-tree node missing from the file (samples[5] is 752): Flambé put it on the root of the call tree (no function), as Chrome DevTools does.');
  });

  it('a trace sample that is not a number at all is still refused', () => {
    const trace = JSON.parse(PEER_FIXTURES['chrome-orphan-sample.json']);
    const chunk = trace.traceEvents.find((e: { name: string; args: { data: { cpuProfile?: { samples?: unknown[] } } } }) => e.name === 'ProfileChunk' && (e.args.data.cpuProfile?.samples?.length ?? 0) > 10);
    chunk.args.data.cpuProfile.samples[5] = 'seven';
    expect(() => importProfileWithFormat(JSON.stringify(trace), 'x.json')).toThrow(/samples\[5\] is "seven", which is not the id of a node/);
  });
});

// Impossible timing (issue 20 item 7): one delta that moves the clock back
// past the start, or far past the profile's own end, is refused with the
// delta named — in a .cpuprofile and in a Chrome trace alike.
import { describe, expect, it } from 'vitest';
import { importProfile } from './import/any-format.ts';

const frame = (functionName: string) => ({ functionName, url: 'file:///app/server.js', scriptId: '1', lineNumber: 0, columnNumber: 0 });
const nodes = [{ id: 1, callFrame: frame('(root)'), children: [2, 3] }, { id: 2, callFrame: frame('work'), children: [] }, { id: 3, callFrame: frame('(program)'), children: [] }];

/** 3.4 s of samples every millisecond, `delta` at sample 1700. */
function cpuprofile(delta?: number, times: { startTime?: number; endTime?: number } = { startTime: 1_000_000, endTime: 4_400_000 }) {
  const timeDeltas = Array<number>(3400).fill(1000);
  if (delta !== undefined) timeDeltas[1700] = delta;
  return { nodes, ...times, samples: Array.from({ length: 3400 }, (_, i) => (i % 3 ? 2 : 3)), timeDeltas };
}

/** The same as a Chrome trace: Profile + one ProfileChunk whose nodes name their parent. */
function trace(delta?: number) {
  const p = cpuprofile(delta);
  const parentNodes = p.nodes.map(({ children: _, ...n }) => ({ ...n, ...(n.id === 1 ? {} : { parent: 1 }) }));
  return {
    traceEvents: [
      { name: 'Profile', ph: 'P', pid: 1, tid: 1, id: '0x1', ts: 1_000_000, args: { data: { startTime: 1_000_000 } } },
      { name: 'ProfileChunk', ph: 'P', pid: 1, tid: 1, id: '0x1', ts: 1_000_100, args: { data: { cpuProfile: { nodes: parentNodes, samples: p.samples }, timeDeltas: p.timeDeltas, endTime: 4_400_000 } } },
    ],
  };
}

describe('impossible timing', () => {
  it('a sound profile is 3.4 s long', () => {
    expect(importProfile(cpuprofile()).durationMs).toBeCloseTo(3399, 0); // the last sample ends at endTime
    expect(importProfile(trace()).durationMs).toBeCloseTo(3399, 0);
  });

  it('refuses a delta of -1e9 µs (was: a 3.4 s profile shown as 1 000 s)', () => {
    const sentence = "timeDeltas[1700] moves the clock 998 s before the profile's startTime: samples come after the start of a recording, so their times are unknown.";
    expect(() => importProfile(cpuprofile(-1e9))).toThrow(sentence);
    expect(() => importProfile(trace(-1e9))).toThrow(sentence);
  });

  it('refuses a delta that moves the clock orders of magnitude past the profile\'s own end', () => {
    expect(() => importProfile(cpuprofile(1e9))).toThrow("timeDeltas[1700] moves the clock 1 002 s past the profile's startTime, but its endTime is 3.4 s after it: the samples' times are unknown.");
    expect(() => importProfile(trace(1e9))).toThrow(/timeDeltas\[1700\] moves the clock 1 002 s past/);
  });

  it('keeps V8\'s out-of-order strays (a few ms back) and a profile without startTime and endTime, timed by its samples', () => {
    expect(importProfile(cpuprofile(-3000)).durationMs).toBeCloseTo(3396, 0);
    expect(importProfile(cpuprofile(undefined, {})).durationMs).toBeCloseTo(3399, 0);
  });
});

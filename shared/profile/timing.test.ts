// The timing rule (timing.ts), one case per clause.
import { describe, expect, it } from 'vitest';
import { importCpuProfile } from './import/cpuprofile.ts';
import { buildFlameTree } from './views/flame.ts';
import { formatTree, profileFromText } from './test-support/text-profile.ts';
import { orderSamplesByTime, sampleTimestampsUs, sampleWeightsMs } from './test-support/timing-rules.ts';

const frame = (functionName: string, url = '') => ({ functionName, scriptId: '0', url, lineNumber: url ? 0 : -1, columnNumber: url ? 0 : -1 });

/** root → a (id 2), root → b (id 3), root → (program) (id 4), root → (idle) (5), root → (garbage collector) (6). */
function profile(samples: number[], timeDeltas: number[], startTime: number, endTime: number, extra: Record<string, unknown> = {}) {
  return importCpuProfile({
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5, 6] },
      { id: 2, callFrame: frame('a', 'file:///app/a.js'), hitCount: 999 },
      { id: 3, callFrame: frame('b', 'file:///app/b.js') },
      { id: 4, callFrame: frame('(program)') },
      { id: 5, callFrame: frame('(idle)') },
      { id: 6, callFrame: frame('(garbage collector)') },
    ],
    samples, timeDeltas, startTime, endTime, ...extra,
  });
}

describe('the timing rule', () => {
  it('weighs a sample by the time until the next one, and the last until endTime', () => {
    // timestamps 1100, 1300, 1600; end 1800 (within the mean interval, 250)
    const p = profile([2, 3, 2], [100, 200, 300], 1000, 1800);
    expect(Array.from(p.weightsMs)).toEqual([0.2, 0.3, 0.2]);
    expect(p.durationMs).toBeCloseTo(0.7, 12);
  });

  it('gives the last sample at most the mean interval (DevTools), however far endTime is', () => {
    // timestamps 1100, 1300, 1600: mean interval (1600 - 1100) / 2 = 250
    const p = profile([2, 3, 2], [100, 200, 300], 1000, 2000);
    expect(Array.from(p.weightsMs)).toEqual([0.2, 0.3, 0.25]);
    expect(p.endTimeUs).toBe(1850);
    // a trace whose clock starts elsewhere: endTime decades after 254 ms of samples
    const deltas = Array.from({ length: 255 }, (_, i) => (i === 0 ? 5e6 : 1000));
    const far = profile(deltas.map((_, i) => 2 + (i % 2)), deltas, 0, 5e6 + 254_000 + 40 * 365 * 86_400e6);
    expect(far.durationMs).toBeCloseTo(255, 9);
  });

  it('refuses a clock that cannot be real: a huge gap, a lone sample decades long, time running backwards', () => {
    expect(() => profile([2, 3, 2], [0, 1e300, 1000], 0, 0)).toThrow(/samples span .* years.* not a recording's clock/);
    expect(() => profile([2], [0], 0, 40 * 365 * 86_400e6)).toThrow(/samples span .* years/);
    expect(() => profile([2, 3, 2, 3], [4000, -1000, -1000, -1000], 0, 4000)).toThrow(/3 of the 3 timeDeltas after the first are negative: the samples' clock runs backwards/);
    expect(() => profile([2, 3, 2, 3, 2], [4000, -1000, 2000, 1000, -500], 0, 6000)).not.toThrow(); // V8's few strays are sorted
    expect(() => profile([2, 3], [4000, -1000], 0, 6000)).not.toThrow(); // one stray is a stray
  });

  it('does not attribute the gap between startTime and the first sample', () => {
    const p = profile([2], [5000], 0, 6000);
    expect(Array.from(p.weightsMs)).toEqual([1]);
  });

  it('reads a clock that ends at -1, -2 or -3 µs like any other (those once stood for "bad delta", "unsorted", "bad sample")', () => {
    for (const end of [-1, -2, -3]) {
      const p = profile([2, 3], [end - 1000 - 6, 1000], 6, end + 1000);
      expect(Array.from(p.weightsMs)).toEqual([1, 1]);
      expect(p.endTimeUs).toBe(end + 1000);
    }
  });

  it('gives the last sample 0 when endTime is missing or before it', () => {
    expect(Array.from(profile([2, 3], [0, 1000], 0, 500).weightsMs)).toEqual([1, 0]);
    expect(Array.from(profile([2, 3], [0, 1000], 0, undefined as unknown as number).weightsMs)).toEqual([1, 0]);
  });

  it('ignores hitCount: only timeDeltas say how long a sample lasted', () => {
    const p = profile([3, 3], [0, 1000], 0, 2000);
    expect(buildFlameTree(p).children.map((c) => c.name)).toEqual(['b']);
  });

  it('sorts samples V8 wrote out of order instead of refusing them (negative deltas)', () => {
    // timestamps: a@1000, b@3000, a@2000 (delta -1000), end 4000
    const p = profile([2, 3, 2], [1000, 2000, -1000], 0, 4000);
    expect(Array.from(p.samples).map((n) => p.frames[p.nodeFrame[n]].name)).toEqual(['a', 'a', 'b']);
    expect(Array.from(p.weightsMs)).toEqual([1, 1, 1]);
  });

  it('counts a sample on (root) as (program)', () => {
    const p = profile([1, 2], [0, 1000], 0, 2000);
    expect(formatTree(buildFlameTree(p))).toBe([
      '- (root) (total 2, self 0)',
      '  - (program) (total 1, self 1)',
      '  - a (total 1, self 1)',
    ].join('\n'));
  });

  it('adds a (program) node for root samples when the tree has none', () => {
    const p = importCpuProfile({
      nodes: [{ id: 1, callFrame: frame('(root)'), children: [2] }, { id: 2, callFrame: frame('a', 'file:///a.js') }],
      samples: [1, 2], timeDeltas: [0, 1000], startTime: 0, endTime: 2000,
    });
    expect(buildFlameTree(p).children.map((c) => `${c.name} ${c.value}`).sort()).toEqual(['(program) 1', 'a 1']);
  });

  it('gives a lone (program) sample between two samples of one outermost function to the previous stack (DevTools)', () => {
    const p = profileFromText(`
      main   (program)  main   (program)  (program)  main
      work              other
    `);
    expect(formatTree(buildFlameTree(p))).toBe([
      '- (root) (total 6, self 0)',
      '  - main (total 4, self 1)',
      '    - work (total 2, self 2)',
      '    - other (total 1, self 1)',
      '  - (program) (total 2, self 2)',
    ].join('\n'));
  });

  it('counts (idle) and (garbage collector) as time, where V8 put them', () => {
    const p = profileFromText(`
      main  (idle)  (gc)  main
    `);
    expect(p.durationMs).toBe(4);
    expect(buildFlameTree(p).children.map((c) => `${c.name} ${c.value}`)).toEqual(['main 2', '(garbage collector) 1', '(idle) 1']);
  });

  it('makes self times add up to the duration', () => {
    const p = profile([2, 3, 4, 5, 6, 2], [10, 20, 30, 40, 50, 60], 0, 230);
    const tree = buildFlameTree(p);
    const selfSum = tree.children.reduce((s, c) => s + c.selfMs, 0);
    expect(selfSum).toBeCloseTo(p.durationMs, 9);
    expect(p.durationMs).toBeCloseTo((230 - 10) / 1000, 12);
  });
});

describe('timing helpers', () => {
  it('computes timestamps, order and weights', () => {
    const t = sampleTimestampsUs(100, [1, 2, 3], 3);
    expect(Array.from(t)).toEqual([101, 103, 106]);
    const s = Int32Array.from([5, 6, 7]);
    expect(orderSamplesByTime(s, t).samples).toBe(s); // already sorted: same arrays
    expect(Array.from(sampleWeightsMs(t, 1106))).toEqual([0.002, 0.003, 0.0025]); // the last: at most the mean interval
    expect(Array.from(sampleWeightsMs(t, 1107))).toEqual([0.002, 0.003, 0.0025]);
  });
});

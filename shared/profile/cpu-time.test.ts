import { describe, expect, it } from 'vitest';
import type { CpuAccounting } from '../recording/cpu-accounting.ts';
import { cpuMsOf, cpuPerSampledMs, cpuWords, msPerThousandRequests, perRequestOf, processCpuPerSampledMs, sampledTimes, withRequests } from './cpu-time.ts';
import { bottomUp } from './views/bottom-up.ts';
import { mergeThreads } from './threads.ts';
import { profileFromText } from './test-support/text-profile.ts';

// Ten samples of 10 ms: 6 in hash, 2 in handle's own code, 2 idle. Busy: 80 ms of sampled time.
const p = profileFromText(`
main   main   main   main   main   main   main   main   (idle) (idle)
handle handle handle handle handle handle handle handle
hash   hash   hash   hash   hash   hash
`, { weightsMs: 10 });

/** The thread got 40 ms of CPU over its 80 ms of sampled busy time: it waited for a core the other half. */
const accounting = (over: Partial<CpuAccounting> = {}): CpuAccounting => ({
  windowMs: 100, mainThread: { clock: 'threadCpuUsage', cpuMs: 40 }, processCpuMs: 55, sampledMs: 100, sampledBusyMs: 80,
  samples: 10, askedIntervalUs: 1000, workers: [], ...over,
});

const totalOf = (name: string) => bottomUp(p, { by: 'function' }).find((r) => r.name === name)!.totalMs;

describe('ms of CPU: the sampled share × the thread\'s CPU from the OS', () => {
  it('reads the profile\'s sampled and busy time by the timing rule', () => {
    expect(sampledTimes(p)).toEqual({ sampledMs: 100, sampledBusyMs: 80 });
  });

  it('gives a function its share of the busy time × the thread\'s CPU, per request', () => {
    const per = perRequestOf(20, accounting())!;
    expect(per.cpuPerSampledMs).toBe(0.5);
    // hash: 60 of 80 busy ms sampled → 30 of the thread's 40 ms of CPU → 1.5 ms a request, 1 500 per 1 000.
    expect(msPerThousandRequests(totalOf('hash'), per)).toBe(1500);
    expect(cpuWords(per)).toBe('of CPU');
  });

  it('keeps every function within the thread, the thread within the process, a % and its ms saying the same', () => {
    const a = accounting();
    const per = perRequestOf(20, a)!;
    const rows = bottomUp(p, { by: 'function' }).filter((r) => r.category !== 'idle');
    for (const r of rows) {
      expect(cpuMsOf(r.totalMs, per)).toBeLessThanOrEqual(a.mainThread!.cpuMs + 1e-9);
      // The same share of the busy time in sampled ms and in CPU ms.
      expect(cpuMsOf(r.totalMs, per) / a.mainThread!.cpuMs).toBeCloseTo(r.totalMs / a.sampledBusyMs, 12);
    }
    expect(a.mainThread!.cpuMs).toBeLessThanOrEqual(a.processCpuMs!);
  });

  it('never gives a function more CPU than its sampled time: the thread\'s CPU beyond its sampled busy time was spent while the profile says idle', () => {
    // 120 ms of CPU over 80 ms sampled busy (the sampler's signals and the event loop's native work, sampled idle, counted by the OS).
    const per = perRequestOf(20, accounting({ mainThread: { clock: 'threadCpuUsage', cpuMs: 120 } }))!;
    expect(per.cpuPerSampledMs).toBe(1);
    // hash: its 60 sampled ms, 3 ms a request — not 60/80 of the 120 ms (4.5 ms a request).
    expect(msPerThousandRequests(totalOf('hash'), per)).toBe(3000);
    // The same bound for a worker, and for every thread together.
    const a = accounting({ mainThread: { clock: 'threadCpuUsage', cpuMs: 120 }, workers: [{ name: 'worker 1 (w.js)', clock: 'threadCpuUsage', cpuMs: 50, sampledBusyMs: 40 }] });
    expect(cpuPerSampledMs(a, 'worker 1 (w.js)')).toBe(1);
    const whole = mergeThreads([{ name: 'main thread', profile: p }, { name: 'worker 1 (w.js)', profile: profileFromText('work work work work (idle)', { weightsMs: 10 }) }]);
    expect(processCpuPerSampledMs(a, whole)).toBe(1);
  });

  it('says "sampled time" where no OS clock was read: a file, a Node without threadCpuUsage on another machine', () => {
    for (const a of [null, accounting({ mainThread: null })]) {
      const per = perRequestOf(20, a)!;
      expect(per.cpuPerSampledMs).toBeNull();
      expect(msPerThousandRequests(totalOf('hash'), per)).toBe(3000);
      expect(cpuWords(per)).toBe('of sampled time');
    }
    expect(perRequestOf(0, accounting())).toBeNull();
  });

  it('on the main thread, takes the CPU per ms of its requests\' own code where the collector timed it: the thread\'s CPU while sampled idle is no busy function\'s', () => {
    // 90 ms of CPU over 300 ms of the timed requests' code: 0.3 a sampled ms, below the thread's 40 / 80.
    const timed = { requests: 50, cpuMs: 90, wallMs: 300 };
    const per = perRequestOf(20, accounting({ requestCode: timed }))!;
    expect(per.cpuPerSampledMs).toBeCloseTo(0.3, 12);
    // hash: 60 sampled ms × 0.3 = 18 ms of CPU over 20 requests.
    expect(msPerThousandRequests(totalOf('hash'), per)).toBeCloseTo(900, 9);
    // Never above the thread's own rate (its functions stay within its CPU), nor from too few timed requests.
    expect(cpuPerSampledMs(accounting({ requestCode: { ...timed, cpuMs: 270 } }))).toBe(0.5);
    expect(cpuPerSampledMs(accounting({ requestCode: { ...timed, requests: 5 } }))).toBe(0.5);
    // Nor from code timed too briefly: a thread's clock moves in 4–10 ms ticks, so 100 ms of it is ten to 25 ticks.
    expect(cpuPerSampledMs(accounting({ requestCode: { ...timed, cpuMs: 30, wallMs: 100 } }))).toBe(0.5);
    // A worker is read by its own clock.
    const a = accounting({ requestCode: timed, workers: [{ name: 'worker 1 (w.js)', clock: 'threadCpuUsage', cpuMs: 30, sampledBusyMs: 40 }] });
    expect(cpuPerSampledMs(a, 'worker 1 (w.js)')).toBe(0.75);
  });

  it('does not scale a profile with almost no busy time (a few samples say nothing of the ratio)', () => {
    expect(cpuPerSampledMs(accounting({ sampledBusyMs: 5, mainThread: { clock: 'schedstat', cpuMs: 4 } }))).toBeNull();
  });

  it('keeps the whole recording\'s CPU rate inside a time range, with that range\'s requests', () => {
    expect(withRequests(perRequestOf(20, accounting()), 5)).toEqual({ requests: 5, cpuPerSampledMs: 0.5 });
    expect(withRequests(perRequestOf(20, accounting()), 0)).toBeNull();
  });

  it('reads a worker with its own thread\'s CPU, and the whole process with every thread\'s', () => {
    const w = profileFromText('work work work work (idle)', { weightsMs: 10 });
    const a = accounting({ workers: [{ name: 'worker 1 (w.js)', clock: 'threadCpuUsage', cpuMs: 30, sampledBusyMs: 40 }] });
    expect(cpuPerSampledMs(a, 'worker 1 (w.js)')).toBe(0.75);
    const whole = mergeThreads([{ name: 'main thread', profile: p }, { name: 'worker 1 (w.js)', profile: w }]);
    // (40 + 30) ms of CPU over (80 + 40) ms of busy samples.
    expect(processCpuPerSampledMs(a, whole)).toBeCloseTo(70 / 120, 12);
    // One thread without a clock: the whole process cannot be told in CPU.
    expect(processCpuPerSampledMs(accounting({ workers: [{ name: 'worker 1 (w.js)', clock: null, cpuMs: null, sampledBusyMs: 40 }] }), whole)).toBeNull();
  });
});

// Sampled ms become CPU ms by the main thread's own clock (cpu-scale.ts).
import { describe, expect, it } from 'vitest';
import { cpuPerSampledMs } from './cpu-scale.ts';
import { buildVerdict } from './profile-verdict.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import type { ProcessSample } from '../recording/process-samples.ts';

// 1 000 samples of 1 ms: 800 in price (busy), 200 idle.
const busy = (n: number, idle: number) => profileFromText([...Array(n).fill('price[cart.js:3]'), ...Array(idle).fill('(idle)')].join(' '));
const sample = (tMs: number, mainThreadCpuPercent?: number): ProcessSample => ({ tMs, elu: 0.8, loopDelayP99Ms: null, heapUsedMb: 10, rssMb: 50, cpuPercent: 50, ...(mainThreadCpuPercent === undefined ? {} : { mainThreadCpuPercent }) });

describe('cpuPerSampledMs', () => {
  it("is the main thread's CPU over the busy time sampled in the same window", () => {
    const p = busy(800, 200);
    // Over 0..1000 ms the thread had 40% of a core: 400 ms of CPU for 800 sampled busy ms.
    expect(cpuPerSampledMs(p, [sample(0, 40), sample(500, 40), sample(1000, 40)])).toBeCloseTo(0.5, 6);
  });

  it('is never above 1, and none without the main thread\'s CPU or with too little busy time', () => {
    expect(cpuPerSampledMs(busy(800, 200), [sample(0, 100), sample(1000, 100)])).toBe(1);
    expect(cpuPerSampledMs(busy(800, 200), [sample(0), sample(1000)])).toBeNull();
    expect(cpuPerSampledMs(busy(10, 990), [sample(0, 1), sample(1000, 1)])).toBeNull();
  });

  it('turns a finding\'s ms per 1 000 requests into CPU ms; without the reading it stays the sampled ms', () => {
    const p = busy(800, 200);
    const scaled = buildVerdict(p, { requests: 100, samples: [sample(0, 40), sample(500, 40), sample(1000, 40)] }).findings[0];
    expect(scaled).toMatchObject({ function: 'price', msPer1kRequests: 4000 });
    expect(buildVerdict(p, { requests: 100, samples: [sample(0), sample(1000)] }).findings[0].msPer1kRequests).toBe(8000);
  });
});

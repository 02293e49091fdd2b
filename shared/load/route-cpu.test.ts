import { describe, expect, it } from 'vitest';
import { routeCpu } from './route-cpu.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import type { LoadSummary } from '../recording/load.ts';

const load = (requests: number) => ({ requests } as LoadSummary);

describe('routeCpu', () => {
  it('divides the busy time by the requests and names the heaviest function', () => {
    // 8 samples of 1 ms: 6 busy (stringify 3, handler 2, main 1), 2 idle.
    const profile = profileFromText(`
      main    main     main            main            main            main   (idle) (idle)
              handler  handler         handler         handler
                       JSON.stringify  JSON.stringify  JSON.stringify
    `);
    const r = routeCpu(profile, load(3));
    expect(r.cpuMsPerRequest).toBeCloseTo(2, 3); // 6 ms busy / 3 requests
    expect(r.topFunction?.name).toBe('JSON.stringify');
    expect(r.topFunction?.selfMs).toBe(3);
  });

  it('counts the thread\'s whole CPU from the OS when the recording read it, also beyond its sampled busy time', () => {
    // 6 samples of 10 ms: 60 ms busy, 2 idle.
    const profile = profileFromText('main main main main main main (idle) (idle)', { weightsMs: 10 });
    const cpu = (cpuMs: number) => ({ windowMs: 80, mainThread: { clock: 'threadCpuUsage' as const, cpuMs }, processCpuMs: 100, sampledMs: 80, sampledBusyMs: 60, samples: 8, askedIntervalUs: 1000, workers: [] });
    expect(routeCpu(profile, load(3), cpu(30)).cpuMsPerRequest).toBeCloseTo(10, 6);
    // Its native work between callbacks (sampled idle) serves the route too.
    expect(routeCpu(profile, load(3), cpu(90)).cpuMsPerRequest).toBeCloseTo(30, 6);
  });

  it('gives 0 ms per request and no function without requests or work', () => {
    expect(routeCpu(profileFromText('(idle) (idle)'), load(0))).toEqual({ cpuMsPerRequest: 0, topFunction: null });
  });
});

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

  it('gives 0 ms per request and no function without requests or work', () => {
    expect(routeCpu(profileFromText('(idle) (idle)'), load(0))).toEqual({ cpuMsPerRequest: 0, topFunction: null });
  });
});

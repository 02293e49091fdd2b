// The memory-growth check with what find what grows found (shared/memory/heap-growth.ts): added to the growth rule's
// sentence, said alone where the rule could not tell, and never against a rule that said memory did not grow.
import { describe, expect, it } from 'vitest';
import { buildVerdict } from './profile-verdict.ts';
import { profileFromText } from '../profile/test-support/text-profile.ts';
import type { Growing } from '../recording/growing.ts';
import type { ProcessSample } from '../recording/process-samples.ts';

const profile = profileFromText(Array.from({ length: 20 }, () => 'handle[feed.js:5]').join('\n'));

const growing: Growing = {
  seconds: 3, requests: 9000, pausedSec: { first: 0.3, second: 0.4 }, snapshotMb: { first: 10, second: 12 },
  kinds: [{ kind: 'Buffer', countDelta: 9000, bytesDelta: 150e6, path: ['sent (Array)', '[1]', 'Buffer'],
    holder: { name: 'sent', kind: 'Array', via: 'variable', owner: null, url: '/srv/feed.js', line: 5 } }],
  allocatedAlive: [], error: null,
};

/** 8 s of samples, with Flambé's readings after a full collection before, halfway through and after the burst. */
function samples(external: [number, number, number]): ProcessSample[] {
  const periodic = Array.from({ length: 33 }, (_, i) => ({
    tMs: 100 + i * 250, elu: 0.8, loopDelayP99Ms: 5, cpuPercent: 80, heapUsedMb: 10 + (i % 4), externalMb: external[0] + ((external[2] - external[0]) * i) / 32, rssMb: 100, gcCount: 3, majorGcCount: 0,
  }));
  const forced = (tMs: number, externalMb: number) => ({ tMs, elu: 1, loopDelayP99Ms: null, cpuPercent: 100, heapUsedMb: 10, externalMb, rssMb: 100, gcCount: 1, majorGcCount: 1, fullGcForced: true as const });
  return [forced(0, external[0]), ...periodic, forced(4150, external[1]), forced(8500, external[2])].sort((a, b) => a.tMs - b.tMs);
}

describe('the memory-growth check with find what grows', () => {
  it('adds what grows and what holds it to the growth rule\'s sentence', () => {
    const s = samples([5, 45, 85]);
    const v = buildVerdict(profile, { samples: s, growing });
    expect(v.load[0].id).toBe('memory-growth');
    expect(v.load[0].text).toMatch(/^Memory grows by 10 MiB\/s: external memory .* Between two heap snapshots 3 s apart under load, the process gained 9 000 Buffers \(\+143 MiB\) held by `sent` \(an Array\) in feed\.js:5\. The snapshots paused the process 0\.3 s and 0\.4 s; 9 000 requests were served under that load\.$/);
  });

  it('says it alone when the burst was too short to judge', () => {
    const v = buildVerdict(profile, { samples: [], growing });
    expect(v.load[0]).toEqual({ id: 'memory-growth', text: 'Between two heap snapshots 3 s apart under load, the process gained 9 000 Buffers (+143 MiB) held by `sent` (an Array) in feed.js:5. The snapshots paused the process 0.3 s and 0.4 s; 9 000 requests were served under that load.' });
  });

  it('never against a rule that said memory did not grow', () => {
    const s = samples([5, 5, 5]);
    const v = buildVerdict(profile, { samples: s, growing });
    expect(v.load.map((c) => c.id)).not.toContain('memory-growth');
  });
});

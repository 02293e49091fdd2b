// The profile of a time range: the samples that start in it, every view follows.
import { describe, expect, it } from 'vitest';
import { bottomUp } from './views/bottom-up.ts';
import { findFindings } from '../verdict/findings.ts';
import { formatTree, profileFromText } from './test-support/text-profile.ts';
import { buildFlameTree } from './views/flame.ts';
import { sampleTimesMs, timeBins, timeRange } from './time-range.ts';
import { applyTransforms } from './transforms.ts';

// 4 ms of handle, then 4 ms of spike (sync crypto), then 2 ms idle — each sample 1 ms.
const p = profileFromText(`
  main    main    main    main    main                                    main                                    main                                    main                                    (idle)  (idle)
  handle  handle  handle  handle  spike[s.js:3]                           spike[s.js:3]                           spike[s.js:3]                           spike[s.js:3]
                                  pbkdf2Sync[node:internal/crypto/pbkdf2]  pbkdf2Sync[node:internal/crypto/pbkdf2]  pbkdf2Sync[node:internal/crypto/pbkdf2]  pbkdf2Sync[node:internal/crypto/pbkdf2]
`);

describe('timeRange', () => {
  it('keeps the samples that start in [from, to)', () => {
    expect([...sampleTimesMs(p)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const r = timeRange(p, 4, 8);
    expect(r.durationMs).toBe(4);
    expect(formatTree(buildFlameTree(r))).toBe([
      '- (root) (total 4, self 0)',
      '  - main (total 4, self 0)',
      '    - spike (total 4, self 0)',
      '      - pbkdf2Sync (total 4, self 4)',
    ].join('\n'));
    expect(r.endTimeUs - r.startTimeUs).toBe(4000);
  });

  it('splits every sample exactly once when ranges tile the profile', () => {
    const parts = [timeRange(p, 0, 3.5), timeRange(p, 3.5, 7), timeRange(p, 7, 100)];
    expect(parts.map((x) => x.durationMs)).toEqual([4, 3, 3]);
    expect(parts.reduce((a, x) => a + x.durationMs, 0)).toBe(p.durationMs);
  });

  it('is a transform: tables and findings follow the range', () => {
    const early = applyTransforms(p, [{ type: 'time-range', fromMs: 0, toMs: 4 }]);
    expect(bottomUp(early)[0]).toMatchObject({ name: 'handle', selfMs: 4 });
    expect(findFindings(early).findings.map((f) => f.kind)).toEqual(['function']);
    const late = applyTransforms(p, [{ type: 'time-range', fromMs: 4, toMs: 10 }]);
    expect(findFindings(late).findings[0]).toMatchObject({ kind: 'crypto', function: 'spike', percent: (4 / 6) * 100 });
  });

  it('an empty range is an empty profile, not an error', () => {
    const none = timeRange(p, 50, 60);
    expect(none.durationMs).toBe(0);
    expect(bottomUp(none)).toEqual([]);
    expect(findFindings(none).findings).toEqual([]);
  });
});

describe('timeBins', () => {
  it('says how busy each slice of time was', () => {
    const idle = p.frames.map((f) => f.kind === 'idle');
    const user = p.frames.map((f) => f.url.startsWith('file:'));
    const bins = timeBins(p, 5, (f) => idle[f], (f) => user[f], () => false);
    expect(bins.map((b) => [b.fromMs, b.busyMs, b.userMs])).toEqual([[0, 2, 2], [2, 2, 2], [4, 2, 0], [6, 2, 0], [8, 0, 0]]);
  });
});

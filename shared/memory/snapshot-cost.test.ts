import { describe, expect, it } from 'vitest';
import { estimateSnapshot, LONG_PAUSE_SEC, secondsRange, snapshotCostSentence, snapshotEstimateSchema, tooLongSentence } from './snapshot-cost.ts';

describe('what a heap snapshot will cost, said before it is taken', () => {
  it('scales the pause with the heap and how busy the computer is, the memory with the heap', () => {
    const idle = estimateSnapshot(50, 120, 1);
    const busy = estimateSnapshot(50, 120, 9);
    expect(idle.pauseSec).toEqual({ low: 1, high: 6 });
    expect(busy.pauseSec.low).toBeCloseTo(9);
    expect(busy.pauseSec.high).toBeCloseTo(54);
    expect(busy.extraMb).toEqual({ low: 300, high: 850 });
    expect(snapshotEstimateSchema.parse(busy)).toEqual(busy);
    // The Memory card says it beside the pauses measured.
    expect(secondsRange(busy.pauseSec)).toBe('about 9–54 s');
    expect(secondsRange({ low: 0.1, high: 0.6 })).toBe('under 1 s');
  });

  it('says it in one sentence, for this computer or another one', () => {
    expect(snapshotCostSentence(estimateSnapshot(50, 120, 9))).toBe(
      'Each heap snapshot will pause this server (50 MiB of JS heap in use) for about 9–54 s on this computer as busy as it is now (9.0 processes per core), '
      + 'and needs about 300 MiB–850 MiB more memory while it is taken (it uses 120 MiB now). V8 cannot stop a snapshot once it has begun, not even if Flambé is stopped.');
    expect(snapshotCostSentence(estimateSnapshot(2, 60, null))).toContain('for under 1 s if its computer is idle (longer if it is busy: Flambé cannot see its load)');
    expect(snapshotCostSentence(estimateSnapshot(300, 400, 4))).toContain('for about 24 s to 2 min on this computer as busy');
    expect(snapshotCostSentence(estimateSnapshot(300, 400, 4))).toContain('1.8 GiB–5 GiB more memory');
  });

  it('is too long only when even its low end is over the limit', () => {
    expect(estimateSnapshot(LONG_PAUSE_SEC / 0.02 - 1, 100, 1).tooLong).toBe(false);
    const big = estimateSnapshot(400, 500, 9);
    expect(big.tooLong).toBe(true);
    expect(tooLongSentence(big, 'Add --long-pause-ok to take them anyway.')).toBe(
      'Find what grows was not started: each heap snapshot would pause this server for about 72 s to 7 min (400 MiB of JS heap in use), more than a minute, '
      + 'and need about 2.3 GiB–6.6 GiB more memory, and V8 cannot stop one once begun. Add --long-pause-ok to take them anyway.');
    // Another limit (--max-pause 2): a small heap on a busy computer is over it.
    const strict = estimateSnapshot(30, 90, 9, 2);
    expect(strict.tooLong).toBe(true);
    expect(tooLongSentence(strict, '')).toContain('for about 5–32 s (30 MiB of JS heap in use), more than the 2 s allowed (--max-pause)');
  });
});

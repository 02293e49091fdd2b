// Rounds until it knows: an experiment that adds pairs until the headline
// interval is narrow enough, or until its time budget ends — through the
// runner itself, with recordings whose numbers are known (seeded noise) and
// a clock that advances 5 s a round.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { experimentSpecSchema, type RecordingResult } from '../../../shared/api.ts';
import { startExperiment } from '../../../electron/services/experiment/runner.ts';
import { normalRandom, seededRandom } from '../../../shared/stats/index.ts';
import { makeRecording } from '../../helpers/profiles.ts';
import { noTargetsApi } from '../../helpers/no-targets.ts';

afterEach(() => vi.useRealTimers());

/** Runs a load-only experiment whose B serves `ratio` × A's requests/s, each round off by `noise` (log-normal sd). */
async function run(until: { withinPercent: number; budgetSec: number }, ratio: number, noise: number) {
  const normal = normalRandom(seededRandom(7));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T00:00:00Z'));
  const spec = experimentSpecSchema.parse({
    target: { kind: 'none' }, differ: { kind: 'url', a: 'http://127.0.0.1:1/a', b: 'http://127.0.0.1:1/b' },
    rounds: 2, load: { url: 'http://127.0.0.1:1/a', durationSec: 5 }, warmupSec: 0, profile: false, seed: 3, until,
  });
  const handle = startExperiment(spec, {
    api: noTargetsApi,
    record: (req) => {
      vi.setSystemTime(Date.now() + 5000);
      const rps = 1000 * (req.load.url.endsWith('/b') ? ratio : 1) * Math.exp(noise * normal());
      const base = makeRecording({ profile: null, samples: [] });
      const rec: RecordingResult = { ...base, load: { ...base.load!, rps, requests: Math.round(rps * 5), durationSec: 5 } };
      return { id: rec.id, finished: Promise.resolve(rec) };
    },
    onEvent: () => () => undefined,
    progress: () => undefined,
    save: () => true,
    watchMachine: () => ({ finish: () => null }),
  });
  return handle.done;
}

describe('an experiment that runs until it knows', () => {
  it('adds pairs until the interval of requests/s is within the target, and says how many it took', async () => {
    // ±4% a round. The width is said in points of A, as the verdict prints its ends ("12%–23% more" is ±5.2%), so
    // a 20% change's interval is 1.2× its log width: at ±5% a round 30 pairs ended at ±5.2%.
    const exp = await run({ withinPercent: 5, budgetSec: 600 }, 1.2, 0.04);
    expect(exp.until).toMatchObject({ ended: 'met', measure: 'requests/s' });
    expect(exp.until!.pairs).toBeGreaterThan(2);
    expect(exp.until!.halfWidthPercent).toBeLessThanOrEqual(5);
    expect(exp.rounds.length).toBe(2 * exp.until!.pairs);
    expect(exp.comparison!.verdict).toMatch(new RegExp(`It took ${exp.until!.pairs} pairs to know requests/s within ±5% \\(now ±\\d\\.\\d%\\)\\.$`));
  });

  it('ends when the budget does, and says it could not tell yet', async () => {
    // ±40% a round: ±5% would take far more pairs than 60 s (5 s a round) allow.
    const exp = await run({ withinPercent: 5, budgetSec: 60 }, 1, 0.4);
    expect(exp.until).toMatchObject({ ended: 'budget' });
    expect(exp.rounds.length).toBeLessThanOrEqual(12);
    expect(exp.comparison!.verdict).toMatch(/The 1-minute budget ended after \d+ pairs, before requests\/s was known within ±5% \(now ±\d+\.\d%\): run longer to know more\.$/);
  });
});

// Background work apart from request work, recorded for real: a feed whose
// route verifies a signature while an interval re-signs the prices with no
// request behind it, signing more CPU than the requests verify at a modest rate (as
// in the feed, whose verdict charged the signing per request). The interval is named as background with its period; the
// route's CPU per request and its function stay the same whatever the period,
// and so do the verdict's per-request figures: its crypto finding names the
// verification the requests run, never the signing, at the requests' own CPU.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../../shared/api.ts';
import { repo, waitFor } from '../../helpers/demo.ts';
import { importProfile } from '../../../shared/profile/index.ts';
import { buildVerdict, type Finding } from '../../../shared/verdict/index.ts';

const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-background-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

interface Recorded { rec: RecordingMeta; crypto: Finding | undefined; findings: Finding[] }

async function recordFeed(periodMs: number): Promise<Recorded> {
  const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/request-time/feed.cjs'), env: { PERIOD: String(periodMs), SIGNS: '40' } });
  try {
    const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 15_000, 'a listening port');
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
      targetId: t.targetId, warmupSec: 1, samplingIntervalUs: 1000, load: { url: new URL('/prices', base).href, connections: 2, durationSec: 3, rate: 40 },
    }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
    const rec = await service.api.getRecording({ id: recordingId });
    const profile = importProfile(await service.api.getProfile({ id: recordingId }));
    const { findings } = buildVerdict(profile, { requests: rec.load!.requests, load: rec.load, samples: rec.samples, requestTime: rec.requestTime ?? null });
    return { rec, findings, crypto: findings.find((f) => f.kind === 'crypto') };
  } finally {
    await service.api.stopTarget({ targetId: t.targetId });
  }
}

describe('background work', () => {
  it('names the interval apart from the route, whose figures do not move with its period', async () => {
    const often = await recordFeed(100);
    const seldom = await recordFeed(400);
    for (const [{ rec, crypto, findings }, period] of [[often, 100], [seldom, 400]] as const) {
      expect(rec.error).toBeNull();
      expect(rec.requestTime?.background?.functions[0]).toMatchObject({ function: 'signPrices', source: 'interval', everyMs: period, line: 11 });
      expect(rec.requestTime?.byRoute[0]).toMatchObject({ path: '/prices', topFunction: 'verifyLatest' });
      // The verdict's per-request figures are the requests' own: the signing is background, never charged per request.
      expect(findings.map((f) => f.function)).not.toContain('signPrices');
      expect(crypto?.function).toBe('verifyLatest');
      // No more CPU per 1 000 requests than the requests' own code ran (the wall time of its code, as the profile's
      // samples count it; the route's cpuMsPerRequest is thread CPU time, smaller on a busy machine).
      const ownWallMs = rec.requestTime!.byRoute[0].parts.find((x) => x.kind === 'cpu')!.msPerRequest;
      expect(crypto!.msPer1kRequests!).toBeLessThan(1000 * ownWallMs * 1.1);
    }
    // Four times as often: more background CPU (measured 19% and 4.1% quietly), and the same CPU per request.
    // Beside other work the interval's ticks are late and the route's CPU swells, so only a clear
    // direction is asked for, not the factor of four (a CI run beside e2e files fell short of 2×; at load 10, beside
    // a bursty CPU hog, 54% against 48%: V8 samples by the clock, so a callback descheduled mid-run gets the samples
    // of the time it waited for a core).
    expect(often.rec.requestTime!.background!.percent).toBeGreaterThan(seldom.rec.requestTime!.background!.percent * 1.1);
    const ratio = often.rec.requestTime!.byRoute[0].cpuMsPerRequest / seldom.rec.requestTime!.byRoute[0].cpuMsPerRequest;
    // Wall time in the route's own code: on this shared two-core machine a run can be descheduled twice as
    // long as the next (measured 2.4 and 4.3 ms); the signing, 5× the background, would move it far more.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // The crypto finding's CPU per 1 000 requests does not move with the timer's period either.
    const perK = often.crypto!.msPer1kRequests! / seldom.crypto!.msPer1kRequests!;
    expect(perK).toBeGreaterThan(0.4);
    expect(perK).toBeLessThan(2.5);
  }, 120_000);
});

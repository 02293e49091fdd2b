// Background work apart from request work, recorded for real: a feed whose
// route verifies a signature while an interval re-signs the prices with no
// request behind it. The interval is named as background with its period; the
// route's CPU per request and its function stay the same whatever the period.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent, type RecordingMeta } from '../../shared/api.ts';
import { repo, waitFor } from '../helpers/demo.ts';

const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-background-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

async function recordFeed(periodMs: number): Promise<RecordingMeta> {
  const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/request-time/feed.cjs'), env: { PERIOD: String(periodMs) } });
  try {
    const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 15_000, 'a listening port');
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
      targetId: t.targetId, warmupSec: 1, samplingIntervalUs: 1000, load: { url: new URL('/prices', base).href, connections: 2, durationSec: 2 },
    }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
    return await service.api.getRecording({ id: recordingId });
  } finally {
    await service.api.stopTarget({ targetId: t.targetId });
  }
}

describe('background work', () => {
  it('names the interval apart from the route, whose figures do not move with its period', async () => {
    const often = await recordFeed(100);
    const seldom = await recordFeed(400);
    for (const [rec, period] of [[often, 100], [seldom, 400]] as const) {
      expect(rec.error).toBeNull();
      expect(rec.requestTime?.background?.functions[0]).toMatchObject({ function: 'signPrices', source: 'interval', everyMs: period, line: 9 });
      expect(rec.requestTime?.byRoute[0]).toMatchObject({ path: '/prices', topFunction: 'verifyLatest' });
    }
    // Four times as often: more background CPU (measured 19% and 4.1% quietly), and the same CPU per request.
    // Beside other work the interval's ticks are late and the route's CPU swells, so only a clear
    // direction is asked for, not the factor of four (a CI run beside e2e files fell short of 2×).
    expect(often.requestTime!.background!.percent).toBeGreaterThan(seldom.requestTime!.background!.percent * 1.3);
    const ratio = often.requestTime!.byRoute[0].cpuMsPerRequest / seldom.requestTime!.byRoute[0].cpuMsPerRequest;
    // Wall time in the route's own code: on this shared two-core machine a run can be descheduled twice as
    // long as the next (measured 2.4 and 4.3 ms); the signing, 5× the background, would move it far more.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 120_000);
});

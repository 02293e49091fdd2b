// Issue 32, item 9: a target stopped from Flambé (Stop target) in the middle
// of a recording is said to be stopped, not to have exited by itself.
import { afterAll, describe, expect, it } from 'vitest';
import type { FlambeEvent } from '../../shared/api.ts';
import { createFlambeService } from '../../electron/services/service.ts';
import { demoScript, waitFor } from '../helpers/demo.ts';

describe('a target stopped mid-recording (item 9)', () => {
  const service = createFlambeService({ libraryPath: null });
  afterAll(() => service.dispose());

  it('the recording says it was stopped from Flambé', { timeout: 60_000 }, async () => {
    const events: FlambeEvent[] = [];
    service.onEvent((e) => events.push(e));
    const target = await service.api.launchTarget({ script: demoScript });
    const url = await waitFor(async () => (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0], 20_000, 'a port');
    const { recordingId } = await service.api.startRecording({ targetId: target.targetId, load: { url: new URL('/hello', url).href, durationSec: 6 }, warmupSec: 0 });
    // Live numbers of the burst: the profiler runs and requests are answered.
    await waitFor(() => events.find((e) => e.name === 'recordingProgress' && (e.payload as { rps?: number }).rps !== undefined), 30_000, 'the burst');
    await service.api.stopTarget({ targetId: target.targetId });
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && (e.payload as { recordingId: string }).recordingId === recordingId), 30_000, 'the end');
    const rec = await service.api.getRecording({ id: recordingId });
    expect(rec.error).toMatch(/^The target was stopped from Flambé \(Stop target\) before the recording ended/);
    expect(rec.error).not.toMatch(/exited/);
  });
});

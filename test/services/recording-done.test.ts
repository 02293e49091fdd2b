// The recordingDone event carries what getRecording would answer: the result
// screen shows the recording from the event, without a round trip.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlambeEvents, RecordingResult } from '../../shared/api.ts';
import { demoScript, waitFor } from '../helpers/demo.ts';
import { createFlambeService } from '../../electron/services/service.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'flambe-done-'));
const server = createServer((_q, s) => s.end('ok'));
afterAll(() => server.close());

describe('recordingDone', () => {
  it.each([['saved in a library', path.join(dir, 'lib.sqlite')], ['kept in memory', null]] as const)('carries the recording as getRecording answers it (%s)', async (_what, libraryPath) => {
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const service = createFlambeService({ libraryPath });
    try {
      const done = new Promise<FlambeEvents['recordingDone']>((resolve) => {
        service.onEvent((e) => { if (e.name === 'recordingDone') resolve(e.payload); });
      });
      await service.api.startRecording({ targetId: null, load: { url, requests: 30, connections: 1 }, warmupSec: 0, name: 'two words', tags: ['t'] });
      const payload = await done;
      expect(payload.saved).toBe(libraryPath !== null);
      expect(payload.recording.load?.requests).toBeGreaterThanOrEqual(30);
      // Through JSON, as the event crosses a transport.
      expect(JSON.parse(JSON.stringify(payload.recording))).toEqual(JSON.parse(JSON.stringify(await service.api.getRecording({ id: payload.recordingId }))));
    } finally {
      await service.dispose();
    }
  });
});

describe('the recording as kept, for an in-process caller (flambe record)', () => {
  it('is handed over with the profile it holds before recordingDone, the same profile the library stored', async () => {
    const service = createFlambeService({ libraryPath: path.join(dir, 'kept.sqlite') });
    const target = await service.api.launchTarget({ script: demoScript });
    try {
      const order: string[] = [];
      const kept: RecordingResult[] = [];
      service.onRecordingKept((r) => { order.push('kept'); kept.push(r); });
      const done = new Promise<FlambeEvents['recordingDone']>((resolve) => {
        service.onEvent((e) => { if (e.name === 'recordingDone') { order.push('done'); resolve(e.payload); } });
      });
      const base = await waitFor(async () => (await service.api.getTarget({ targetId: target.targetId })).suggestedUrls[0], 15_000, 'a listening port');
      await service.api.startRecording({ targetId: target.targetId, load: { url: new URL('/hello', base).href, requests: 50, connections: 1 }, warmupSec: 0, samplingIntervalUs: 5000 });
      const payload = await done;
      expect(order).toEqual(['kept', 'done']);
      expect(kept[0].id).toBe(payload.recordingId);
      expect(kept[0].profile).not.toBeNull();
      const stored = JSON.parse(Buffer.from(await service.api.getProfile({ id: payload.recordingId })).toString('utf8'));
      expect(JSON.parse(JSON.stringify(kept[0].profile))).toEqual(stored);
    } finally {
      await service.api.stopTarget({ targetId: target.targetId });
      await service.dispose();
    }
  }, 90_000);
});

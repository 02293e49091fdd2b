// The recordingDone event carries what getRecording would answer: the result
// screen shows the recording from the event, without a round trip.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FlambeEvents } from '../../shared/api.ts';
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

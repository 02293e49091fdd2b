// Integration: one measurement of the machine at a time. While an experiment
// runs (real processes, real load), a recording, a sweep, an overhead
// measurement or a second experiment is refused with one sentence — through
// service.api, as the CLI and the UI call it — and runningWork / workChanged
// tell a page reloaded mid-way what runs and, when it ends, what it produced.
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFlambeService } from '../../../electron/services/service.ts';
import type { FlambeEvent, FlambeEvents } from '../../../shared/api.ts';
import { waitFor } from '../../helpers/demo.ts';

const libraryPath = path.join(mkdtempSync(path.join(tmpdir(), 'flambe-work-')), 'library.sqlite');
const service = createFlambeService({ libraryPath });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
const plain = createServer((_req, res) => res.end('ok'));
afterAll(async () => {
  await service.dispose();
  plain.close();
});

const ended = (id: string) => events.find((e) => e.name === 'workChanged' && (e.payload as FlambeEvents['workChanged']).ended?.id === id)?.payload as FlambeEvents['workChanged'] | undefined;

describe('work that would disturb running work is refused', () => {
  it('refuses a recording, a sweep and a second experiment while an experiment runs, then lets them start', async () => {
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
    const load = { url, connections: 2, durationSec: 1 };

    const { experimentId } = await service.api.startExperiment({
      target: { kind: 'demo' }, differ: { kind: 'url', a: '/hello', b: '/json' }, rounds: 2, load: { url: '/', connections: 2, durationSec: 1 }, warmupSec: 0, seed: 1,
    });
    const work = await service.api.runningWork({});
    expect(work.map((w) => [w.kind, w.id])).toEqual([['experiment', experimentId]]);
    const during = /^The experiment “.+” is running: (a recording|a sweep|an experiment) now would share the machine with it and disturb what it measures\. Wait for it to finish, or stop it first\.$/;
    await expect(service.api.startRecording({ targetId: null, load })).rejects.toThrow(during);
    await expect(service.api.runSweep({ targetId: null, load, levels: [1, 2] })).rejects.toThrow(during);
    await expect(service.api.startExperiment({ target: { kind: 'demo' }, differ: { kind: 'url', a: '/hello', b: '/log' }, load: { url: '/' } })).rejects.toThrow(during);

    await service.api.stopExperiment({ id: experimentId });
    const end = await waitFor(() => ended(experimentId), 120_000, 'the experiment to end');
    expect(end.ended).toEqual({ kind: 'experiment', id: experimentId, resultId: experimentId });
    expect(end.running).toEqual([]);

    // Nothing runs now: a load-only recording starts, is listed, and names its recording when it ends.
    const { recordingId } = await service.api.startRecording({ targetId: null, load });
    expect((await service.api.runningWork({})).map((w) => [w.kind, w.label])).toEqual([['recording', 'GET /']]);
    await expect(service.api.startExperiment({ target: { kind: 'demo' }, differ: { kind: 'url', a: '/hello', b: '/log' }, load: { url: '/' } }))
      .rejects.toThrow(/^A recording \(GET \/\) is running: an experiment now would share the machine/);
    expect((await waitFor(() => ended(recordingId), 30_000, 'the recording to end')).ended?.resultId).toBe(recordingId);
  }, 180_000);
});

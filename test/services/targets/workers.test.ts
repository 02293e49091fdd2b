// Worker threads, recorded for real: a server that hashes in a pool of two
// workers. The recording keeps the main thread's profile and each worker's,
// where the hashing shows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlambeService } from '../../../electron/services/service.ts';
import { recordRequestSchema, type FlambeEvent } from '../../../shared/api.ts';
import { analyzeProfile, importProfile } from '../../../shared/profile/index.ts';
import { mergeThreads, threadsOf } from '../../../shared/profile/threads.ts';
import { repo, waitFor } from '../../helpers/demo.ts';

// A library of the test's own: the recording is saved, and its export must keep every thread.
const service = createFlambeService({ libraryPath: path.join(mkdtempSync(path.join(tmpdir(), 'flambe-workers-')), 'library.sqlite') });
const events: FlambeEvent[] = [];
service.onEvent((e) => events.push(e));
afterAll(() => service.dispose());

describe('worker threads', () => {
  it('profiles the main thread and every worker of a hashing pool', async () => {
    const t = await service.api.launchTarget({ script: path.join(repo, 'test/fixtures/worker-pool/server.cjs') });
    const base = await waitFor(async () => (await service.api.getTarget({ targetId: t.targetId })).suggestedUrls[0], 15_000, 'a listening port');
    const { recordingId } = await service.api.startRecording(recordRequestSchema.parse({
      targetId: t.targetId, warmupSec: 0, samplingIntervalUs: 500, load: { url: base, connections: 4, durationSec: 2 },
    }));
    await waitFor(() => events.find((e) => e.name === 'recordingDone' && e.payload.recordingId === recordingId), 60_000, 'recordingDone');
    await service.api.stopTarget({ targetId: t.targetId });
    const rec = await service.api.getRecording({ id: recordingId });
    expect(rec.error).toBeNull();
    // The stored bytes (getProfile) carry every worker's profile (flambeThreads).
    const threads = threadsOf(JSON.parse(new TextDecoder().decode(await service.api.getProfile({ id: recordingId }))));
    expect(threads.map((x) => x.name)).toEqual(['main thread', expect.stringMatching(/^worker \d+ \(hash-worker\.cjs\)$/), expect.stringMatching(/^worker \d+ \(hash-worker\.cjs\)$/)]);
    const profiles = threads.map((x) => ({ name: x.name, profile: importProfile(x.raw) }));
    const names = (i: number) => analyzeProfile(profiles[i].profile).functions.map((f) => f.name);
    expect(names(1)).toContain('hashRounds');
    expect(names(2)).toContain('hashRounds');
    expect(names(0)).not.toContain('hashRounds'); // the main thread only hands out work
    // Saved in the library and exported as .cpuprofile: every thread is still there.
    await waitFor(async () => (await service.api.listRecordings({})).rows.some((r) => r.id === recordingId), 10_000, 'the saved recording');
    const exported = await service.api.exportRecording({ id: recordingId, format: 'cpuprofile' });
    expect(threadsOf(JSON.parse(exported.content)).map((x) => x.name)).toEqual(threads.map((x) => x.name));
    const merged = mergeThreads(profiles);
    expect(merged.durationMs).toBeCloseTo(profiles.reduce((s, p) => s + p.profile.durationMs, 0), 6);
  });
});
